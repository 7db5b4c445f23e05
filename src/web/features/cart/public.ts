// The cart feature's public surface: what other features may use (lint: noRestrictedImports).
export { AddToCartButton } from "./add-to-cart-button.tsx";

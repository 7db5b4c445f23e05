// The cart feature's public surface: what other features may use (lint: noRestrictedImports).
export { AddToCartButton } from "./add-to-cart-button.tsx";
export { showAccountCart } from "./cart-api.ts";

import { lazy, Suspense } from "react";
import { useAuthToken } from "#web/shell/use-auth-token.ts";

const CartSync = lazy(() => import("./cart-sync.tsx").then((m) => ({ default: m.CartSync })));

/**
 * Rendered beside the router (beside-router.tsx, loaded once the first page is drawn) and kept
 * tiny: while a customer is signed in it mounts the cart's live sync (loaded on demand), which keeps the badge and the cart page on
 * the account's cart and merges a visitor's local cart at sign-in.
 */
export function CartHost() {
  const token = useAuthToken();
  return token ? (
    <Suspense fallback={null}>
      <CartSync />
    </Suspense>
  ) : null;
}

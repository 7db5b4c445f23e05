import { AuthRoot } from "#web/features/auth/auth-root.tsx";
import type { Navigate } from "#web/features/auth/login-requests.ts";
import { CartHost } from "#web/features/cart/cart-host.tsx";
import { LocationRoot } from "#web/features/location/location-root.tsx";

/**
 * The features that live beside the router on every page: accounts (session listener, welcome
 * toast, login popup), the cart's sync and location detection (detection, picker, the "Service not
 * available" popup). main.tsx loads them once the first page is drawn (decision 041); login and
 * location requests made before then wait in their mailboxes (login-requests.ts,
 * location-requests.ts, which the start-up bundle listens with).
 */
export function BesideRouter({ navigate }: { navigate: Navigate }) {
  return (
    <>
      <AuthRoot navigate={navigate} />
      <CartHost />
      <LocationRoot />
    </>
  );
}

import { AuthHost } from "#web/features/auth/auth-host.tsx";
import type { Navigate } from "#web/features/auth/login-requests.ts";
import { CartHost } from "#web/features/cart/cart-host.tsx";
import { LocationHost } from "#web/features/location/location-host.tsx";

/**
 * The features that live beside the router on every page: accounts (session listener, welcome
 * toast, login popup), the cart's sync and location detection. main.tsx loads them once the first
 * page is drawn (decision 041); login and location requests made before then wait in their queues
 * (login-requests.ts, location-requests.ts).
 */
export function BesideRouter({ navigate }: { navigate: Navigate }) {
  return (
    <>
      <AuthHost navigate={navigate} />
      <CartHost />
      <LocationHost />
    </>
  );
}

import { AuthRoot } from "#web/features/auth/auth-root.tsx";
import type { Navigate } from "#web/features/auth/login-requests.ts";
import type { PageChanges } from "#web/features/auth/page-toasts.ts";
import { CartHost } from "#web/features/cart/cart-host.tsx";
import { LanguageRoot } from "#web/features/language/language-root.tsx";
import { LocationRoot } from "#web/features/location/location-root.tsx";

/**
 * The features that live beside the router on every page: accounts (session listener, welcome
 * toast, login popup; toasts go when the page changes, hence the router), the cart's sync and location detection (detection, picker, the "Service not
 * available" popup). main.tsx loads them once the first page is drawn (decision 041); login and
 * location requests made before then wait in their mailboxes (login-requests.ts,
 * location-requests.ts, which the start-up bundle listens with).
 */
export function BesideRouter({ navigate, router }: { navigate: Navigate; router: PageChanges }) {
  return (
    <>
      <AuthRoot navigate={navigate} pages={router} />
      <CartHost />
      <LocationRoot />
      <LanguageRoot />
    </>
  );
}

import { lazy, Suspense } from "react";
import type { Navigate } from "./login-requests.ts";

/**
 * The part of the accounts feature beside the router (beside-router.tsx, loaded once the first
 * page is drawn; decisions 006 and 041), kept tiny: it mounts the rest (session listener, welcome
 * toast, login popup) lazily. Login
 * requests made before that rest has loaded wait in `loginRequests` (login-requests.ts).
 */
const AuthRoot = lazy(() => import("./auth-root.tsx").then((m) => ({ default: m.AuthRoot })));

/** Rendered beside the router: the accounts feature, loaded while the splash shows. */
export function AuthHost({ navigate }: { navigate: Navigate }) {
  return (
    <Suspense fallback={null}>
      <AuthRoot navigate={navigate} />
    </Suspense>
  );
}

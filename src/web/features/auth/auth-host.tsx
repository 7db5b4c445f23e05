import { lazy, Suspense } from "react";
import { OPEN_LOGIN_EVENT, type OpenLoginDetail } from "#web/shell/login-request.ts";

/**
 * The part of the accounts feature that sits in the start-up bundle, kept tiny (decision 006):
 * it remembers a login request made before the rest of the feature has loaded, and mounts that
 * rest (session listener, welcome toast, login popup) lazily beside the router.
 */

export type Navigate = (to: string) => Promise<void> | void;

type LoginRequestHandler = (detail: OpenLoginDetail) => void;

let handler: LoginRequestHandler | undefined;
let waiting: OpenLoginDetail | undefined;

function onOpenLogin(event: Event): void {
  const detail = (event as CustomEvent<OpenLoginDetail | undefined>).detail ?? { source: "unknown" };
  if (handler) handler(detail);
  else waiting = detail;
}

/** Starts listening for `mates:open-login` at once (main.tsx), so no early request is lost. */
export function listenForLoginRequests(): void {
  window.addEventListener(OPEN_LOGIN_EVENT, onOpenLogin);
}

/** The loaded feature takes the requests over; one that came before is handed over at once. */
export function handleLoginRequests(next: LoginRequestHandler): () => void {
  handler = next;
  if (waiting) {
    const detail = waiting;
    waiting = undefined;
    next(detail);
  }
  return () => {
    if (handler === next) handler = undefined;
  };
}

const AuthRoot = lazy(() => import("#web/features/auth/auth-root.tsx").then((m) => ({ default: m.AuthRoot })));

/** Rendered beside the router: the accounts feature, loaded while the splash shows. */
export function AuthHost({ navigate }: { navigate: Navigate }) {
  return (
    <Suspense fallback={null}>
      <AuthRoot navigate={navigate} />
    </Suspense>
  );
}

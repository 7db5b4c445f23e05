import { lazy, Suspense, useEffect, useState } from "react";
import { Toaster } from "sonner";
import { LoadingState } from "#web/shell/loading-state.tsx";
import type { OpenLoginDetail } from "#web/shell/login-request.ts";
import { whenSplashGone } from "#web/shell/splash.ts";
import { readAuthToken, useAuthToken } from "#web/shell/use-auth-token.ts";
import { loginRequests, type Navigate } from "./login-requests.ts";
import { openLogin, useLoginState } from "./login-store.ts";
import { refreshSession } from "./session-query.ts";
import { noticeToken, startSessionMirror } from "./session-sync.ts";
import { takeRedirectAfterLogin } from "./sign-in-flow.ts";

/**
 * The accounts feature in the browser (loaded beside the router while the splash shows): the
 * session listener (spec §4), the welcome toast's place, and the login popup, whose code loads
 * when it first opens (prefetch.ts fetches it early).
 */
const LoginDialog = lazy(() => import("./login-dialog.tsx").then((m) => ({ default: m.LoginDialog })));

/** The first answer of the server about this browser's session; asked once per page load. */
let firstCheck: Promise<unknown> | undefined;

/** A session check when the tab comes back into view, at most this often. */
const RECHECK_ON_VISIBLE_MS = 60_000;

function useSessionListener(): void {
  useEffect(() => {
    const stop = startSessionMirror();
    firstCheck ??= refreshSession();
    return stop;
  }, []);

  // Spec §2: re-read every second and on storage events; another tab's sign-in or sign-out.
  const token = useAuthToken();
  useEffect(() => {
    noticeToken(token);
  }, [token]);

  // A session can also end on the server (expiry, a password reset elsewhere).
  useEffect(() => {
    let last = Date.now();
    const onVisible = () => {
      if (document.visibilityState !== "visible" || Date.now() - last < RECHECK_ON_VISIBLE_MS) return;
      last = Date.now();
      void refreshSession();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
}

/**
 * `mates:open-login` opens the popup. A guarded path (spec §2: /profile and the booking paths)
 * asks too; it waits for the server's first answer: someone already signed in goes on to the
 * saved path instead.
 */
function useLoginRequests(navigate: Navigate): void {
  useEffect(
    () =>
      loginRequests.take((detail: OpenLoginDetail) => {
        void (async () => {
          if (detail.source === "guard") {
            await firstCheck;
            if (readAuthToken()) {
              await navigate(takeRedirectAfterLogin());
              return;
            }
          }
          await whenSplashGone();
          openLogin(detail.view);
        })();
      }),
    [navigate],
  );
}

function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/50">
      <LoadingState className="rounded-2xl bg-white px-8" />
    </div>
  );
}

export function AuthRoot({ navigate }: { navigate: Navigate }) {
  useSessionListener();
  useLoginRequests(navigate);
  const { open } = useLoginState();
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);

  return (
    <>
      <Toaster position="top-center" theme="light" toastOptions={{ className: "text-base" }} />
      {used ? (
        <Suspense fallback={open ? <DialogLoading /> : null}>
          <LoginDialog navigate={navigate} />
        </Suspense>
      ) : null}
    </>
  );
}

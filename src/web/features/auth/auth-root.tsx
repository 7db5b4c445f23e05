import { lazy, Suspense, useEffect, useState } from "react";
import { Toaster } from "sonner";
import { appQueryClient } from "#web/lib/query-client.ts";
import { LoadingState } from "#web/shell/loading-state.tsx";
import type { OpenLoginDetail } from "#web/shell/login-request.ts";
import { whenSplashGone } from "#web/shell/splash.ts";
import { readAuthToken, useAuthToken } from "#web/shell/use-auth-token.ts";
import { loginRequests, type Navigate } from "./login-requests.ts";
import { openLogin, useLoginState } from "./login-store.ts";
import { dismissToastsOnPageChange, type PageChanges } from "./page-toasts.ts";
import { refreshSession } from "./session-query.ts";
import { noticeToken, startSessionMirror } from "./session-sync.ts";
import { takeRedirectAfterLogin } from "./sign-in-flow.ts";

/**
 * The accounts feature in the browser (loaded beside the router while the splash shows): the
 * session listener (spec §4), the welcome toast's place, and the login popup, whose code loads
 * when it first opens (prefetch-chunks.ts fetches it early).
 */
const LoginDialog = lazy(() => import("./login-dialog.tsx").then((m) => ({ default: m.LoginDialog })));

/** The first answer of the server about this browser's session; asked once per page load. */
let firstCheck: Promise<unknown> | undefined;

/** A session check when the tab comes back into view, at most this often. */
const RECHECK_ON_VISIBLE_MS = 60_000;

function useSessionListener(): void {
  useEffect(() => {
    const stop = startSessionMirror();
    // A page that has read the session already (/profile, /mate and /ops, before this feature
    // loaded) has the first answer, and the mirror has just taken it: it is not asked for twice.
    firstCheck ??= refreshSession({ reuseFresh: true });
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

  useBackForwardRestore();
}

/**
 * A page restored from the back/forward cache shows what it showed when it was left, and the person
 * may have signed out or in meanwhile (decision 028). The session and everything on screen are asked
 * for again. A signed-in person's page is hidden as it is put away and shown again only once those
 * answers are in and drawn, so no private data from before is ever seen again: after a sign-out
 * elsewhere, the page comes back as a visitor's. A visitor's page holds nothing private and shows at
 * once.
 */
function useBackForwardRestore(): void {
  useEffect(() => {
    const root = document.getElementById("root");
    let hidden = false;
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted || !root || !readAuthToken()) return;
      root.style.visibility = "hidden";
      hidden = true;
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const asked = Promise.allSettled([refreshSession(), appQueryClient.invalidateQueries()]);
      if (!hidden || !root) return;
      void asked.then(afterNextRender).then(() => {
        root.style.visibility = "";
        hidden = false;
      });
    };
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, []);
}

/** Resolves after React has drawn what the last state changes scheduled (a frame, then a task). */
function afterNextRender(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
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

export function AuthRoot({ navigate, pages }: { navigate: Navigate; pages: PageChanges }) {
  useSessionListener();
  useEffect(() => dismissToastsOnPageChange(pages), [pages]);
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

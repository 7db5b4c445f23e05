import { GOOGLE_SIGN_IN, googleSignInMessageSchema } from "#domain/auth.ts";
import { fetchMe, startGoogleSignIn } from "./auth-api.ts";

/**
 * Google sign-in in a window of its own (spec §7 "Sign in with a Google popup"). The window runs
 * the whole authorization-code flow (server → Google → server callback) and ends on the static
 * google-done.html, which reports to this page and closes.
 */

/**
 * How the Google window ended. A failure carries Google's or our reason code (domain/auth.ts
 * googleErrorMessage's codes), or the server's own message when the start was refused.
 */
export type GoogleOutcome =
  | { kind: "signed-in" }
  | { kind: "cancelled" }
  | { kind: "failed"; code: string | null; message?: string };

/**
 * Opens the (empty) window. Call it synchronously in the click handler, before anything is
 * awaited: browsers only allow windows opened in direct answer to a click. Null when blocked.
 */
export function openGoogleWindow(text: { title: string; opening: string }): Window | null {
  const width = 500;
  const height = 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const popup = window.open("", GOOGLE_SIGN_IN.windowName, `width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) return null;
  try {
    // Still about:blank and ours: say what is happening while the server answers.
    popup.document.title = text.title;
    popup.document.body.style.font = "16px system-ui, sans-serif";
    popup.document.body.style.padding = "24px";
    popup.document.body.textContent = text.opening;
  } catch {
    // A window of that name left on Google's page from an earlier try: it is simply reused.
  }
  popup.focus();
  return popup;
}

type Report = { ok: boolean; error?: string | null | undefined };

function readReport(data: unknown): Report | undefined {
  const parsed = googleSignInMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The window's report; "closed" when the person closed it first. */
function waitForReport(popup: Window, signal: AbortSignal): Promise<Report | "closed"> {
  return new Promise((resolve) => {
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(GOOGLE_SIGN_IN.channel) : undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const finish = (result: Report | "closed") => {
      window.removeEventListener("message", onMessage);
      channel?.close();
      clearInterval(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const report = readReport(event.data);
      if (report) finish(report);
    };
    const onAbort = () => finish("closed");
    window.addEventListener("message", onMessage);
    channel?.addEventListener("message", (event) => {
      const report = readReport(event.data);
      if (report) finish(report);
    });
    signal.addEventListener("abort", onAbort);
    timer = setInterval(() => {
      if (popup.closed) {
        finish("closed");
        return;
      }
      try {
        // Back on our origin but on the auth server's own error page (e.g. an expired state):
        // nothing will report from there, so read the error here.
        const { origin, pathname, search } = popup.location;
        if (origin === window.location.origin && pathname === "/api/auth/error") {
          finish({ ok: false, error: new URLSearchParams(search).get("error") });
        }
      } catch {
        // On Google's origin: not readable, and nothing to do but wait.
      }
    }, 400);
  });
}

/** Runs the flow in a window from openGoogleWindow(). `signal` aborts it (the Cancel button). */
export async function signInWithGoogleWindow(popup: Window, signal: AbortSignal): Promise<GoogleOutcome> {
  let url: string;
  try {
    url = await startGoogleSignIn();
  } catch (error) {
    popup.close();
    return error instanceof Error && error.message
      ? { kind: "failed", code: null, message: error.message }
      : { kind: "failed", code: null };
  }
  if (signal.aborted || popup.closed) return { kind: "cancelled" };
  popup.location.href = url;

  const report = await waitForReport(popup, signal);
  if (!popup.closed) popup.close();
  if (report === "closed") {
    // The report may have been lost (a browser that cuts the window off from its opener): the
    // session cookie says whether the flow finished.
    const me = await fetchMe().catch(() => null);
    return me ? { kind: "signed-in" } : { kind: "cancelled" };
  }
  if (report.ok) return { kind: "signed-in" };
  return { kind: "failed", code: report.error ?? null };
}

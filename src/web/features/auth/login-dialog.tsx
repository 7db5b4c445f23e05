import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "#web/lib/error-message.ts";
import { LoadingState } from "#web/shell/loading-state.tsx";
import type { LoginView as View } from "#web/shell/login-request.ts";
import { ForgotPasswordView } from "./forgot-password-view.tsx";
import { openGoogleWindow, signInWithGoogleWindow } from "./google-popup.ts";
import type { Navigate } from "./login-requests.ts";
import { closeLogin, loginOpenedFrom, showLoginView, useLoginState } from "./login-store.ts";
import { LoginView } from "./login-view.tsx";
import { finishSignIn } from "./sign-in-flow.ts";
import { SignupView } from "./signup-view.tsx";
import { googleReason, useAuthT } from "./use-auth-t.ts";
import type { AuthKey } from "./validation.ts";
import type { RunOptions, ViewProps } from "./view-props.ts";

/**
 * Spec §2 login popup: three views, a close button and a click on the overlay close it; while a
 * request runs the close button is disabled and a spinner shows "Processing...". A Radix dialog:
 * focus moves in, stays in, and goes back where it was; Escape closes. Issue 41 adds the mobile
 * number step, opened from the login and sign-up views in their place, its code loaded on first use.
 */
const PhoneSignIn = lazy(() => import("./phone-sign-in.tsx").then((m) => ({ default: m.PhoneSignIn })));

const copy: Record<View, { title: AuthKey; description: AuthKey }> = {
  login: { title: "loginTitle", description: "loginDescription" },
  "forgot-password": { title: "resetTitle", description: "resetDescription" },
  signup: { title: "signupTitle", description: "signupDescription" },
};
const phoneCopy = { title: "phoneTitle", description: "phoneDescription" } as const;

type Busy = { hint?: string | undefined; cancel?: (() => void) | undefined };

function ProcessingOverlay({ busy }: { busy: Busy }) {
  const { t } = useAuthT();
  return (
    <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-white/95 p-6 text-center">
      <span
        className="size-9 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      <p className="text-lg font-semibold text-slate-900" aria-hidden="true">
        {t("processing")}
      </p>
      {busy.hint ? <p className="max-w-xs text-sm text-slate-700">{busy.hint}</p> : null}
      {busy.cancel ? (
        <button
          type="button"
          onClick={busy.cancel}
          className="rounded-xl border border-slate-300 px-5 py-2.5 font-semibold text-slate-900 hover:border-brand-700"
        >
          {t("cancel")}
        </button>
      ) : null}
    </div>
  );
}

/** The views, with the e-mail they share; a new opening starts empty (keyed by the opening). */
function LoginDialogBody({
  view,
  busy,
  run,
  navigate,
  phone,
  setPhone,
}: {
  view: View;
  busy: boolean;
  run: ViewProps["run"];
  navigate: Navigate;
  /** The mobile number step shows in place of the view. */
  phone: boolean;
  setPhone: (shown: boolean) => void;
}) {
  const { t } = useAuthT();
  const [email, setEmail] = useState("");

  const finish: ViewProps["finish"] = (signup) =>
    finishSignIn(navigate, signup ? ({ uid }) => ({ email: email.trim(), uid, name: signup.name }) : undefined);

  const startGoogle = () => {
    if (busy) return;
    // Opened before anything is awaited, or the browser blocks it.
    const popup = openGoogleWindow({ title: t("googleWindowTitle"), opening: t("googleWindowOpening") });
    if (!popup) {
      window.alert(t("googleFailed", { message: t(googleReason("popup_blocked")) }));
      return;
    }
    run(
      async (signal) => {
        const outcome = await signInWithGoogleWindow(popup, signal);
        if (outcome.kind === "cancelled") return;
        if (outcome.kind === "failed") {
          window.alert(t("googleFailed", { message: outcome.message ?? t(googleReason(outcome.code)) }));
          return;
        }
        try {
          await finishSignIn(navigate);
        } catch (error) {
          window.alert(t("googleFailed", { message: errorMessage(error) }));
        }
      },
      { hint: t("googleHint"), cancellable: true },
    );
  };

  if (phone) {
    return (
      <Suspense fallback={<LoadingState />}>
        <PhoneSignIn busy={busy} run={run} navigate={navigate} back={() => setPhone(false)} />
      </Suspense>
    );
  }
  const startPhone = () => setPhone(true);
  const props: ViewProps = { busy, run, showView: showLoginView, email, setEmail, startGoogle, startPhone, finish };
  if (view === "forgot-password") return <ForgotPasswordView {...props} />;
  if (view === "signup") return <SignupView {...props} />;
  return <LoginView {...props} />;
}

export function LoginDialog({ navigate }: { navigate: Navigate }) {
  const { open, view, opening } = useLoginState();
  const [busy, setBusy] = useState<Busy | null>(null);
  // The mobile number step belongs to the opening and view it was started from: a new one leaves it.
  const [phoneFrom, setPhoneFrom] = useState<{ opening: number; view: View } | null>(null);
  const phone = phoneFrom?.opening === opening && phoneFrom.view === view;
  const setPhone = useCallback((shown: boolean) => setPhoneFrom(shown ? { opening, view } : null), [opening, view]);
  const busyRef = useRef(false);
  const scrollRef = useRef<HTMLDivElement>(null);

  const run = useCallback((task: (signal: AbortSignal) => Promise<void>, options: RunOptions = {}) => {
    if (busyRef.current) return;
    busyRef.current = true;
    const controller = new AbortController();
    setBusy({ hint: options.hint, cancel: options.cancellable ? () => controller.abort() : undefined });
    void task(controller.signal).finally(() => {
      busyRef.current = false;
      setBusy(null);
    });
  }, []);

  // Each view starts at its first field.
  const focusFirstField = useCallback(() => {
    scrollRef.current?.querySelector("input")?.focus();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view brings a new first field to focus
  useEffect(() => {
    if (open) focusFirstField();
  }, [open, view, phone, focusFirstField]);

  const { t } = useAuthT();
  const text = phone ? phoneCopy : copy[view];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busyRef.current) closeLogin();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          aria-busy={busy ? true : undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            focusFirstField();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (loginOpenedFrom() ?? document.getElementById("main"))?.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (busyRef.current) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (busyRef.current) event.preventDefault();
          }}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-xl"
        >
          <div ref={scrollRef} className="overflow-y-auto p-6">
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-xl font-bold text-slate-900">{t(text.title)}</Dialog.Title>
              <Dialog.Close
                aria-label={t("close")}
                disabled={busy !== null}
                className="-m-2 grid size-10 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{t(text.description)}</Dialog.Description>
            <div className="mt-5">
              <LoginDialogBody
                key={opening}
                view={view}
                busy={busy !== null}
                run={run}
                navigate={navigate}
                phone={phone}
                setPhone={setPhone}
              />
            </div>
          </div>
          <p role="status" className="sr-only">
            {busy ? t("processing") : ""}
          </p>
          {busy ? <ProcessingOverlay busy={busy} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

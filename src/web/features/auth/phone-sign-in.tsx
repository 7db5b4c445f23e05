import { type FormEvent, useEffect, useRef, useState } from "react";
import type { PhoneUser } from "#domain/phone-sign-in.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { TextField } from "#web/shell/form-fields.tsx";
import { updateMe } from "./auth-api.ts";
import type { Navigate } from "./login-requests.ts";
import { phoneMessages } from "./phone/phone-messages.ts";
import { type PhoneRun, PhoneVerification } from "./phone-verification.tsx";
import { refreshSession, sessionKeys } from "./session-query.ts";
import { finishSignIn } from "./sign-in-flow.ts";
import { useAuthT } from "./use-auth-t.ts";
import { fullNameError } from "./validation.ts";
import { linkButtonClass, submitClass } from "./view-props.ts";

/**
 * The login popup's mobile number step (issue 41), loaded when "Continue with mobile number" is
 * first pressed: the number and its code (phone-verification.tsx); a person with no name yet (a
 * new number makes an account without one) is asked once "What should we call you?"; then the
 * popup closes and the app goes on exactly as after an e-mail login (sign-in-flow.ts).
 */
export function PhoneSignIn({
  busy,
  run,
  navigate,
  back,
}: {
  busy: boolean;
  run: PhoneRun;
  navigate: Navigate;
  /** Back to the view the step was opened from. */
  back: () => void;
}) {
  const t = useT(phoneMessages);
  const [askName, setAskName] = useState(false);
  // Signed in on the server but not yet here (the popup closed at the name step): the person is
  // still signed in, as the session listener then learns from the server.
  const signedInOnServer = useRef(false);
  useEffect(
    () => () => {
      if (signedInOnServer.current && !appQueryClient.getQueryData(sessionKeys.me)) void refreshSession();
    },
    [],
  );

  const onVerified = async (user: PhoneUser) => {
    signedInOnServer.current = true;
    if (user.name.trim() === "") setAskName(true);
    else await finishSignIn(navigate);
  };

  if (askName) {
    return (
      <NameForm
        busy={busy}
        run={run}
        onSaved={(name) =>
          // Spec §3: a sign-up keeps email, uid and name in userInfo (email is "" for a number's account).
          finishSignIn(navigate, (user) => ({ email: user.email, uid: user.uid, name }))
        }
      />
    );
  }

  return (
    <div className="space-y-5">
      <PhoneVerification busy={busy} run={run} onVerified={onVerified} />
      <p className="text-center text-sm">
        <button type="button" className={linkButtonClass} onClick={() => !busy && back()}>
          {t("otherWays")}
        </button>
      </p>
    </div>
  );
}

/** "What should we call you?": the full name, checked as sign-up checks it, saved with PATCH /api/me. */
function NameForm({ busy, run, onSaved }: { busy: boolean; run: PhoneRun; onSaved: (name: string) => Promise<void> }) {
  const t = useT(phoneMessages);
  const { fieldError } = useAuthT();
  const [name, setName] = useState("");
  const [error, setError] = useState<ReturnType<typeof fullNameError>>();
  const [alert, setAlert] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector("input")?.focus();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = fullNameError(name);
    setError(found);
    if (found) {
      formRef.current?.querySelector("input")?.focus();
      return;
    }
    run(async () => {
      setAlert(null);
      let saved: string;
      try {
        saved = (await updateMe({ fullName: name.trim() })).user.fullName;
      } catch (failure) {
        setAlert(t("nameNotSaved", { message: errorMessage(failure) }));
        return;
      }
      try {
        await onSaved(saved);
      } catch (failure) {
        setAlert(errorMessage(failure));
      }
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t("nameQuestion")}
        name="name"
        autoComplete="name"
        required
        value={name}
        onValueChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        error={fieldError(error)}
        hint={t("nameHint")}
      />
      {alert ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {alert}
        </p>
      ) : null}
      <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
        {t("saveName")}
      </button>
    </form>
  );
}

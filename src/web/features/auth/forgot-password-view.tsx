import type { FormEvent } from "react";
import { MESSAGES } from "#domain/constants.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { TextField } from "#web/shell/form-fields.tsx";
import { requestPasswordReset } from "./auth-api.ts";
import { linkButtonClass, submitClass, type ViewProps } from "./view-props.ts";

/**
 * Spec §2 forgot-password view: e-mail, Send Reset Email, Back to Login. Spec §5, §8: an empty
 * e-mail alerts; a sent mail alerts, returns to login and clears the e-mail field.
 */
export function ForgotPasswordView({ busy, run, showView, email, setEmail }: ViewProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === "") {
      window.alert(MESSAGES.enterEmail);
      return;
    }
    run(async () => {
      try {
        await requestPasswordReset(email.trim());
        window.alert(MESSAGES.resetSent);
        setEmail("");
        showView("login");
      } catch (error) {
        window.alert(MESSAGES.resetFailed(errorMessage(error)));
      }
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Forgot Password" className="space-y-4">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        hint="We will mail a link to choose a new password. It works for one hour."
      />
      <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
        Send Reset Email
      </button>
      <p className="text-center text-sm">
        <button type="button" className={linkButtonClass} onClick={() => showView("login")}>
          Back to Login
        </button>
      </p>
    </form>
  );
}

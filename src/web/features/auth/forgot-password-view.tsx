import type { FormEvent } from "react";
import { errorMessage } from "#web/lib/error-message.ts";
import { TextField } from "#web/shell/form-fields.tsx";
import { requestPasswordReset } from "./auth-api.ts";
import { useAuthT } from "./use-auth-t.ts";
import { linkButtonClass, submitClass, type ViewProps } from "./view-props.ts";

/**
 * Spec §2 forgot-password view: e-mail, Send Reset Email, Back to Login. Spec §5, §8: an empty
 * e-mail alerts; a sent mail alerts, returns to login and clears the e-mail field.
 */
export function ForgotPasswordView({ busy, run, showView, email, setEmail }: ViewProps) {
  const { t } = useAuthT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === "") {
      window.alert(t("enterEmail"));
      return;
    }
    run(async () => {
      try {
        await requestPasswordReset(email.trim());
        window.alert(t("resetSent"));
        setEmail("");
        showView("login");
      } catch (error) {
        window.alert(t("resetFailed", { message: errorMessage(error) }));
      }
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t("forgotPassword")} className="space-y-4">
      <TextField
        label={t("email")}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        hint={t("resetHint")}
      />
      <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
        {t("sendReset")}
      </button>
      <p className="text-center text-sm">
        <button type="button" className={linkButtonClass} onClick={() => showView("login")}>
          {t("backToLogin")}
        </button>
      </p>
    </form>
  );
}

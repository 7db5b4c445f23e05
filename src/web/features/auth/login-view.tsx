import { type FormEvent, useRef, useState } from "react";
import { errorMessage } from "#web/lib/error-message.ts";
import { focusFirstInvalid, PasswordField, TextField } from "#web/shell/form-fields.tsx";
import { hasErrors, useFieldErrors } from "#web/shell/use-field-errors.ts";
import { signInWithEmail } from "./auth-api.ts";
import { GoogleButton } from "./google-button.tsx";
import { MobileButton } from "./mobile-button.tsx";
import { useAuthT } from "./use-auth-t.ts";
import { loginErrors } from "./validation.ts";
import { linkButtonClass, submitClass, type ViewProps } from "./view-props.ts";

/** Spec §2 login view: e-mail, password, Forgot Password, Google sign-in, Create account. */
export function LoginView({ busy, run, showView, email, setEmail, startGoogle, startPhone, finish }: ViewProps) {
  const { t, fieldError } = useAuthT();
  const [password, setPassword] = useState("");
  const { errors, setErrors, onChange } = useFieldErrors<"email" | "password">();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = loginErrors({ email, password });
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    run(async () => {
      try {
        await signInWithEmail({ email: email.trim(), password });
        await finish();
      } catch (error) {
        window.alert(t("loginFailed", { message: errorMessage(error) }));
      }
    });
  };

  return (
    <div className="space-y-5">
      <form ref={formRef} noValidate onSubmit={submit} aria-label={t("login")} className="space-y-4">
        <TextField
          label={t("email")}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onValueChange={onChange("email", setEmail)}
          error={fieldError(errors.email)}
        />
        <div>
          <PasswordField
            label={t("password")}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onValueChange={onChange("password", setPassword)}
            error={fieldError(errors.password)}
          />
          <p className="mt-2 text-right text-sm">
            <button type="button" className={linkButtonClass} onClick={() => showView("forgot-password")}>
              {t("forgotPassword")}
            </button>
          </p>
        </div>
        <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
          {t("login")}
        </button>
      </form>
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t("or")}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <div className="space-y-3">
        <GoogleButton label={t("signInGoogle")} busy={busy} onStart={startGoogle} />
        <MobileButton busy={busy} onStart={startPhone} />
      </div>
      <p className="text-center text-sm text-slate-700">
        {t("newToMates")}{" "}
        <button type="button" className={linkButtonClass} onClick={() => showView("signup")}>
          {t("createAccount")}
        </button>
      </p>
    </div>
  );
}

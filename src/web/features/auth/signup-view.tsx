import { type FormEvent, useRef, useState } from "react";
import { errorMessage } from "#web/lib/error-message.ts";
import { focusFirstInvalid, PasswordField, TextField } from "#web/shell/form-fields.tsx";
import { hasErrors, useFieldErrors } from "#web/shell/use-field-errors.ts";
import { signUpWithEmail } from "./auth-api.ts";
import { GoogleButton } from "./google-button.tsx";
import { MobileButton } from "./mobile-button.tsx";
import { useAuthT } from "./use-auth-t.ts";
import { FIELD_LIMITS, type SignupField, signupErrors } from "./validation.ts";
import { linkButtonClass, submitClass, type ViewProps } from "./view-props.ts";

/**
 * Spec §2 signup view: Full Name, Mobile Number, Email (of e-mail type), Password with Show/Hide,
 * Submit, Google sign-up, Login. Spec §5: all four fields are required.
 */
export function SignupView({ busy, run, showView, email, setEmail, startGoogle, startPhone, finish }: ViewProps) {
  const { t, fieldError } = useAuthT();
  const [fullName, setFullName] = useState("");
  const [mobile, setMobile] = useState("");
  const [password, setPassword] = useState("");
  const { errors, setErrors, onChange } = useFieldErrors<SignupField>();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = signupErrors({ fullName, mobile, email, password });
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    run(async () => {
      try {
        const name = fullName.trim();
        await signUpWithEmail({ name, email: email.trim(), password, mobile: mobile.trim() });
        await finish({ name });
      } catch (error) {
        window.alert(t("signupFailed", { message: errorMessage(error) }));
      }
    });
  };

  return (
    <div className="space-y-5">
      <form ref={formRef} noValidate onSubmit={submit} aria-label={t("createAccount")} className="space-y-4">
        <TextField
          label={t("fullName")}
          name="name"
          autoComplete="name"
          required
          value={fullName}
          onValueChange={onChange("fullName", setFullName)}
          error={fieldError(errors.fullName)}
        />
        <TextField
          label={t("mobileNumber")}
          type="tel"
          name="mobile"
          autoComplete="tel-national"
          inputMode="tel"
          required
          value={mobile}
          onValueChange={onChange("mobile", setMobile)}
          error={fieldError(errors.mobile)}
          hint={t("mobileHint")}
        />
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
        <PasswordField
          label={t("password")}
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={onChange("password", setPassword)}
          error={fieldError(errors.password)}
          hint={t("passwordHint", FIELD_LIMITS)}
        />
        <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
          {t("submit")}
        </button>
      </form>
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t("or")}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <div className="space-y-3">
        <GoogleButton label={t("signUpGoogle")} busy={busy} onStart={startGoogle} />
        <MobileButton busy={busy} onStart={startPhone} />
      </div>
      <p className="text-center text-sm text-slate-700">
        {t("haveAccount")}{" "}
        <button type="button" className={linkButtonClass} onClick={() => showView("login")}>
          {t("login")}
        </button>
      </p>
    </div>
  );
}

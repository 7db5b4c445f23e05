import { type FormEvent, useRef, useState } from "react";
import { MESSAGES } from "#domain/constants.ts";
import { PASSWORD_MIN } from "#domain/user.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { focusFirstInvalid, PasswordField, TextField } from "#web/shell/form-fields.tsx";
import { hasErrors, useFieldErrors } from "#web/shell/use-field-errors.ts";
import { signUpWithEmail } from "./auth-api.ts";
import { GoogleButton } from "./google-button.tsx";
import { type SignupField, signupErrors } from "./validation.ts";
import { linkButtonClass, submitClass, type ViewProps } from "./view-props.ts";

/**
 * Spec §2 signup view: Full Name, Mobile Number, Email (of e-mail type), Password with Show/Hide,
 * Submit, Google sign-up, Login. Spec §5: all four fields are required.
 */
export function SignupView({ busy, run, showView, email, setEmail, startGoogle, finish }: ViewProps) {
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
        window.alert(MESSAGES.signupFailed(errorMessage(error)));
      }
    });
  };

  return (
    <div className="space-y-5">
      <form ref={formRef} noValidate onSubmit={submit} aria-label="Create account" className="space-y-4">
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          value={fullName}
          onValueChange={onChange("fullName", setFullName)}
          error={errors.fullName}
        />
        <TextField
          label="Mobile Number"
          type="tel"
          name="mobile"
          autoComplete="tel-national"
          inputMode="tel"
          required
          value={mobile}
          onValueChange={onChange("mobile", setMobile)}
          error={errors.mobile}
          hint="10 digits, like 98200 12345"
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onValueChange={onChange("email", setEmail)}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="new-password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={onChange("password", setPassword)}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN} characters`}
        />
        <button type="submit" aria-disabled={busy || undefined} className={submitClass}>
          Submit
        </button>
      </form>
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <GoogleButton label="Sign up with Google" busy={busy} onStart={startGoogle} />
      <p className="text-center text-sm text-slate-700">
        Already have an account?{" "}
        <button type="button" className={linkButtonClass} onClick={() => showView("login")}>
          Login
        </button>
      </p>
    </div>
  );
}

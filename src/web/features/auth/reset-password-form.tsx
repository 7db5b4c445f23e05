import { useMutation } from "@tanstack/react-query";
import { CircleCheck, TriangleAlert } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { INVITATION } from "#domain/auth.ts";
import { isApiError } from "#web/lib/api-client.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { focusFirstInvalid, PasswordField, TextField } from "#web/shell/form-fields.tsx";
import { requestLogin } from "#web/shell/login-request.ts";
import { hasErrors, useFieldErrors } from "#web/shell/use-field-errors.ts";
import { acceptInvitation, resetPassword } from "./auth-api.ts";
import { refreshSession } from "./session-query.ts";
import { useAuthT } from "./use-auth-t.ts";
import { FIELD_LIMITS, fullNameError, type KeyErrors, newPasswordError } from "./validation.ts";
import { submitClass } from "./view-props.ts";

type Field = "name" | "password" | "confirm";
type Stage = "form" | "done" | "invalid";

const actionClass =
  "inline-flex items-center justify-center rounded-xl bg-brand-800 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-900";

/** The end of a stage (done, invalid link): its heading takes focus, so it is read out. */
function Outcome({ tone, title, children }: { tone: "good" | "bad"; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Icon = tone === "good" ? CircleCheck : TriangleAlert;
  return (
    <div
      className={`rounded-2xl border p-6 ${tone === "good" ? "border-brand-200 bg-brand-50" : "border-amber-300 bg-amber-50"}`}
    >
      <Icon className={`size-8 ${tone === "good" ? "text-brand-700" : "text-amber-700"}`} aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-xl font-bold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-2 space-y-4 text-slate-800">{children}</div>
    </div>
  );
}

/**
 * /reset-password?token=…, from the reset mail: a new password, typed twice. An unknown, used or
 * expired link says so and offers a new one (the popup's forgot-password view, which also serves an
 * invited mate whose invitation ran out). `invitation`: the first password of an invited mate or
 * operator, who also gives the name the app greets them by (issue 36).
 */
export function ResetPasswordForm({ token, invitation = false }: { token: string | null; invitation?: boolean }) {
  const { t, fieldError } = useAuthT();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { errors, setErrors, onChange } = useFieldErrors<Field>();
  const [stage, setStage] = useState<Stage>(token ? "form" : "invalid");
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useMutation(
    {
      mutationFn: ({ name: given, ...input }: { token: string; newPassword: string; name: string }) =>
        invitation ? acceptInvitation({ ...input, name: given }) : resetPassword(input),
      onSuccess: () => {
        setStage("done");
        // The server ends every session of the account: this browser's may be one of them.
        void refreshSession();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === "invalid_token") setStage("invalid");
      },
    },
    appQueryClient,
  );

  if (stage === "invalid") {
    return (
      <Outcome tone="bad" title={t(invitation ? "invalidInvitationTitle" : "invalidResetTitle")}>
        <p>{invitation ? t("invalidInvitationText", { days: INVITATION.days }) : t("invalidResetText")}</p>
        <button type="button" className={actionClass} onClick={() => requestLogin("reset-password", "forgot-password")}>
          {t("requestNewLink")}
        </button>
      </Outcome>
    );
  }
  if (stage === "done") {
    return (
      <Outcome tone="good" title={t(invitation ? "passwordSetTitle" : "passwordChangedTitle")}>
        <p>{t(invitation ? "passwordSetText" : "passwordChangedText")}</p>
        <button type="button" className={actionClass} onClick={() => requestLogin("reset-password")}>
          {t("login")}
        </button>
      </Outcome>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || !token) return;
    const found: KeyErrors<Field> = {};
    const nameError = invitation ? fullNameError(name) : undefined;
    if (nameError) found.name = nameError;
    const passwordError = newPasswordError(password);
    if (passwordError) found.password = passwordError;
    else if (confirm !== password) found.confirm = "passwordsDiffer";
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate({ token, newPassword: password, name });
  };

  const failure = reset.error && !(isApiError(reset.error) && reset.error.code === "invalid_token");
  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t("newPasswordForm")} className="max-w-md space-y-4">
      {invitation ? (
        <TextField
          label={t("yourName")}
          name="name"
          autoComplete="name"
          required
          value={name}
          onValueChange={onChange("name", setName)}
          error={fieldError(errors.name)}
          hint={t("yourNameHint")}
        />
      ) : null}
      <PasswordField
        label={t("newPassword")}
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          setErrors({});
        }}
        error={fieldError(errors.password)}
        hint={t("passwordHint", FIELD_LIMITS)}
      />
      <PasswordField
        label={t("confirmPassword")}
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        onValueChange={onChange("confirm", setConfirm)}
        error={fieldError(errors.confirm)}
      />
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {t("notChanged", { message: errorMessage(reset.error) })}
        </p>
      ) : null}
      <button type="submit" aria-disabled={reset.isPending || undefined} className={submitClass}>
        {reset.isPending ? (
          <span role="status" className="flex items-center gap-2">
            <span
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              aria-hidden="true"
            />
            {t("processing")}
          </span>
        ) : (
          t(invitation ? "setPassword" : "setNewPassword")
        )}
      </button>
    </form>
  );
}

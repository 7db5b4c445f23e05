import { type FormEvent, useRef, useState } from "react";
import { type UserRecord, updateMeSchema } from "#domain/user.ts";
import { fullNameError, useAuthT } from "#web/features/auth/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { focusFirstInvalid, TextField } from "#web/shell/form-fields.tsx";
import { type FieldErrors, useFieldErrors } from "#web/shell/use-field-errors.ts";
import { profileMessages } from "./profile-messages.ts";

type Field = "fullName" | "mobile";
export type AccountChanges = { fullName?: string; mobile?: string };

/**
 * Edit of full name and mobile (PATCH /api/me), checked with the server's own schema
 * (domain/user.ts updateMeSchema) before anything is sent. Only changed fields are sent.
 */
export function AccountDetailsForm({
  user,
  save,
  saving,
}: {
  user: UserRecord;
  save: (changes: AccountChanges) => Promise<{ user: UserRecord }>;
  saving: boolean;
}) {
  const t = useT(profileMessages);
  const { fieldError } = useAuthT();
  const [fullName, setFullName] = useState(user.fullName);
  const [mobile, setMobile] = useState(user.mobile ?? "");
  const { errors, setErrors, onChange } = useFieldErrors<Field>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const changes: AccountChanges = {};
    if (fullName.trim() !== user.fullName) changes.fullName = fullName;
    if (mobile.trim() !== (user.mobile ?? "") && !(mobile.trim() === "" && user.mobile === null))
      changes.mobile = mobile;
    if (Object.keys(changes).length === 0) {
      setErrors({});
      setOutcome({ ok: true, text: t("nothingToSave") });
      return;
    }
    const checked = updateMeSchema.safeParse(changes);
    if (!checked.success) {
      const found: FieldErrors<Field> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        // The server's rules (domain/user.ts), said in the auth catalog's words.
        if (field === "fullName" && !found.fullName) found.fullName = fullNameError(fullName) ?? "nameEmpty";
        if (field === "mobile" && !found.mobile) found.mobile = "mobileInvalid";
      }
      setErrors(found);
      setOutcome(null);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    try {
      const saved = await save(checked.data);
      // The server keeps a normalised mobile (98200 12345 → 9820012345): show what it kept.
      setFullName(saved.user.fullName);
      setMobile(saved.user.mobile ?? "");
      setOutcome({ ok: true, text: t("detailsSaved") });
    } catch (error) {
      setOutcome({ ok: false, text: t("detailsNotSaved", { message: errorMessage(error, t("tryAgain")) }) });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t("accountDetails")} className="space-y-4">
      <TextField
        label={t("fullName")}
        name="name"
        autoComplete="name"
        required
        value={fullName}
        onValueChange={onChange("fullName", (value) => {
          setFullName(value);
          setOutcome(null);
        })}
        error={fieldError(errors.fullName)}
      />
      <TextField
        label={t("mobileNumber")}
        type="tel"
        name="mobile"
        autoComplete="tel-national"
        inputMode="tel"
        value={mobile}
        onValueChange={onChange("mobile", (value) => {
          setMobile(value);
          setOutcome(null);
        })}
        error={fieldError(errors.mobile)}
        hint={t("mobileHint")}
      />
      <p
        role="status"
        className={outcome ? `text-sm font-medium ${outcome.ok ? "text-brand-800" : "text-red-700"}` : "sr-only"}
      >
        {outcome?.text ?? ""}
      </p>
      <button
        type="submit"
        aria-disabled={saving || undefined}
        className="flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-brand-800 px-5 font-semibold text-white shadow-sm hover:bg-brand-900 aria-disabled:cursor-wait"
      >
        {saving ? (
          <>
            <span
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              aria-hidden="true"
            />
            {t("processing")}
          </>
        ) : (
          t("saveChanges")
        )}
      </button>
    </form>
  );
}

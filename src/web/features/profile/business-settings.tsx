import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { focusFirstInvalid } from "#web/shell/form-fields.tsx";
import { useFieldErrors } from "#web/shell/use-field-errors.ts";
import { useBusiness, useSaveBusiness } from "./business-api.ts";
import { type BusinessDraft, type BusinessField, BusinessFields, checkBusiness } from "./business-fields.tsx";
import { profileMessages } from "./profile-messages.ts";

/**
 * The profile's business for GST invoices (issue 36): a GSTIN and legal name kept for later
 * bookings, offered at each booking's payment step and printed on the tax invoice.
 */
export function BusinessSettings() {
  const t = useT(profileMessages);
  const id = useId();
  const business = useBusiness();
  const save = useSaveBusiness();
  const [draft, setDraft] = useState<BusinessDraft>({ gstin: "", legalName: "" });
  const { errors, setErrors, onChange } = useFieldErrors<BusinessField>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const kept = business.data?.business ?? null;
  useEffect(() => {
    if (kept) setDraft({ gstin: kept.gstin, legalName: kept.legalName });
  }, [kept]);

  const change = (field: BusinessField) =>
    onChange(field, (value) => {
      setDraft((now) => ({ ...now, [field]: value }));
      setOutcome(null);
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || business.isPending) return;
    const checked = checkBusiness(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      setOutcome(null);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(checked.business);
      if (answer.business) setDraft({ gstin: answer.business.gstin, legalName: answer.business.legalName });
      setOutcome({ ok: true, text: t("businessSaved") });
    } catch (error) {
      setOutcome({
        ok: false,
        text: t("businessNotSaved", { message: errorMessage(error, t("tryAgain")) }),
      });
    }
  };

  const remove = async () => {
    try {
      await save.mutateAsync(null);
      setDraft({ gstin: "", legalName: "" });
      setErrors({});
      setOutcome({ ok: true, text: t("businessRemoved") });
    } catch (error) {
      setOutcome({
        ok: false,
        text: t("businessNotRemoved", { message: errorMessage(error, t("tryAgain")) }),
      });
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-950">
        {t("businessTitle")}
      </h2>
      <p className="mt-1 text-slate-700">{t("businessLead")}</p>
      {business.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t("businessLoadFailed", { message: business.error.message })}
        </p>
      ) : (
        <form ref={formRef} noValidate onSubmit={submit} aria-label={t("businessForm")} className="mt-4 space-y-4">
          <BusinessFields draft={draft} errors={errors} onChange={change} />
          <p
            role="status"
            className={outcome ? `text-sm font-medium ${outcome.ok ? "text-brand-800" : "text-red-700"}` : "sr-only"}
          >
            {outcome?.text ?? ""}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              aria-disabled={save.isPending || business.isPending || undefined}
              className="h-11 rounded-xl bg-brand-800 px-5 font-semibold text-white shadow-sm hover:bg-brand-900 aria-disabled:cursor-wait"
            >
              {t("saveBusiness")}
            </button>
            {kept ? (
              <button
                type="button"
                onClick={() => void remove()}
                disabled={save.isPending}
                className="h-11 rounded-xl border border-slate-300 px-5 font-semibold text-slate-900 hover:border-brand-700"
              >
                {t("remove")}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}

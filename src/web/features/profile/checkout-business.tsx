import { useId, useState } from "react";
import type { Business } from "#domain/gstin.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { type FieldErrors, useFieldErrors } from "#web/shell/use-field-errors.ts";
import { useBusiness } from "./business-api.ts";
import { type BusinessDraft, type BusinessField, BusinessFields, checkBusiness } from "./business-fields.tsx";
import { profileMessages } from "./profile-messages.ts";

/**
 * The booking's business for its tax invoice (issue 36): offered at the payment step, prefilled and
 * ticked from the profile's business, changeable for this booking alone.
 */
export function useCheckoutBusiness() {
  const profile = useBusiness();
  const kept = profile.data?.business ?? null;
  // Until the person touches them, the box and the fields follow the profile.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const [typed, setTyped] = useState<BusinessDraft | null>(null);
  const { errors, setErrors, onChange } = useFieldErrors<BusinessField>();
  const forBusiness = ticked ?? kept !== null;
  const draft = typed ?? { gstin: kept?.gstin ?? "", legalName: kept?.legalName ?? "" };
  return {
    forBusiness,
    setForBusiness: (on: boolean) => {
      setTicked(on);
      setErrors({});
    },
    draft,
    errors,
    change: (field: BusinessField) => onChange(field, (value) => setTyped({ ...draft, [field]: value })),
    /** The business to book for, undefined for none, or false when a field is wrong (its error is shown). */
    check: (): Business | undefined | false => {
      if (!forBusiness) return undefined;
      const checked = checkBusiness(draft);
      if (checked.errors) {
        setErrors(checked.errors);
        return false;
      }
      return checked.business;
    },
  };
}

export type CheckoutBusinessState = ReturnType<typeof useCheckoutBusiness>;

export function CheckoutBusiness({ state }: { state: CheckoutBusinessState }) {
  const t = useT(profileMessages);
  const id = useId();
  const errors: FieldErrors<BusinessField> = state.errors;
  return (
    <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-lg font-bold text-slate-900">{t("taxInvoice")}</legend>
      <label htmlFor={`${id}-business`} className="flex items-start gap-3">
        <input
          id={`${id}-business`}
          type="checkbox"
          checked={state.forBusiness}
          onChange={(event) => state.setForBusiness(event.target.checked)}
          className="mt-1 size-4 accent-brand-800"
        />
        <span>
          <span className="block font-medium text-slate-900">{t("invoiceBusiness")}</span>
          <span className="block text-sm text-slate-600">{t("invoiceBusinessHint")}</span>
        </span>
      </label>
      {state.forBusiness ? <BusinessFields draft={state.draft} errors={errors} onChange={state.change} /> : null}
    </fieldset>
  );
}

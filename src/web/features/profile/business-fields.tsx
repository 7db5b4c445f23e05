import { type Business, businessSchema } from "#domain/gstin.ts";
import { TextField } from "#web/shell/form-fields.tsx";
import type { FieldErrors } from "#web/shell/use-field-errors.ts";

export type BusinessField = "gstin" | "legalName";
export type BusinessDraft = Record<BusinessField, string>;

/** Checks a business as typed with the server's own schema: the business, or what is wrong with each field. */
export function checkBusiness(
  draft: BusinessDraft,
): { business: Business; errors?: undefined } | { business?: undefined; errors: FieldErrors<BusinessField> } {
  const checked = businessSchema.safeParse(draft);
  if (checked.success) return { business: checked.data };
  const errors: FieldErrors<BusinessField> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === "gstin" || field === "legalName") && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** The two fields of a business on a tax invoice: its GSTIN and its legal name. */
export function BusinessFields({
  draft,
  errors,
  onChange,
}: {
  draft: BusinessDraft;
  errors: FieldErrors<BusinessField>;
  onChange: (field: BusinessField) => (value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="GSTIN"
        name="gstin"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        value={draft.gstin}
        onValueChange={onChange("gstin")}
        error={errors.gstin}
        hint="15 characters, like 27AABCM1234F1ZX"
      />
      <TextField
        label="Business's legal name"
        name="business-name"
        autoComplete="organization"
        value={draft.legalName}
        onValueChange={onChange("legalName")}
        error={errors.legalName}
        hint="As registered for GST"
      />
    </div>
  );
}

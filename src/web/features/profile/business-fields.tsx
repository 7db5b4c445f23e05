import { type Business, businessSchema } from "#domain/gstin.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { TextField } from "#web/shell/form-fields.tsx";
import type { FieldErrors } from "#web/shell/use-field-errors.ts";
import type { messages } from "./messages/en-IN.ts";
import { profileMessages } from "./profile-messages.ts";

export type BusinessField = "gstin" | "legalName";
export type BusinessDraft = Record<BusinessField, string>;

type ProfileKey = keyof typeof messages;

/** The server's words for what is wrong with a business (domain/gstin.ts), as message ids. */
const ISSUES: Record<string, ProfileKey> = {
  "Enter the business's GSTIN.": "gstinEmpty",
  "A GSTIN has 15 characters, like 27AABCM1234F1ZX.": "gstinLength",
  "A GSTIN is 2 digits of state code, the 10-character PAN, a digit or letter, Z and a check character, like 27AABCM1234F1ZX.":
    "gstinLayout",
  "This GSTIN's last character does not match the rest: please check it for a typing mistake.": "gstinCheck",
  "Enter the business's legal name.": "legalNameEmpty",
  "Enter the business's legal name, as registered for GST.": "legalNameEmpty",
  "A business's name can be at most 120 characters.": "legalNameLong",
  "A name may not contain NUL characters.": "nameNul",
};

/** A field error of checkBusiness in the active language; one the catalog does not know stays as the server said it. */
export function useBusinessErrorText() {
  const t = useT(profileMessages);
  return (issue: string | undefined) => {
    if (!issue) return undefined;
    const key = ISSUES[issue];
    if (key) return t(key);
    const state = /^A GSTIN starts with a state code; (\S+) is not one\.$/.exec(issue);
    return state ? t("gstinState", { code: state[1] }) : issue;
  };
}

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
  const t = useT(profileMessages);
  const errorText = useBusinessErrorText();
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
        error={errorText(errors.gstin)}
        hint={t("gstinHint")}
      />
      <TextField
        label={t("legalName")}
        name="business-name"
        autoComplete="organization"
        value={draft.legalName}
        onValueChange={onChange("legalName")}
        error={errorText(errors.legalName)}
        hint={t("legalNameHint")}
      />
    </div>
  );
}

import { useT } from "#web/i18n/use-t.tsx";
import { authMessages } from "./auth-messages.ts";
import { type AuthKey, FIELD_LIMITS } from "./validation.ts";

/** Why Google did not sign the person in, by the reason code (domain/auth.ts googleErrorMessage). */
const GOOGLE_REASONS: Record<string, AuthKey> = {
  access_denied: "googleCancelled",
  popup_blocked: "googlePopupBlocked",
  account_not_linked: "googleNotLinked",
  email_not_found: "googleNoEmail",
  not_configured: "googleNotConfigured",
};

export const googleReason = (code: string | null | undefined): AuthKey => GOOGLE_REASONS[code ?? ""] ?? "googleOther";

/** The auth catalog's translate function, and the text of a field error held as a message id. */
export function useAuthT() {
  const t = useT(authMessages);
  const fieldError = (key: string | undefined) => (key ? t(key as AuthKey, FIELD_LIMITS) : undefined);
  return { t, fieldError };
}

import { languageSchema } from "#domain/i18n/language-api.ts";
import { DEFAULT_LOCALE, type Locale } from "#domain/i18n/locales.ts";
import { activeLocale, languageChosenOnDevice } from "#web/i18n/i18n.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { changeLanguage } from "#web/shell/language/change-language.ts";

/** Keeps the language in the signed-in person's account, for their mails and pushes. */
export function saveLanguageToAccount(locale: Locale): Promise<unknown> {
  return apiSend("PUT", "/api/me/language", { locale }, languageSchema);
}

/**
 * When someone is signed in, the device and the account agree on a language: a choice made on this
 * device goes to the account; a device with no choice of its own takes the account's (someone who
 * chose Marathi on their phone finds it on the laptop they sign in on).
 */
export async function agreeWithAccount(): Promise<void> {
  if (languageChosenOnDevice()) {
    await saveLanguageToAccount(activeLocale());
    return;
  }
  const { locale } = await apiGet("/api/me/language", languageSchema);
  if (locale !== DEFAULT_LOCALE) await changeLanguage(locale);
}

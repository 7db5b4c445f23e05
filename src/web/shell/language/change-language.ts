import type { Locale } from "#domain/i18n/locales.ts";
import { loadDefinedAreas } from "#web/i18n/area.ts";
import { activateLocale, rememberLocale } from "#web/i18n/i18n.ts";

/**
 * Switches the app's language: every area on the page loads its catalog first, so the page redraws
 * once, wholly in the new language, and kept on the device. The account hears of it from
 * LanguageRoot, which watches the device's choice (the API client stays out of start-up code).
 */
export async function changeLanguage(locale: Locale): Promise<void> {
  await loadDefinedAreas(locale);
  activateLocale(locale);
  rememberLocale(locale);
}

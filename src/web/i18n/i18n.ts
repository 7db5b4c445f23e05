import { setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, formatLocale, isLocale, LANGUAGE_STORAGE_KEY, type Locale } from "#domain/i18n/locales.ts";
import { readStorage, writeStorage } from "#web/shell/local-storage.ts";

/**
 * The one Lingui instance of the customer's and the mate's app (decision 068). Catalogs are
 * compiled at build time (vite-messages.ts) and loaded per area and language on demand
 * (./area.ts); `<html lang>` follows the active language.
 */
export const i18n = setupI18n();

/**
 * English, always: the operators' console and the tax invoice are English whatever the device's
 * language (issue 40); their frames give this instance to the components inside them, which then
 * read the same catalogs' English (./area.ts loads every English catalog into it too).
 */
export const englishI18n = setupI18n({ locale: DEFAULT_LOCALE, locales: [formatLocale(DEFAULT_LOCALE)] });

/** The language chosen on this device, or English. */
export function deviceLocale(): Locale {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** True once someone has chosen a language on this device (the first-visit offer then stays away). */
export const languageChosenOnDevice = () => isLocale(readStorage(LANGUAGE_STORAGE_KEY));

export function activateLocale(locale: Locale): void {
  i18n.activate(locale, [formatLocale(locale)]);
  document.documentElement.lang = locale;
}

export function rememberLocale(locale: Locale): void {
  writeStorage(LANGUAGE_STORAGE_KEY, locale);
}

export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

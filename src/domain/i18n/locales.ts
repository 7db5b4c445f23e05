/**
 * The languages Mates speaks to customers and mates (issue 40, decision 068): English (India), the
 * default, Hindi and Marathi. The operators' console and tax invoices stay in English.
 */
export const LOCALES = ["en-IN", "hi-IN", "mr-IN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE = "en-IN" satisfies Locale;
/** The languages with translations (English is every catalog's source). */
export type TranslatedLocale = Exclude<Locale, typeof DEFAULT_LOCALE>;

/** Each language named in its own script, as the language control lists them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  "en-IN": "English",
  "hi-IN": "हिन्दी",
  "mr-IN": "मराठी",
};

/** The BCP 47 language subtag for `<html lang>` and `lang` attributes. */
export const languageOf = (locale: Locale) => locale.slice(0, 2);

/** Ours, not the spec's: the language chosen on this device. */
export const LANGUAGE_STORAGE_KEY = "matesLanguage";
/** Ours: set once the first-visit offer to switch language has been answered or dismissed. */
export const LANGUAGE_OFFER_STORAGE_KEY = "matesLanguageOffered";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a browser's preferences ask for, of ours, or null: "hi", "hi-IN", "mr" and the like
 * match by their language subtag, in the order the browser lists them; English (any region) or a
 * language we do not speak first means nothing to offer.
 */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const language = tag.toLowerCase().split("-")[0];
    const match = LOCALES.find((locale) => languageOf(locale) === language);
    if (match) return match;
  }
  return null;
}

/**
 * The tag handed to `Intl` for numbers and dates: the language with Latin digits. Marathi's
 * default numbering system in `Intl` is Devanagari (२७), but prices, phone numbers, start codes and
 * times are read and typed in Latin digits across Mumbai, on bills and on UPI screens alike
 * (decision 068); month and day names still come in the language.
 */
export const formatLocale = (locale: Locale) => `${locale}-u-nu-latn`;

import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, formatLocale, LOCALES, type Locale } from "#domain/i18n/locales.ts";
import { type SourceCatalog, type Translation, textOf } from "#domain/i18n/messages.ts";

type Values = Record<string, unknown>;

/**
 * The server's side of the catalogs (decision 068): mails and pushes are written in the language
 * of the person they go to. The same catalog modules as the web app's, compiled once when the
 * server loads them (the server runs its TypeScript as it is, with no build step).
 */
export type Translator<K extends string> = (locale: Locale, key: K, values?: Values) => string;

export function translator<S extends SourceCatalog>(
  english: S,
  translations: Record<Exclude<Locale, "en-IN">, Translation<S>>,
): Translator<keyof S & string> {
  const instances = new Map<Locale, I18n>();
  for (const locale of LOCALES) {
    const catalog: Record<string, SourceCatalog[string] | string> =
      locale === DEFAULT_LOCALE ? english : translations[locale];
    const messages = Object.fromEntries(
      Object.entries(catalog).map(([key, entry]) => [key, compileMessage(textOf(entry))]),
    );
    instances.set(locale, setupI18n({ locale, locales: [formatLocale(locale)], messages: { [locale]: messages } }));
  }
  return (locale, key, values) => (instances.get(locale) ?? instances.get(DEFAULT_LOCALE))?._(key, values) ?? key;
}

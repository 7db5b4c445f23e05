import type { Messages } from "@lingui/core";
import { DEFAULT_LOCALE, type Locale } from "#domain/i18n/locales.ts";
import type { SourceCatalog } from "#domain/i18n/messages.ts";
import { englishI18n, i18n } from "./i18n.ts";

type Loader = () => Promise<{ messages: unknown }>;

/**
 * The messages of one area of the app (a feature, a page): English bundled with the area's code,
 * Hindi and Marathi fetched the first time the area shows in that language. Ids are
 * `<area>.<key>`; components name only the key, typed by the English source.
 */
export type MessageArea<K extends string> = {
  readonly name: string;
  readonly keys?: K;
  readonly loaders: Record<Exclude<Locale, "en-IN">, Loader>;
};

const defined = new Set<MessageArea<string>>();
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const englishOf = new Map<string, unknown>();

/** Every built catalog module exports `messages`, `{ key: compiled message }` (vite-messages.ts compiles them). */
function register(area: MessageArea<string>, locale: Locale, catalog: unknown) {
  const messages: Messages = {};
  for (const [key, message] of Object.entries(catalog as Messages)) messages[`${area.name}.${key}`] = message;
  i18n.load(locale, messages);
  if (locale === DEFAULT_LOCALE) englishI18n.load(locale, messages);
  loaded.add(`${area.name}:${locale}`);
}

export function defineMessages<S extends SourceCatalog>(
  name: string,
  english: S,
  loaders: Record<Exclude<Locale, "en-IN">, Loader>,
): MessageArea<keyof S & string> {
  const area: MessageArea<keyof S & string> = { name, loaders };
  register(area, DEFAULT_LOCALE, english);
  englishOf.set(name, english);
  defined.add(area);
  return area;
}

export const isLoaded = (area: MessageArea<string>, locale: Locale) => loaded.has(`${area.name}:${locale}`);

/**
 * Loads an area's catalog for a language (once; the same promise to everyone who asks meanwhile).
 * A catalog that cannot be had (offline, or a release replaced the files while the tab was open)
 * leaves that area in English until the next load of the page: a screen in two languages beats
 * no screen, and the page that says something went wrong must never fail itself.
 */
export function loadArea(area: MessageArea<string>, locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE || isLoaded(area, locale)) return Promise.resolve();
  const key = `${area.name}:${locale}`;
  const pending = loading.get(key);
  if (pending) return pending;
  const promise = area.loaders[locale]().then(
    (module) => register(area, locale, module.messages),
    () => register(area, locale, englishOf.get(area.name)),
  );
  loading.set(key, promise);
  return promise;
}

/** Loads every area this page has used, so a change of language redraws at once in the new one. */
export const loadDefinedAreas = (locale: Locale) => Promise.all([...defined].map((area) => loadArea(area, locale)));

/**
 * Message catalogs (decision 068). Each area of the product keeps its messages in a `messages/`
 * folder, each module exporting `messages`: `en-IN.ts` is the source (ids, the English text in ICU MessageFormat, and a note for the
 * translator saying where it shows), `hi-IN.ts` and `mr-IN.ts` translate every id. The compiler
 * refuses a translation that misses an id or has one the source does not; a unit test
 * (`src/domain/i18n/catalogs.test.ts`) checks that every translation keeps the source's
 * placeholders.
 */
export type SourceMessage = { message: string; comment: string };
export type SourceCatalog = Record<string, SourceMessage>;
export type Translation<S extends SourceCatalog> = { [K in keyof S]: string };

/** The English source of an area's messages. */
export const source = <S extends SourceCatalog>(messages: S): S => messages;

/** A translation of a source: `translation<typeof en>()({ ... })`, every id and no other. */
export const translation =
  <S extends SourceCatalog>() =>
  <T extends Translation<S>>(messages: T & Record<Exclude<keyof T, keyof S>, never>): Translation<S> =>
    messages;

/** A catalog's text for one id, whichever form the module has (source entry or translated string). */
export function textOf(entry: SourceMessage | string): string {
  return typeof entry === "string" ? entry : entry.message;
}

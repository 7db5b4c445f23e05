import { DEFAULT_LOCALE, type Locale } from "#domain/i18n/locales.ts";
import type { NoticeWords } from "#domain/notice-texts.ts";
import { messages as helpEn } from "#domain/notices/help/messages/en-IN.ts";
import { messages as helpHi } from "#domain/notices/help/messages/hi-IN.ts";
import { messages as helpMr } from "#domain/notices/help/messages/mr-IN.ts";
import { messages as en } from "#domain/notices/messages/en-IN.ts";
import { messages as hi } from "#domain/notices/messages/hi-IN.ts";
import { messages as mr } from "#domain/notices/messages/mr-IN.ts";
import { translator } from "#server/i18n/translator.ts";

/**
 * The notices' catalog, compiled once when the server loads (record 069): every mail and push to a
 * customer or a mate is written with the words of the language kept in their account.
 */
const translate = translator({ ...en, ...helpEn }, { "hi-IN": { ...hi, ...helpHi }, "mr-IN": { ...mr, ...helpMr } });

/** `titles`: each service's English title to its title in the language (serviceTitles). */
export const noticeWords = (locale: Locale, titles?: ReadonlyMap<string, string>): NoticeWords => ({
  locale,
  t: (key, values) => translate(locale, key, values),
  service: (englishTitle) => titles?.get(englishTitle) ?? englishTitle,
});

/** Operators' mails, and anyone without an account, are in English. */
export const ENGLISH_WORDS = noticeWords(DEFAULT_LOCALE);

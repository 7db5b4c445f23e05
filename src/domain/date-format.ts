import { DEFAULT_LOCALE, formatLocale, type Locale } from "./i18n/locales.ts";

/** The part of `Intl.DateTimeFormat` the app uses. */
export type DateFormat = Pick<Intl.DateTimeFormat, "format" | "formatToParts">;

/**
 * An `Intl.DateTimeFormat` made on its first use instead of when its module loads. A page's first
 * Intl call loads the browser's ICU data, 12–33 ms in this machine's Chromium and four times that on
 * a slow phone, so a module that only may show a date (a service's reviews, when it has any) must
 * not pay for it as it loads (issue 15, decision record 039).
 */
export function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions): DateFormat {
  let made: Intl.DateTimeFormat | undefined;
  const format = () => {
    made ??= new Intl.DateTimeFormat(locale, options);
    return made;
  };
  return {
    format: (date) => format().format(date),
    formatToParts: (date) => format().formatToParts(date),
  };
}

/**
 * One lazy format per language (issue 40): month and day names in the language, digits Latin in
 * all three (decision 068, `formatLocale`).
 */
export function lazyDateFormats(options: Intl.DateTimeFormatOptions): (locale?: Locale) => DateFormat {
  const made = new Map<Locale, DateFormat>();
  return (locale = DEFAULT_LOCALE) => {
    let format = made.get(locale);
    if (!format) {
      format = lazyDateFormat(formatLocale(locale), options);
      made.set(locale, format);
    }
    return format;
  };
}

const CALENDAR_DATE = lazyDateFormats({ day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * A calendar day as a person in India reads it: "2026-11-27" → "27 Nov 2026". The API sends days
 * (a week's first, a day off) as YYYY-MM-DD, which is for machines; a screen, mail or push shows
 * this. The day is read as a date, not an instant, so the reader's zone cannot move it.
 */
export function formatCalendarDate(day: string, locale: Locale = DEFAULT_LOCALE): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`${day} is not a YYYY-MM-DD date`);
  return CALENDAR_DATE(locale).format(new Date(`${day}T00:00:00Z`));
}

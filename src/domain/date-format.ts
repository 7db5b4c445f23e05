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

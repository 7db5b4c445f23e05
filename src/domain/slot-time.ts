import { lazyDateFormats } from "./date-format.ts";
import { DEFAULT_LOCALE, type Locale } from "./i18n/locales.ts";

const SLOT_FORMAT = lazyDateFormats({
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: "Asia/Kolkata",
});

/**
 * "Tue, 24 Nov, 11:00 AM" in Mumbai's time, whatever the reader's zone (screens, mails, pushes);
 * in Hindi and Marathi with their own day and month names and Latin digits.
 */
export function formatSlotTime(at: Date, locale: Locale = DEFAULT_LOCALE): string {
  return SLOT_FORMAT(locale)
    .format(at)
    .replace(/\b(am|pm)\b/, (part) => part.toUpperCase());
}

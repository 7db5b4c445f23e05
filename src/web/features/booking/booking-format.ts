import type { Locale } from "#domain/i18n/locales.ts";
import { formatSlotTime } from "#domain/slot-time.ts";

/** "Tue, 24 Nov, 11:00 AM" in Mumbai's time, whatever the browser's zone. */
export function formatSlot(iso: string, locale?: Locale): string {
  return formatSlotTime(new Date(iso), locale);
}

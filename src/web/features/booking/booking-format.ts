import { formatSlotTime } from "#domain/slot-time.ts";

/** "Tue, 24 Nov, 11:00 AM" in Mumbai's time, whatever the browser's zone. */
export function formatSlot(iso: string): string {
  return formatSlotTime(new Date(iso));
}

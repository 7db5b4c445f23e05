import { lazyDateFormat } from "./date-format.ts";

const SLOT_FORMAT = lazyDateFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: "Asia/Kolkata",
});

/** "Tue, 24 Nov, 11:00 AM" in Mumbai's time, whatever the reader's zone (screens, mails, pushes). */
export function formatSlotTime(at: Date): string {
  return SLOT_FORMAT.format(at).replace(/\b(am|pm)\b/, (part) => part.toUpperCase());
}

/** "Tue, 24 Nov, 11:00 AM" in Mumbai's time, whatever the browser's zone. */
const slotFormat = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: "Asia/Kolkata",
});

export function formatSlot(iso: string): string {
  return slotFormat.format(new Date(iso)).replace(/\b(am|pm)\b/, (part) => part.toUpperCase());
}

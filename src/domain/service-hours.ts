import { SERVICE_HOURS } from "./constants.ts";

/** "Monday to Sunday, 6:00 AM to 9:00 PM" (spec §1, footer). */
export function formatServiceHours(): string {
  return `${SERVICE_HOURS.days}, ${SERVICE_HOURS.opens} to ${SERVICE_HOURS.closes}`;
}

/** Minutes after midnight of an instant, in the service's time zone (Asia/Kolkata). */
export function minutesInServiceTimeZone(at: Date): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: SERVICE_HOURS.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const hour = Number(parts.find((part) => part.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === "minute")?.value ?? 0);
  return hour * 60 + minute;
}

/** True between 6:00 AM (inclusive) and 9:00 PM (exclusive), Mumbai time, any day. */
export function isWithinServiceHours(at: Date): boolean {
  const minutes = minutesInServiceTimeZone(at);
  return minutes >= SERVICE_HOURS.opensMinute && minutes < SERVICE_HOURS.closesMinute;
}

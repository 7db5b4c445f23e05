import { SERVICE_HOURS } from "./constants.ts";
import { kolkataMinuteOfDay } from "./kolkata-time.ts";

/** "Monday to Sunday, 6:00 AM to 9:00 PM" (spec §1, footer). */
export function formatServiceHours(): string {
  return `${SERVICE_HOURS.days}, ${SERVICE_HOURS.opens} to ${SERVICE_HOURS.closes}`;
}

/** True between 6:00 AM (inclusive) and 9:00 PM (exclusive), Mumbai time, any day. */
export function isWithinServiceHours(at: Date): boolean {
  const minutes = kolkataMinuteOfDay(at);
  return minutes >= SERVICE_HOURS.opensMinute && minutes < SERVICE_HOURS.closesMinute;
}

/**
 * Wall-clock time in Asia/Kolkata, the service's zone, by arithmetic. India keeps one offset all
 * year (no daylight saving since 1945): UTC+05:30. Kept apart from the booking rules so that the
 * home page can ask whether it is within service hours without loading them, and without Intl,
 * whose first call in a browser loads ICU's data (issue 15; docs/benchmarks.md).
 */
const KOLKATA_OFFSET_MINUTES = 330;
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** YYYY-MM-DD in Asia/Kolkata for an instant. */
export function kolkataDay(at: Date): string {
  return new Date(at.getTime() + KOLKATA_OFFSET_MINUTES * MINUTE).toISOString().slice(0, 10);
}

/** The instant of a wall-clock minute of a Kolkata day. */
export function kolkataInstant(day: string, minuteOfDay: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (minuteOfDay - KOLKATA_OFFSET_MINUTES) * MINUTE);
}

/** Minutes after midnight in Asia/Kolkata (0–1439) of an instant. */
export function kolkataMinuteOfDay(at: Date): number {
  const minutes = Math.floor(at.getTime() / MINUTE) + KOLKATA_OFFSET_MINUTES;
  return ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

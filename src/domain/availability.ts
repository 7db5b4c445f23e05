import { z } from "zod";
import { SERVICE_HOURS } from "./constants.ts";

/**
 * A mate's availability (issue 14): the hours they work on each weekday, within the service hours
 * (6:00 AM to 9:00 PM, Asia/Kolkata), and single days off. Slots offered to customers and the
 * assignment of bookings follow it at once.
 */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Half-hour steps, like the booking slots. */
const STEP_MINUTES = 30;

export const dayHoursSchema = z
  .object({
    from: z.number().int().multipleOf(STEP_MINUTES, "Hours go in half-hour steps."),
    until: z.number().int().multipleOf(STEP_MINUTES, "Hours go in half-hour steps."),
  })
  .strict()
  .refine((hours) => hours.from >= SERVICE_HOURS.opensMinute && hours.until <= SERVICE_HOURS.closesMinute, {
    message: `Working hours must lie between ${SERVICE_HOURS.opens} and ${SERVICE_HOURS.closes}.`,
  })
  .refine((hours) => hours.from < hours.until, { message: "A working day must end after it starts." });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Sunday first; null is a weekday off. */
export const weeklyHoursSchema = z.array(dayHoursSchema.nullable()).length(7, "Give hours for all seven weekdays.");
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const availabilitySchema = z
  .object({
    weeklyHours: weeklyHoursSchema,
    /** Kolkata dates, at most a year of them. */
    daysOff: z.array(z.iso.date("A day off must be a date as YYYY-MM-DD.")).max(366),
  })
  .strict();
export type Availability = z.infer<typeof availabilitySchema>;

/** The same hours every day of the week. */
export function everyDay(from: number, until: number): WeeklyHours {
  return Array.from({ length: 7 }, () => ({ from, until }));
}

/** The weekday (0 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** Whether a mate with this availability works on that Kolkata day from that minute for that long. */
export function worksThen(
  mate: { weeklyHours: WeeklyHours; daysOff: readonly string[] },
  day: string,
  minuteOfDay: number,
  minutes: number,
): boolean {
  if (mate.daysOff.includes(day)) return false;
  const hours = mate.weeklyHours[weekdayOf(day)];
  return hours !== null && hours !== undefined && minuteOfDay >= hours.from && minuteOfDay + minutes <= hours.until;
}

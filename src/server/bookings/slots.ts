import { and, between, inArray } from "drizzle-orm";
import { worksThen } from "#domain/availability.ts";
import {
  bookingDays,
  busyCells,
  formatMinuteOfDay,
  jobMinutes,
  jobsByService,
  slotTimes,
  visitMinutes,
} from "#domain/booking.ts";
import { formatCalendarDate } from "#domain/date-format.ts";
import { kolkataDay } from "#domain/kolkata-time.ts";
import type { Slot, SlotsResponse, SlotUnavailable } from "#domain/slots.ts";
import { readCart } from "#server/cart/cart.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { badRequest } from "#server/http/errors.ts";
import { verifiedMatesFor } from "#server/mates/mates.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { getBooking } from "./bookings.ts";

type Db = Pick<Database, "select">;

/**
 * A day's starts for a job (minutes per service), each available when every service has a verified
 * mate with the skill who works then and is free for the whole of it; otherwise it says why (nobody
 * with the skill on duty then, or all of them booked). Two queries whatever the day.
 */
export async function daySlots(
  db: Db,
  day: string,
  jobs: ReadonlyMap<string, number>,
  now: Date,
  duesLimitPaise?: number,
): Promise<Slot[]> {
  const times = slotTimes(day, jobMinutes(jobs), now);
  if (times.length === 0) return [];
  const services = [...jobs.keys()];
  const candidates = await verifiedMatesFor(db, services, duesLimitPaise);
  const window = busyCells(times[0]?.start ?? now, times[times.length - 1]?.end ?? now);
  const busyRows =
    candidates.length === 0 || window.length === 0
      ? []
      : await db
          .select({ mateId: mateBusy.mateId, cell: mateBusy.cell })
          .from(mateBusy)
          .where(
            and(
              inArray(
                mateBusy.mateId,
                candidates.map((mate) => mate.id),
              ),
              between(mateBusy.cell, window[0] ?? 0, window[window.length - 1] ?? 0),
            ),
          );
  const busy = new Set(busyRows.map((row) => `${row.mateId}:${row.cell}`));

  return times.map((time) => {
    let unavailable: SlotUnavailable | null = null;
    for (const [service, minutes] of jobs) {
      const length = visitMinutes(minutes);
      const cells = busyCells(time.start, new Date(time.start.getTime() + length * 60_000));
      const onDuty = candidates.filter(
        (mate) => mate.skills.includes(service) && worksThen(mate, day, time.minuteOfDay, length),
      );
      if (onDuty.length === 0) {
        unavailable = "off_duty";
        break;
      }
      if (!onDuty.some((mate) => cells.every((cell) => !busy.has(`${mate.id}:${cell}`)))) unavailable = "booked";
    }
    return {
      start: time.start.toISOString(),
      end: time.end.toISOString(),
      label: formatMinuteOfDay(time.minuteOfDay),
      available: unavailable === null,
      unavailable,
    };
  });
}

/**
 * The free start times of a day for what the customer would book: the cart, or one of their bookings
 * being moved. An empty cart and a day outside the booking window are refused with a 400.
 */
export async function slotsForCustomer(
  deps: AppDeps,
  userId: string,
  query: { date: string; booking?: string | undefined },
): Promise<SlotsResponse> {
  const items = query.booking
    ? (await getBooking(deps, userId, query.booking)).items
    : (await readCart(deps.db, userId)).items;
  if (items.length === 0) {
    throw badRequest("Your cart is empty. Add a service before choosing a time.", "empty_cart");
  }
  const now = nowOf(deps);
  const jobs = jobsByService(items);
  const days = bookingDays(now);
  if (!days.includes(query.date)) {
    throw badRequest(
      `Bookings open for the next ${days.length} days, from ${formatCalendarDate(kolkataDay(now))}.`,
      "date_out_of_range",
    );
  }
  return {
    date: query.date,
    days,
    durationMinutes: Math.max(...jobs.values()),
    slots: await daySlots(deps.db, query.date, jobs, now, payoutSettingsOf(deps).duesLimitRupees * 100),
  };
}

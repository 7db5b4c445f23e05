import { and, between, inArray } from "drizzle-orm";
import { worksThen } from "#domain/availability.ts";
import { busyCells, formatMinuteOfDay, jobMinutes, slotTimes, visitMinutes } from "#domain/booking.ts";
import type { Slot } from "#domain/slots.ts";
import type { Database } from "#server/db/client.ts";
import { verifiedMatesFor } from "#server/mates/mates.ts";
import { mateBusy } from "#server/mates/schema.ts";

type Db = Pick<Database, "select">;

/**
 * A day's starts for a job (minutes per service), each available when every service has a verified
 * mate with the skill who works then and is free for the whole of it. Two queries whatever the day.
 */
export async function daySlots(db: Db, day: string, jobs: ReadonlyMap<string, number>, now: Date): Promise<Slot[]> {
  const times = slotTimes(day, jobMinutes(jobs), now);
  if (times.length === 0) return [];
  const services = [...jobs.keys()];
  const candidates = await verifiedMatesFor(db, services);
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
    const available = [...jobs].every(([service, minutes]) => {
      const length = visitMinutes(minutes);
      const cells = busyCells(time.start, new Date(time.start.getTime() + length * 60_000));
      return candidates.some(
        (mate) =>
          mate.skills.includes(service) &&
          worksThen(mate, day, time.minuteOfDay, length) &&
          cells.every((cell) => !busy.has(`${mate.id}:${cell}`)),
      );
    });
    return {
      start: time.start.toISOString(),
      end: time.end.toISOString(),
      label: formatMinuteOfDay(time.minuteOfDay),
      available,
    };
  });
}

import { and, between, inArray } from "drizzle-orm";
import { worksThen } from "#domain/availability.ts";
import { busyCells, formatMinuteOfDay, jobMinutes, slotTimes, visitMinutes } from "#domain/booking.ts";
import type { Slot, SlotUnavailable } from "#domain/slots.ts";
import type { Database } from "#server/db/client.ts";
import { verifiedMatesFor } from "#server/mates/mates.ts";
import { mateBusy } from "#server/mates/schema.ts";

type Db = Pick<Database, "select">;

/**
 * A day's starts for a job (minutes per service), each available when every service has a verified
 * mate with the skill who works then and is free for the whole of it; otherwise it says why (nobody
 * with the skill on duty then, or all of them booked). Two queries whatever the day.
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

import { and, asc, eq, inArray } from "drizzle-orm";
import { worksThen } from "#domain/availability.ts";
import { busyCells, jobsByService, visitMinutes } from "#domain/booking.ts";
import { historyDetails, mateNamedIn } from "#domain/booking-history.ts";
import { kolkataDay, kolkataInstant } from "#domain/kolkata-time.ts";
import { rankMates, ratingOf } from "#domain/matching.ts";
import { noShowCheckAt } from "#domain/no-show.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import { isConflictOfTransactions } from "#server/http/errors.ts";
import { verifiedMatesFor } from "#server/mates/mates.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { renewNoShowCheck, scheduleNoShowCheck } from "./follow-ups.ts";
import { publishChange } from "./publish.ts";
import type { BookingRow } from "./schema.ts";
import { bookingHistory, bookings } from "./schema.ts";
import { jobsOf, lockBooking, settleBooking, transition, type Who } from "./transitions.ts";

const SYSTEM: Who = { actor: "system" };

class Taken extends Error {}

/**
 * Assigns a booking that is finding its mates: for each service, the verified mates with the skill
 * who work then, nearest first and best rated, each tried in turn; a mate's busy cells are inserted
 * under a unique key, so a mate another booking took (even at the same moment) is skipped. When a
 * service finds nobody, the booking is "unassigned" and holds no mate; it is never dropped.
 */
export async function assignBooking(deps: AppDeps, bookingId: string) {
  const duesLimit = payoutSettingsOf(deps).duesLimitRupees * 100;
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await deps.db.transaction((tx) =>
        assignIn(tx, bookingId, nowOf(deps), duesLimit, deps.noShowAfterMinutes),
      );
      return row ? await publishChange(deps, row) : undefined;
    } catch (error) {
      // Two bookings taking each other's mates in opposite order: PostgreSQL ends one; run it again.
      if (isConflictOfTransactions(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/** Mates who handed this job back, did not come to it, or from whom the Mates team took it: it is not offered to them again. */
export async function notOfferedTo(tx: Tx, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await tx
    .select({ action: bookingHistory.action, details: bookingHistory.details })
    .from(bookingHistory)
    .where(
      and(inArray(bookingHistory.jobId, jobIds), inArray(bookingHistory.action, ["release", "no_show", "withdraw"])),
    );
  return new Set(rows.flatMap((row) => mateNamedIn(historyDetails(row.action, row.details)) ?? []));
}

type Candidate = Awaited<ReturnType<typeof verifiedMatesFor>>[number];

/**
 * The mates a job is offered to, in order: those with its skill, not excluded, who work for the
 * whole visit from `start`; nearest first and best rated (rankMates), or best rated without a point.
 */
export function rankedFor(
  candidates: readonly Candidate[],
  job: { service: string; excluded: ReadonlySet<string> },
  point: { lat: number; lon: number } | undefined,
  start: Date,
  length: number,
): Candidate[] {
  const day = kolkataDay(start);
  const startMinute = Math.round((start.getTime() - kolkataInstant(day, 0).getTime()) / 60_000);
  const able = candidates.filter(
    (mate) =>
      mate.skills.includes(job.service) && !job.excluded.has(mate.id) && worksThen(mate, day, startMinute, length),
  );
  return point ? rankMates(able, point) : [...able].sort((a, b) => ratingOf(b) - ratingOf(a));
}

/**
 * Holds a mate's busy cells for a booking under their unique key, in a savepoint: false (and
 * nothing held) when another booking already has any of them, even one taken at the same moment.
 */
export async function holdCells(tx: Tx, mateId: string, cells: number[], bookingId: string): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      const held = await savepoint
        .insert(mateBusy)
        .values(cells.map((cell) => ({ mateId, cell, bookingId })))
        .onConflictDoNothing()
        .returning({ cell: mateBusy.cell });
      if (held.length < cells.length) throw new Taken();
    });
    return true;
  } catch (error) {
    if (!(error instanceof Taken)) throw error;
    return false;
  }
}

/** Where the booking's home is, when it is known. */
export function pointOf(booking: BookingRow): { lat: number; lon: number } | undefined {
  return booking.address.lat !== null && booking.address.lon !== null
    ? { lat: booking.address.lat, lon: booking.address.lon }
    : undefined;
}

/**
 * The mate a job had before the customer moved it, or who did the work a re-work redoes: offered
 * the job first, so that the same mate keeps it (or puts it right) when they are free then.
 */
async function formerMates(tx: Tx, jobIds: string[]): Promise<Map<string, string>> {
  if (jobIds.length === 0) return new Map();
  const rows = await tx
    .select({ jobId: bookingHistory.jobId, action: bookingHistory.action, details: bookingHistory.details })
    .from(bookingHistory)
    .where(and(inArray(bookingHistory.jobId, jobIds), inArray(bookingHistory.action, ["reschedule", "rework"])))
    .orderBy(asc(bookingHistory.at));
  const former = new Map<string, string>();
  for (const row of rows) {
    const mateId = mateNamedIn(historyDetails(row.action, row.details));
    if (row.jobId && mateId !== undefined) former.set(row.jobId, mateId);
  }
  return former;
}

async function assignIn(
  tx: Tx,
  bookingId: string,
  now: Date,
  duesLimit: number,
  noShowAfterMinutes: number | undefined,
): Promise<BookingRow | undefined> {
  const booking = await lockBooking(tx, bookingId);
  const all = await jobsOf(tx, bookingId);
  const waiting = all.filter((job) => job.status === "finding");
  if (waiting.length === 0) return undefined;
  const minutesOf = jobsByService(booking.items);
  const point = pointOf(booking);
  // A mate whose dues are over the limit gets no new jobs (issue 39); those they have stay theirs.
  const candidates = await verifiedMatesFor(
    tx,
    waiting.map((job) => job.service),
    duesLimit,
  );
  const excluded = await notOfferedTo(
    tx,
    waiting.map((job) => job.id),
  );
  const former = await formerMates(
    tx,
    waiting.map((job) => job.id),
  );
  const chosen = new Map<string, string>();
  const longestFirst = [...waiting].sort((a, b) => (minutesOf.get(b.service) ?? 0) - (minutesOf.get(a.service) ?? 0));
  for (const job of longestFirst) {
    const length = visitMinutes(minutesOf.get(job.service) ?? 0);
    const cells = busyCells(booking.startAt, new Date(booking.startAt.getTime() + length * 60_000));
    const best = rankedFor(candidates, { service: job.service, excluded }, point, booking.startAt, length);
    const own = best.find((mate) => mate.id === former.get(job.id));
    const ranked = own ? [own, ...best.filter((mate) => mate !== own)] : best;
    for (const mate of ranked) {
      if (await holdCells(tx, mate.id, cells, bookingId)) {
        chosen.set(job.id, mate.id);
        break;
      }
    }
  }
  // A booking not yet under way is assigned whole or not at all: a customer is never told a time
  // works while one of its services has nobody. A job released later waits on its own.
  const wholeBooking = waiting.length === all.length;
  const someoneMissing = waiting.some((job) => !chosen.has(job.id));
  if (wholeBooking && someoneMissing) {
    await tx.delete(mateBusy).where(eq(mateBusy.bookingId, bookingId));
    chosen.clear();
  }
  for (const job of waiting) {
    const mateId = chosen.get(job.id);
    if (mateId) await transition(tx, booking, job, "assign", SYSTEM, now, { set: { mateId }, details: { mateId } });
    else await transition(tx, booking, job, "unassign", SYSTEM, now, { set: { mateId: null } });
  }
  // The no-show check waits while a booking is finding its mates (no-show.ts): when its time has
  // come meanwhile, it looks now that the booking has its mates, or has none.
  if (booking.noShowOfferedAt === null && noShowCheckAt(booking.startAt, noShowAfterMinutes) <= now) {
    await scheduleNoShowCheck(tx, bookingId, now);
  }
  return settleBooking(tx, bookingId, now, chosen.size > 0 ? await renewNoShowCheck(tx, booking, now) : {});
}

/**
 * Assigns every booking still finding its mates. Placing a booking and assigning its mates are two
 * transactions (the customer's answer does not wait for the assignment), so a server that stopped
 * or crashed in between left the booking placed but not yet assigned. The server runs this once at
 * start. Returns how many it took up.
 */
export async function resumeAssignments(deps: AppDeps): Promise<number> {
  const waiting = await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, "finding"));
  for (const { id } of waiting) await assignBooking(deps, id);
  return waiting.length;
}

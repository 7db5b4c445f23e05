import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Booking, type BookingStatus, busyCells, jobsByService, visitMinutes } from "#domain/booking.ts";
import { CREDIT_RULES } from "#domain/credit.ts";
import { NO_SHOW_CREDIT_REASON, NO_SHOW_RULES, NOBODY_FREE, rescueRefusal, waitingForMate } from "#domain/no-show.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import { giveBackCredit, grantCredit } from "#server/credit/ledger.ts";
import type { Tx } from "#server/db/client.ts";
import { AppError } from "#server/http/errors.ts";
import { verifiedMatesFor } from "#server/mates/mates.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { refundCancelled } from "#server/payments/settlement.ts";
import { holdCells, notOfferedTo, pointOf, rankedFor } from "./assignment.ts";
import { cancelAtRisk, cancelTimedChecks, scheduleAutoClose, scheduleNoShowCheck } from "./follow-ups.ts";
import { publishChange } from "./publish.ts";
import { type BookingRow, bookingHistory, bookings, type JobRow, jobs } from "./schema.ts";
import { freeMate, jobsOf, lockOwnBooking, recordHistory, settleBooking, transition, type Who } from "./transitions.ts";

/*
 * The no-show rescue (issue 38, record 059). The queue looks a while after a booking's start (the
 * NO_SHOW_AFTER_MINUTES setting) whether a mate has arrived; if none has, the booking records the
 * offer and its customer is told. The customer then takes one of two steps, each one transaction
 * under the booking's row lock, refused unless the offer is open (domain/no-show.ts), so a double
 * tap or a second device finds it taken and is refused: another mate now, or a free cancellation.
 */

const SYSTEM: Who = { actor: "system" };

/** The queue's check: no mate arrived, so the customer is offered the rescue (once per offer). */
export async function offerNoShow(deps: AppDeps, bookingId: string): Promise<boolean> {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!booking || booking.noShowOfferedAt !== null || !waitingForMate(booking.status as BookingStatus)) return;
    // Finding its mates, the booking's assignment is due now; it asks for this check again (assignment.ts).
    if (booking.status === "finding") return;
    const [offered] = await tx
      .update(bookings)
      .set({ noShowOfferedAt: now, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.noShowOfferedAt)))
      .returning();
    if (!offered) return;
    // The customer's notice (mail and push) goes by the queue from this entry (notice-triggers.ts).
    await recordHistory(tx, { bookingId, who: SYSTEM, action: "no_show_offered", at: now });
    return offered;
  });
  if (row) await publishChange(deps, row);
  return row !== undefined;
}

/** The customer's booking, locked, with the rescue open on it; refused with a 409 otherwise. */
async function lockOpenRescue(tx: Tx, userId: string, bookingId: string) {
  const booking = await lockOwnBooking(tx, userId, bookingId);
  const refusal = rescueRefusal({ status: booking.status as BookingStatus, noShowOfferedAt: booking.noShowOfferedAt });
  if (refusal) throw new AppError(409, refusal.code, refusal.message);
  const live = (await jobsOf(tx, bookingId)).filter((job) => job.status !== "cancelled");
  return { booking, live };
}

/** The mate who did not come loses the job, recorded as a no-show (it is never offered to them again). */
async function recordNoShow(tx: Tx, booking: BookingRow, job: JobRow, who: Who, now: Date): Promise<JobRow> {
  if (!job.mateId || (job.status !== "assigned" && job.status !== "on_the_way")) return job;
  const moved = await transition(tx, booking, job, "no_show", who, now, {
    set: { mateId: null, atRisk: false },
    details: { mateId: job.mateId },
  });
  await freeMate(tx, job);
  return moved;
}

/**
 * "Find another mate now": each job waiting for its mate goes to the best mate free from now for
 * the job's length (the assignment's ranking: working then, nearest, best rated), never to the mate
 * who did not come nor to one who handed it back. The booking then starts now. When any job finds
 * nobody, nothing changes (the late mate keeps the job, so nothing is lost) and the customer is told.
 */
export async function rescueWithAnotherMate(deps: AppDeps, userId: string, bookingId: string): Promise<Booking> {
  const now = nowOf(deps);
  const who: Who = { actor: "customer", actorId: userId };
  const { row, late } = await deps.db.transaction(async (tx) => {
    const { booking, live } = await lockOpenRescue(tx, userId, bookingId);
    const minutesOf = jobsByService(booking.items);
    const candidates = await verifiedMatesFor(
      tx,
      live.map((job) => job.service),
      payoutSettingsOf(deps).duesLimitRupees * 100,
    );
    const late = live.flatMap((job) => (job.mateId ? [job.mateId] : []));
    const excluded = new Set([
      ...(await notOfferedTo(
        tx,
        live.map((job) => job.id),
      )),
      ...late,
    ]);
    const chosen = new Map<string, string>();
    const longestFirst = [...live].sort((a, b) => (minutesOf.get(b.service) ?? 0) - (minutesOf.get(a.service) ?? 0));
    for (const job of longestFirst) {
      const length = visitMinutes(minutesOf.get(job.service) ?? 0);
      const cells = busyCells(now, new Date(now.getTime() + length * 60_000));
      for (const mate of rankedFor(candidates, { service: job.service, excluded }, pointOf(booking), now, length)) {
        if (await holdCells(tx, mate.id, cells, bookingId)) {
          chosen.set(job.id, mate.id);
          break;
        }
      }
    }
    // The transaction is undone: the cells just held are let go, the late mate keeps the job.
    if (chosen.size < live.length) throw new AppError(409, "no_mate_free", NOBODY_FREE);
    for (const job of live) {
      const mateId = chosen.get(job.id) ?? "";
      const freed = await recordNoShow(tx, booking, job, who, now);
      await transition(tx, booking, freed, "assign", SYSTEM, now, {
        set: { mateId, atRisk: false },
        details: { mateId },
      });
    }
    const length = booking.endAt.getTime() - booking.startAt.getTime();
    const settled = await settleBooking(tx, bookingId, now, {
      startAt: now,
      endAt: new Date(now.getTime() + length),
      noShowOfferedAt: null,
    });
    // The new mate is told to come now: no at-risk flag; the offer comes again if they do not arrive.
    await cancelAtRisk(tx, bookingId, now);
    await scheduleNoShowCheck(tx, bookingId, new Date(now.getTime() + NO_SHOW_RULES.rescueArrivalMinutes * 60_000));
    await scheduleAutoClose(tx, settled);
    return { row: settled, late };
  });
  return publishChange(deps, row, late);
}

/**
 * "Cancel, free": every job is cancelled (a late mate's recorded as a no-show first), no visiting
 * charge, everything paid online refunded, the credit spent on the booking given back, and the
 * customer given Mates credit for the trouble (the NO_SHOW_CREDIT_RUPEES setting).
 */
export async function cancelNoShow(deps: AppDeps, userId: string, bookingId: string): Promise<Booking> {
  const now = nowOf(deps);
  const who: Who = { actor: "customer", actorId: userId };
  const { row, late } = await deps.db.transaction(async (tx) => {
    const { booking, live } = await lockOpenRescue(tx, userId, bookingId);
    for (const job of live) {
      const freed = await recordNoShow(tx, booking, job, who, now);
      await transition(tx, booking, freed, "cancel", who, now, { details: { reason: "no_show" } });
    }
    await tx.delete(mateBusy).where(eq(mateBusy.bookingId, bookingId));
    await cancelTimedChecks(tx, bookingId, now);
    // Before the booking is settled, so that the booking told to the customer shows no credit on it.
    await giveBackCredit(tx, bookingId, "Given back: the booking was cancelled as your mate didn't come", who, now);
    const settled = await settleBooking(tx, bookingId, now, { cancellationChargeRupees: 0, payBy: null });
    await refundCancelled(tx, settled, 0, who, now);
    const rupees = deps.noShowCreditRupees ?? CREDIT_RULES.noShowRupees;
    if (rupees > 0)
      await grantCredit(tx, { userId, rupees, reason: NO_SHOW_CREDIT_REASON, bookingId, who: SYSTEM }, now);
    return { row: settled, late: live.flatMap((job) => (job.mateId ? [job.mateId] : [])) };
  });
  return publishChange(deps, row, late);
}

/** The jobs a mate did not come to, latest first: on their record in the console. */
export async function noShowsOf(db: Pick<Tx, "select">, mateId: string) {
  const rows = await db
    .select({
      bookingId: bookingHistory.bookingId,
      jobId: bookingHistory.jobId,
      service: jobs.service,
      at: bookingHistory.at,
    })
    .from(bookingHistory)
    .innerJoin(jobs, eq(jobs.id, bookingHistory.jobId))
    .where(and(eq(bookingHistory.action, "no_show"), sql`${bookingHistory.details}->>'mateId' = ${mateId}`))
    .orderBy(desc(bookingHistory.at));
  return rows.map((row) => ({ ...row, jobId: row.jobId ?? "", at: row.at.toISOString() }));
}

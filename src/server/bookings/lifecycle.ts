import { and, eq } from "drizzle-orm";
import {
  type Booking,
  type BookingStatus,
  cancellation,
  canReschedule,
  jobMinutes,
  jobsByService,
} from "#domain/booking.ts";
import { CREDIT_REASONS } from "#domain/credit.ts";
import type { JobStatus } from "#domain/job.ts";
import { mergeCart, publishCart } from "#server/cart/cart.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import { giveBackCredit } from "#server/credit/ledger.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { postVisitingCharge } from "#server/ledger/postings.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { onlineMoneyOf, refundCancelled } from "#server/payments/settlement.ts";
import { cancelTimedChecks, scheduleAssignment, scheduleTimedChecks } from "./follow-ups.ts";
import { checkStart } from "./placement.ts";
import { visitingChargeOf } from "./presenter.ts";
import { publishChange } from "./publish.ts";
import { bookings, jobExtras, jobs } from "./schema.ts";
import { jobsOf, lockOwnBooking, recordHistory, settleBooking, transition, type Who } from "./transitions.ts";

/** The customer's side of a booking's life after placing it: cancel, move, answer extra work. */

/** The customer's booking, locked until the transaction ends; another's is a 404. */

/**
 * Free until 3 hours before the start; once a mate is on the way the visiting charge is recorded on
 * the booking; never once the work has started. Every job is cancelled and its mate freed at once.
 */
export async function cancelBooking(
  deps: AppDeps,
  userId: string,
  id: string,
  agreedChargeRupees?: number,
): Promise<Booking> {
  const now = nowOf(deps);
  const who: Who = { actor: "customer", actorId: userId };
  const { row, mates } = await deps.db.transaction(async (tx) => {
    const current = await lockOwnBooking(tx, userId, id);
    const verdict = cancellation(
      current.startAt,
      current.status as BookingStatus,
      now,
      visitingChargeOf(deps, current),
    );
    if (!verdict.cancellable) {
      throw new AppError(409, "not_cancellable", verdict.reason ?? "This booking cannot be cancelled.");
    }
    if (agreedChargeRupees !== undefined && agreedChargeRupees !== verdict.chargeRupees) {
      throw new AppError(
        409,
        "cancel_charge_changed",
        verdict.chargeRupees === 0
          ? "Cancelling this booking is now free. Nothing was cancelled; please confirm again."
          : `Your mate is on the way, so cancelling now costs the visiting charge of ₹${verdict.chargeRupees}. Nothing was cancelled; please confirm again.`,
      );
    }
    const own = await jobsOf(tx, id);
    for (const job of own) if (job.status !== "cancelled") await transition(tx, current, job, "cancel", who, now);
    await tx.delete(mateBusy).where(eq(mateBusy.bookingId, id));
    await cancelTimedChecks(tx, id, now);
    // The Mates credit it spent goes back to its grants, whatever the charge (record 058).
    await giveBackCredit(tx, id, CREDIT_REASONS.cancelled, who, now);
    const settled = await settleBooking(tx, id, now, { cancellationChargeRupees: verdict.chargeRupees, payBy: null });
    // Paid online: everything comes back but the visiting charge, by the queue, with Razorpay. The
    // charge kept is earned by the mates who set out; unpaid (pay after service), it earns nothing.
    const money = await onlineMoneyOf(tx, id);
    const keptPaise = Math.max(0, Math.min(money.paidPaise - money.refundedPaise, verdict.chargeRupees * 100));
    await refundCancelled(tx, settled, verdict.chargeRupees, who, now);
    const setOut = own.filter((job) => job.status === "on_the_way" || job.status === "arrived");
    await postVisitingCharge(tx, payoutSettingsOf(deps), setOut, keptPaise, who, now);
    return { row: settled, mates: own.flatMap((job) => (job.mateId ? [job.mateId] : [])) };
  });
  return publishChange(deps, row, mates);
}

/**
 * A booking with no mate free, or assigned and still free to cancel (until 3 hours before), moved
 * to another open start, free of charge: its mates are freed and every job looks for a mate again
 * (the queue assigns it at once), its own mate first if they are free then. A paid booking keeps
 * its payment.
 */
export async function rescheduleBooking(deps: AppDeps, userId: string, id: string, startIso: string) {
  const start = new Date(startIso);
  const now = nowOf(deps);
  const who: Who = { actor: "customer", actorId: userId };
  const { row, mates } = await deps.db.transaction(async (tx) => {
    const current = await lockOwnBooking(tx, userId, id);
    const status = current.status as BookingStatus;
    if (!canReschedule(current.startAt, status, now)) {
      throw new AppError(
        409,
        "not_reschedulable",
        "A booking can be moved online until 3 hours before its start, while no work has begun. Please call us to change it.",
      );
    }
    const end = checkStart(start, jobMinutes(jobsByService(current.items)), now);
    const own = await jobsOf(tx, id);
    for (const job of own) {
      // The mate it had is offered the new time first (assignment.ts reads it from this entry).
      await transition(tx, current, job, "reschedule", who, now, {
        set: { mateId: null, atRisk: false },
        details: { from: current.startAt.toISOString(), to: start.toISOString(), mateId: job.mateId },
      });
    }
    await tx.delete(mateBusy).where(eq(mateBusy.bookingId, id));
    // A new time: the no-show rescue is offered again only if no mate comes then.
    const settled = await settleBooking(tx, id, now, { startAt: start, endAt: end, noShowOfferedAt: null });
    await scheduleAssignment(tx, id, now);
    await scheduleTimedChecks(tx, settled, deps.noShowAfterMinutes);
    return { row: settled, mates: own.flatMap((job) => (job.mateId ? [job.mateId] : [])) };
  });
  await publishChange(deps, row, mates);
  return row;
}

/**
 * Book again: a booking's services and options, as booked, put back in the customer's cart at
 * today's prices (the cart reads the catalogue). Options the catalogue no longer has, and items
 * past the cart's room, come back as left out, with why.
 */
export async function bookAgain(deps: AppDeps, userId: string, id: string) {
  const [row] = await deps.db
    .select({ items: bookings.items })
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)));
  if (!row) throw notFound("There is no such booking among yours.");
  const leftOut = await mergeCart(
    deps.db,
    userId,
    row.items.map((item) => ({ service: item.service, option: item.option, quantity: item.quantity })),
  );
  const cart = await publishCart(deps.db, deps.events, userId);
  return { cart, leftOut };
}

/**
 * The customer's answer to extra work a mate proposed: approved, it joins the job's bill; declined,
 * it does not. Answered once; the job must still be under way.
 */
export async function decideExtra(
  deps: AppDeps,
  userId: string,
  bookingId: string,
  extraId: string,
  approve: boolean,
): Promise<Booking> {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, userId, bookingId);
    const [found] = await tx
      .select({ extra: jobExtras, job: jobs })
      .from(jobExtras)
      .innerJoin(jobs, eq(jobs.id, jobExtras.jobId))
      .where(and(eq(jobExtras.id, extraId), eq(jobs.bookingId, bookingId)));
    if (!found) throw notFound("There is no such extra on this booking.");
    const status = found.job.status as JobStatus;
    if (status !== "arrived" && status !== "in_progress") {
      throw new AppError(409, "job_not_active", "This job is no longer under way, so its extras cannot change.");
    }
    const [decided] = await tx
      .update(jobExtras)
      .set({ status: approve ? "approved" : "declined", decidedAt: now })
      .where(and(eq(jobExtras.id, extraId), eq(jobExtras.status, "proposed")))
      .returning();
    if (!decided) throw new AppError(409, "already_decided", "You have already answered this extra.");
    await recordHistory(tx, {
      bookingId,
      jobId: found.job.id,
      who: { actor: "customer", actorId: userId },
      action: approve ? "extra_approved" : "extra_declined",
      details: { description: decided.description, priceRupees: decided.priceRupees },
      at: now,
    });
    return settleBooking(tx, booking.id, now);
  });
  return publishChange(deps, row);
}

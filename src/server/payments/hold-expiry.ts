import { eq } from "drizzle-orm";
import { CREDIT_REASONS } from "#domain/credit.ts";
import { JOB_ACTIONS } from "#domain/job.ts";
import { PAYMENT_RULES } from "#domain/payments.ts";
import { cancelTimedChecks } from "#server/bookings/follow-ups.ts";
import { publishChange } from "#server/bookings/publish.ts";
import { jobsOf, lockBooking, settleBooking, transition } from "#server/bookings/transitions.ts";
import { nowOf } from "#server/context.ts";
import { giveBackCredit } from "#server/credit/ledger.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { schedule } from "#server/queue/queue.ts";
import type { PaymentDeps } from "./gateway.ts";
import { payments } from "./schema.ts";
import { holdKey, PAYMENT_WORK } from "./settlement.ts";
import { isPaid, type PaymentRow } from "./summary.ts";

/** The hold of a "Pay now" booking: until when, and the queue's job that ends it. */
export async function holdForPayment(tx: Parameters<typeof schedule>[0], bookingId: string, now: Date): Promise<Date> {
  const payBy = new Date(now.getTime() + PAYMENT_RULES.holdMinutes * 60_000);
  await schedule(tx, { name: PAYMENT_WORK.expireHold, key: holdKey(bookingId), payload: { bookingId }, runAt: payBy });
  return payBy;
}

/** Cancels a "Pay now" booking still unpaid at the end of its hold, and frees its mates' time. */
export async function expireHold(deps: PaymentDeps, bookingId: string): Promise<void> {
  const now = nowOf(deps);
  const result = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId).catch(() => undefined);
    if (!booking?.payBy || booking.status === "cancelled" || booking.payBy.getTime() > now.getTime()) return undefined;
    const paid = (await tx.select().from(payments).where(eq(payments.bookingId, bookingId))).some(
      (row: PaymentRow) => isPaid(row) && row.purpose === "booking",
    );
    if (paid) return undefined;
    const own = await jobsOf(tx, bookingId);
    for (const job of own) {
      if ((JOB_ACTIONS.expire.from as readonly string[]).includes(job.status)) {
        await transition(tx, booking, job, "expire", { actor: "system" }, now);
      }
    }
    await tx.delete(mateBusy).where(eq(mateBusy.bookingId, bookingId));
    await cancelTimedChecks(tx, bookingId, now);
    await giveBackCredit(tx, bookingId, CREDIT_REASONS.notPaid, { actor: "system" }, now);
    const settled = await settleBooking(tx, bookingId, now);
    return { settled, mates: own.flatMap((job) => (job.mateId ? [job.mateId] : [])) };
  });
  if (result) await publishChange(deps, result.settled, result.mates);
}

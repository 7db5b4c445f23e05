import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { jobCreditRupees } from "#domain/credit.ts";
import type { Seller } from "#domain/invoice.ts";
import { type ExtraStatus, jobBillRupees } from "#domain/job.ts";
import { jobBalancePaise, paise, refundOnCancel } from "#domain/payments.ts";
import type { BookingRow, JobRow } from "#server/bookings/schema.ts";
import { bookings, jobExtras, jobs } from "#server/bookings/schema.ts";
import { jobsOf, recordHistory, transition, type Who } from "#server/bookings/transitions.ts";
import type { Tx } from "#server/db/client.ts";
import { postPayment, postRefund, postTip } from "#server/ledger/postings.ts";
import { cancelScheduled, schedule } from "#server/queue/queue.ts";
import { issueInvoice } from "./invoices.ts";
import { payments, refunds } from "./schema.ts";
import { isPaid, type PaymentRow } from "./summary.ts";

/**
 * What a payment changes on a booking, inside the transaction that records it, and what a
 * booking's change does to its payments: the queue's names for the payment work, a prepaid job
 * settled when it completes, refunds when a paid booking is cancelled, invoices when a job is paid.
 */
export const PAYMENT_WORK = {
  webhook: "razorpay-event",
  refund: "razorpay-refund",
  expireHold: "expire-payment-hold",
} as const;

const SYSTEM: Who = { actor: "system" };

export function holdKey(bookingId: string) {
  return `${PAYMENT_WORK.expireHold}:${bookingId}`;
}

/** How an invoice says a job was paid. */
export function paidByOnline(payment: Pick<PaymentRow, "razorpayPaymentId" | "method">): string {
  return `Online through Razorpay${payment.method ? ` (${payment.method.toUpperCase()})` : ""}, payment ${payment.razorpayPaymentId ?? ""}`.trim();
}
/**
 * Paid to the mate: all of it, or the balance after what was paid online up front. `billRupees` is
 * what was left to pay after any Mates credit, which the invoice shows on its own line.
 */
export function paidByMate(method: string, balanceRupees: number, billRupees: number): string {
  const how = method === "upi" ? "UPI" : "cash";
  return balanceRupees < billRupees
    ? `Online up front through Razorpay; the balance of ₹${balanceRupees} by ${how} to the mate`
    : `${how === "cash" ? "Cash" : "UPI"} to the mate`;
}

async function approvedExtras(tx: Tx, jobId: string) {
  const rows = await tx
    .select()
    .from(jobExtras)
    .where(and(eq(jobExtras.jobId, jobId), eq(jobExtras.status, "approved")));
  return rows.map((row) => ({ ...row, status: row.status as ExtraStatus }));
}

/** A job's whole bill in rupees: its booked lines and its approved extras. */
export async function billOf(tx: Tx, booking: BookingRow, job: JobRow): Promise<number> {
  return jobBillRupees(booking.items, job.service, await approvedExtras(tx, job.id));
}

/** Marks a completed job paid online and issues its invoice. */
async function settleOnline(tx: Tx, seller: Seller, booking: BookingRow, job: JobRow, payment: PaymentRow, now: Date) {
  const bill = await billOf(tx, booking, job);
  // What came in online for it: the bill less the part of it the credit paid (record 058).
  const online = bill - jobCreditRupees(booking, job.service);
  const moved = await transition(tx, booking, job, "settle_online", SYSTEM, now, {
    set: { collectedMethod: "online", collectedRupees: online + job.tipRupees },
    details: { paymentId: payment.razorpayPaymentId, amountRupees: bill, tipRupees: job.tipRupees },
  });
  await postTip(tx, { ...moved, tipRupees: job.tipRupees }, now);
  await issueInvoice(tx, seller, booking, moved, paidByOnline(payment), now);
}

/**
 * A job that has just been completed on a booking paid up front: when its bill needs nothing more
 * (no approved extras), it is paid at once; otherwise the balance is due (online or to the mate).
 */
export async function settlePrepaidJob(tx: Tx, seller: Seller, booking: BookingRow, job: JobRow, now: Date) {
  const paid = (await tx.select().from(payments).where(eq(payments.bookingId, booking.id))).filter(isPaid);
  const prepaid = paid.find((row) => row.purpose === "booking");
  if (!prepaid || job.status !== "completed") return;
  const extras = await approvedExtras(tx, job.id);
  if (jobBalancePaise(booking, job, extras, true) > 0) return;
  await settleOnline(tx, seller, booking, job, prepaid, now);
}

/**
 * A job completed with nothing left to pay, not paid up front: a free booking's (a re-work) with
 * nothing added to its bill, or one its Mates credit paid in full (record 058; it gets its tax
 * invoice, a re-work has none). Done at once, there being nothing to collect. Extra work the
 * customer approved on it is collected as on any job.
 */
export async function settleFreeJob(tx: Tx, seller: Seller, booking: BookingRow, job: JobRow, now: Date) {
  if (job.status !== "completed") return;
  if (jobBalancePaise(booking, job, await approvedExtras(tx, job.id), false) > 0) return;
  const paid = (await tx.select().from(payments).where(eq(payments.bookingId, booking.id))).filter(isPaid);
  if (paid.some((row) => row.purpose === "booking")) return;
  const settled = await transition(tx, booking, job, "settle_free", SYSTEM, now, { set: { collectedRupees: 0 } });
  if (booking.totalRupees > 0) await issueInvoice(tx, seller, booking, settled, CREDIT_PAID_BY, now);
}

/** How an invoice says a job was paid when the customer's Mates credit paid all of it. */
export const CREDIT_PAID_BY = "Mates credit";

/** What a job paid to its mate must still be collected: the bill, less what was paid up front. */
export async function balanceToCollect(tx: Tx, booking: BookingRow, job: JobRow): Promise<number> {
  const paid = (await tx.select().from(payments).where(eq(payments.bookingId, booking.id))).filter(isPaid);
  const prepaid = paid.some((row) => row.purpose === "booking");
  return jobBalancePaise(booking, job, await approvedExtras(tx, job.id), prepaid) / 100;
}

/** Asks the queue to send a refund to Razorpay (the row's id is the idempotency key). */
async function requestRefund(
  tx: Tx,
  payment: PaymentRow,
  amountPaise: number,
  now: Date,
  caseId?: string,
  who = SYSTEM,
) {
  const id = randomUUID();
  await tx
    .insert(refunds)
    .values({ id, paymentId: payment.id, bookingId: payment.bookingId, amountPaise, caseId: caseId ?? null });
  await postRefund(tx, { id, bookingId: payment.bookingId, amountPaise }, who, now);
  await schedule(tx, {
    name: PAYMENT_WORK.refund,
    key: `${PAYMENT_WORK.refund}:${id}`,
    payload: { refundId: id },
    runAt: now,
  });
  return amountPaise;
}

/**
 * What a booking has paid online (largest payment first) and what of it was already given back: a
 * refund Razorpay refused is settled by the operations team, so it does not count as given back.
 */
export async function onlineMoneyOf(tx: Pick<Tx, "select">, bookingId: string) {
  const paid = (await tx.select().from(payments).where(eq(payments.bookingId, bookingId)))
    .filter(isPaid)
    .sort((a, b) => b.amountPaise - a.amountPaise);
  const earlier = (await tx.select().from(refunds).where(eq(refunds.bookingId, bookingId))).filter(
    (row) => row.status !== "failed",
  );
  const sum = (rows: { amountPaise: number }[]) => rows.reduce((total, row) => total + row.amountPaise, 0);
  return { paid, earlier, paidPaise: sum(paid), refundedPaise: sum(earlier) };
}

/** Refunds up to `wantedPaise` over the booking's payments, largest first; returns the paise refunded. */
async function refundOver(
  tx: Tx,
  money: Awaited<ReturnType<typeof onlineMoneyOf>>,
  wantedPaise: number,
  now: Date,
  caseId?: string,
  who: Who = SYSTEM,
) {
  const refundedOf = (payment: PaymentRow) =>
    money.earlier.filter((row) => row.paymentId === payment.id).reduce((sum, row) => sum + row.amountPaise, 0);
  let left = wantedPaise;
  let refunded = 0;
  for (const payment of money.paid) {
    const amount = Math.min(left, payment.amountPaise - refundedOf(payment));
    if (amount <= 0) continue;
    refunded += await requestRefund(tx, payment, amount, now, caseId, who);
    left -= amount;
  }
  return refunded;
}

/**
 * A case's refund (help/decisions.ts, which checked the amount against what is left to refund): sent
 * to the booking's payments through the queue, as a cancellation's is. Returns the paise refunded.
 */
export async function refundForCase(
  tx: Tx,
  booking: BookingRow,
  amountPaise: number,
  caseId: string,
  who: Who,
  now: Date,
) {
  const refunded = await refundOver(tx, await onlineMoneyOf(tx, booking.id), amountPaise, now, caseId, who);
  return recordRefundAsked(tx, booking, refunded, who, now);
}

/** The booking's history says a refund was asked of Razorpay (when there was one to ask). */
async function recordRefundAsked(tx: Tx, booking: BookingRow, refunded: number, who: Who, now: Date) {
  if (refunded > 0) {
    await recordHistory(tx, {
      bookingId: booking.id,
      who,
      action: "refund_requested",
      details: { amountPaise: refunded },
      at: now,
    });
  }
  return refunded;
}

/**
 * A paid booking being cancelled: everything paid online comes back but the visiting charge (when
 * the mate was on the way), spread over its payments, largest first. Returns the paise refunded.
 */
export async function refundCancelled(tx: Tx, booking: BookingRow, chargeRupees: number, who: Who, now: Date) {
  const money = await onlineMoneyOf(tx, booking.id);
  const refunded = await refundOver(
    tx,
    money,
    refundOnCancel(money.paidPaise, chargeRupees) - money.refundedPaise,
    now,
    undefined,
    who,
  );
  return recordRefundAsked(tx, booking, refunded, who, now);
}

/**
 * A payment has just been made (the first news of it): a held booking is confirmed, or the jobs a
 * bill payment covers are paid and invoiced. A payment that pays for nothing (the booking was
 * cancelled meanwhile, or another payment already paid the same) is refunded in full.
 */
export async function applyPayment(tx: Tx, seller: Seller, booking: BookingRow, payment: PaymentRow, now: Date) {
  const others = (await tx.select().from(payments).where(eq(payments.bookingId, booking.id))).filter(
    (row) => row.id !== payment.id && isPaid(row),
  );
  await recordHistory(tx, {
    bookingId: booking.id,
    who: SYSTEM,
    action: "payment_received",
    details: {
      amountPaise: payment.amountPaise,
      paymentId: payment.razorpayPaymentId,
      purpose: payment.purpose,
    },
    at: now,
  });
  await postPayment(tx, payment, now);
  if (payment.purpose === "booking") {
    const duplicate = others.some((row) => row.purpose === "booking");
    if (booking.status === "cancelled" || duplicate) {
      await refundUnused(tx, booking, payment, payment.amountPaise, now);
      return;
    }
    await tx.update(bookings).set({ payBy: null, updatedAt: now }).where(eq(bookings.id, booking.id));
    await cancelScheduled(tx, holdKey(booking.id), now);
    for (const job of await jobsOf(tx, booking.id)) await settlePrepaidJob(tx, seller, booking, job, now);
    return;
  }
  const prepaid = others.some((row) => row.purpose === "booking");
  const covered = (await jobsOf(tx, booking.id)).filter(
    (job) => payment.jobIds.includes(job.id) && job.status === "completed",
  );
  let used = 0;
  for (const job of covered) {
    const balance = jobBalancePaise(booking, job, await approvedExtras(tx, job.id), prepaid);
    // A tip raised after the order was made: the tip is what was paid of it.
    const short = Math.min(Math.max(0, balance - (payment.amountPaise - used)), paise(job.tipRupees));
    const tipRupees = job.tipRupees - Math.ceil(short / 100);
    if (tipRupees !== job.tipRupees) await tx.update(jobs).set({ tipRupees }).where(eq(jobs.id, job.id));
    used += balance - paise(job.tipRupees - tipRupees);
    await settleOnline(tx, seller, booking, { ...job, tipRupees }, payment, now);
  }
  // Jobs settled meanwhile another way (the mate collected cash): what paid for them comes back.
  if (payment.amountPaise > used) await refundUnused(tx, booking, payment, payment.amountPaise - used, now);
}

async function refundUnused(tx: Tx, booking: BookingRow, payment: PaymentRow, amountPaise: number, now: Date) {
  await requestRefund(tx, payment, amountPaise, now);
  await recordHistory(tx, {
    bookingId: booking.id,
    who: SYSTEM,
    action: "refund_requested",
    details: { amountPaise },
    at: now,
  });
}

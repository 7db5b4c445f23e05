import { eq } from "drizzle-orm";
import {
  collectedByMate,
  creditGranted,
  creditReturned,
  creditSpent,
  paymentReceived,
  refundDecided,
  refundFailed,
  refundPaid,
  tipAdded,
  workEarned,
} from "#domain/ledger.ts";
import { type PayoutSettings, tdsBpFor } from "#domain/payouts.ts";
import type { JobRow } from "#server/bookings/schema.ts";
import type { Who } from "#server/bookings/transitions.ts";
import type { Tx } from "#server/db/client.ts";
import { mates } from "#server/mates/schema.ts";
import { post } from "./ledger.ts";

/*
 * What each money event posts to the ledger (issue 39, record 062), called inside the transaction
 * of the change that causes it. Each key names its event once, so a repeated webhook, a retried
 * step or a queue job run twice posts nothing more.
 */

const SYSTEM: Who = { actor: "system" };
type Rates = Pick<PayoutSettings, "tdsBp" | "tdsNoPanBp">;

/** A customer's online payment came in (its first news that it was made). */
export const postPayment = (tx: Tx, payment: { id: string; bookingId: string; amountPaise: number }, now: Date) =>
  post(
    tx,
    {
      kind: "payment",
      key: `payment:${payment.id}`,
      entries: paymentReceived(payment.amountPaise),
      bookingId: payment.bookingId,
      who: SYSTEM,
    },
    now,
  );

/** A refund was asked of Razorpay: the money leaves the bank for the customer. */
export const postRefund = (
  tx: Tx,
  refund: { id: string; bookingId: string; amountPaise: number },
  who: Who,
  now: Date,
) =>
  post(
    tx,
    {
      kind: "refund",
      key: `refund:${refund.id}`,
      entries: refundPaid(refund.amountPaise),
      bookingId: refund.bookingId,
      who,
    },
    now,
  );

/** A refund Razorpay finally refused: its money is back in the bank, owed to the customer another way. */
export const postRefundFailed = (tx: Tx, refund: { id: string; bookingId: string; amountPaise: number }, now: Date) =>
  post(
    tx,
    {
      kind: "refund_failed",
      key: `refund:${refund.id}:failed`,
      entries: refundFailed(refund.amountPaise),
      bookingId: refund.bookingId,
      who: SYSTEM,
    },
    now,
  );

/** A refund an operator decided on a case: Mates' cost, or the mate's when charged to them (with why). */
export const postRefundDecided = (
  tx: Tx,
  decided: {
    key: string;
    bookingId: string;
    amountPaise: number;
    chargedTo?: { mateId: string; reason: string } | undefined;
  },
  who: Who,
  now: Date,
) =>
  post(
    tx,
    {
      kind: "refund_decided",
      key: decided.key,
      entries: refundDecided(decided.amountPaise, decided.chargedTo?.mateId),
      bookingId: decided.bookingId,
      mateId: decided.chargedTo?.mateId,
      memo: decided.chargedTo?.reason,
      who,
    },
    now,
  );

async function tdsBpOf(tx: Tx, mateId: string, rates: Rates) {
  const [row] = await tx.select({ pan: mates.pan }).from(mates).where(eq(mates.id, mateId));
  return tdsBpFor(Boolean(row?.pan), rates);
}

/**
 * A job completed: its service amount (booked lines and approved extras) is the mate's, less the
 * commission of the job's rate and the TDS of the mate's. A ₹0 job (a re-work) moves nothing.
 */
export async function postJobEarned(tx: Tx, rates: Rates, job: JobRow, billRupees: number, who: Who, now: Date) {
  if (!job.mateId || billRupees <= 0) return undefined;
  const earned = workEarned(job.mateId, billRupees * 100, {
    commissionBp: job.commissionBp,
    tdsBp: await tdsBpOf(tx, job.mateId, rates),
  });
  return post(
    tx,
    {
      kind: "job_earned",
      key: `job:${job.id}:earned`,
      entries: earned.entries,
      bookingId: job.bookingId,
      jobId: job.id,
      mateId: job.mateId,
      who,
    },
    now,
  );
}

/**
 * A booking cancelled once its mates were on the way: the visiting charge it kept (what was paid
 * online of it; a booking to be paid after the service pays nothing, so earns nothing) goes to
 * those mates in whole paise, the first taking any paisa left over, less commission and TDS.
 */
export async function postVisitingCharge(
  tx: Tx,
  rates: Rates,
  onTheWay: readonly JobRow[],
  keptPaise: number,
  who: Who,
  now: Date,
) {
  const paid = onTheWay.filter((job) => job.mateId);
  if (paid.length === 0 || keptPaise <= 0) return;
  const share = Math.floor(keptPaise / paid.length);
  for (const [index, job] of paid.entries()) {
    const mateId = job.mateId as string;
    const gross = share + (index === 0 ? keptPaise - share * paid.length : 0);
    const earned = workEarned(
      mateId,
      gross,
      { commissionBp: job.commissionBp, tdsBp: await tdsBpOf(tx, mateId, rates) },
      "visiting_charge",
    );
    await post(
      tx,
      {
        kind: "visiting_charge",
        key: `job:${job.id}:visiting-charge`,
        entries: earned.entries,
        bookingId: job.bookingId,
        jobId: job.id,
        mateId,
        who,
      },
      now,
    );
  }
}

/** The mate took the bill's balance (tip included) in cash or by UPI. */
export const postCollected = (tx: Tx, job: JobRow, amountPaise: number, who: Who, now: Date) =>
  job.mateId
    ? post(
        tx,
        {
          kind: "collected",
          key: `job:${job.id}:collected`,
          entries: collectedByMate(job.mateId, amountPaise),
          bookingId: job.bookingId,
          jobId: job.id,
          mateId: job.mateId,
          who,
        },
        now,
      )
    : Promise.resolve(undefined);

/**
 * The job's tip, the mate's in full, posted when the bill that carries it is paid (online or to the
 * mate): a tip can change until then and never after (ratings.ts), so it is posted once, as paid.
 */
export const postTip = (tx: Tx, job: Pick<JobRow, "id" | "bookingId" | "mateId" | "tipRupees">, now: Date) =>
  job.mateId && job.tipRupees > 0
    ? post(
        tx,
        {
          kind: "tip",
          key: `tip:${job.id}`,
          entries: tipAdded(job.mateId, job.tipRupees * 100),
          bookingId: job.bookingId,
          jobId: job.id,
          mateId: job.mateId,
          who: SYSTEM,
        },
        now,
      )
    : Promise.resolve(undefined);

/** Mates credit granted (credit/ledger.ts): Mates' cost, or charged to a mate with a reason. */
export const postCreditGranted = (
  tx: Tx,
  grant: {
    id: string;
    rupees: number;
    bookingId: string | null;
    chargedTo?: { mateId: string; reason: string } | undefined;
  },
  who: Who,
  now: Date,
) =>
  post(
    tx,
    {
      kind: "credit_granted",
      key: `credit:${grant.id}`,
      entries: creditGranted(grant.rupees * 100, grant.chargedTo?.mateId),
      bookingId: grant.bookingId ?? undefined,
      mateId: grant.chargedTo?.mateId,
      memo: grant.chargedTo?.reason,
      who,
    },
    now,
  );

/** A move of credit on a booking (credit/ledger.ts): spent (positive rupees) or given back (negative). */
export const postCreditMove = (tx: Tx, move: { id: string; bookingId: string; rupees: number }, who: Who, now: Date) =>
  post(
    tx,
    {
      kind: move.rupees > 0 ? "credit_spent" : "credit_returned",
      key: `credit-move:${move.id}`,
      entries: move.rupees > 0 ? creditSpent(move.rupees * 100) : creditReturned(-move.rupees * 100),
      bookingId: move.bookingId,
      who,
    },
    now,
  );

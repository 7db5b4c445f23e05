import { and, eq, isNull } from "drizzle-orm";
import { type Entry, payoutFailed, payoutProcessed, payoutReversed } from "#domain/ledger.ts";
import { type PayoutStatus, payoutMovesTo, payoutReturned } from "#domain/payouts.ts";
import type { Tx } from "#server/db/client.ts";
import { post } from "#server/ledger/ledger.ts";
import { schedule } from "#server/queue/queue.ts";
import { payouts, settlements } from "./schema.ts";

/*
 * The one path by which a payout's state moves (record 064): RazorpayX's answer to the request,
 * its webhooks and the nightly reconciliation all come here. Under the payout's row lock the news
 * is applied only when it moves the payout forward (news arrives in any order, and twice), and the
 * ledger is posted in the same transaction: processed takes the money out of the bank; failed,
 * cancelled or rejected gives the amount back to the mate; reversed (paid, then back) too.
 */

const who = { actor: "system" as const };

/** The notice of a payout that ended without the money arriving (mate and operators). */
export const PAYOUT_NOTICE = "payout-notice";

export type News = {
  status: PayoutStatus;
  razorpayPayoutId?: string | undefined;
  utr?: string | undefined;
  failureReason?: string | undefined;
};

export type PayoutRow = typeof payouts.$inferSelect;

/** Applies news to our payout `payoutId` in `tx`; returns whether its status moved. */
export async function applyPayoutNews(tx: Tx, payoutId: string, news: News, now: Date): Promise<boolean> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
  if (!row) return false;
  const known = {
    ...(row.razorpayPayoutId === null && news.razorpayPayoutId ? { razorpayPayoutId: news.razorpayPayoutId } : {}),
    ...(row.razorpayPayoutId === null && news.razorpayPayoutId && !row.sentAt ? { sentAt: now } : {}),
    // The bank's reference may come after the payout was processed (payout.updated).
    ...(row.utr === null && news.utr ? { utr: news.utr } : {}),
  };
  if (!payoutMovesTo(row.status, news.status)) {
    if (Object.keys(known).length > 0) {
      await tx
        .update(payouts)
        .set({ ...known, updatedAt: now })
        .where(eq(payouts.id, row.id));
    }
    return false;
  }
  const next = news.status;
  await tx
    .update(payouts)
    .set({
      ...known,
      status: next,
      ...(news.utr ? { utr: news.utr } : {}),
      ...(payoutReturned(next) ? { failureReason: news.failureReason ?? `RazorpayX says ${next}.` } : {}),
      updatedAt: now,
    })
    .where(eq(payouts.id, row.id));
  const posting = (kind: string, key: string, entries: Entry[]) =>
    post(
      tx,
      { kind, key: `${key}:${row.id}`, entries, mateId: row.mateId, payoutId: row.id, memo: news.failureReason, who },
      now,
    );
  const processed = () => posting("payout_processed", "payout-processed", payoutProcessed(row.amountPaise));
  if (next === "processed") {
    await processed();
    await settle(tx, row.settlementId, "paid");
  } else if (next === "reversed") {
    // Paid, then back: the bank paid it first (posted once, also when the processed news never came).
    await processed();
    await posting("payout_reversed", "payout-reversed", payoutReversed(row.mateId, row.amountPaise));
  } else if (payoutReturned(next)) {
    await posting("payout_failed", "payout-returned", payoutFailed(row.mateId, row.amountPaise));
  }
  if (payoutReturned(next)) {
    await settle(tx, row.settlementId, "returned");
    await schedule(tx, {
      name: PAYOUT_NOTICE,
      key: `${PAYOUT_NOTICE}:${row.id}`,
      payload: { payoutId: row.id },
      runAt: now,
    });
  }
  return true;
}

/** The settlement's status follows its payout (only a retry's success makes a returned one paid again). */
async function settle(tx: Tx, settlementId: string, status: "paid" | "returned") {
  await tx.update(settlements).set({ status }).where(eq(settlements.id, settlementId));
}

/** Our payout that a RazorpayX payout is: by its id, else by the payout id we put in its notes. */
export async function payoutOfNews(
  tx: Pick<Tx, "select">,
  razorpayPayoutId: string,
  ourPayoutId: string | undefined,
): Promise<PayoutRow | undefined> {
  const [known] = await tx.select().from(payouts).where(eq(payouts.razorpayPayoutId, razorpayPayoutId));
  if (known) return known;
  if (!ourPayoutId) return undefined;
  // Its answer was lost: the webhook is the first we hear of RazorpayX's id.
  const [byNotes] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, ourPayoutId), isNull(payouts.razorpayPayoutId)));
  return byNotes;
}

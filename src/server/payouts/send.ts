import { eq } from "drizzle-orm";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { schedule } from "#server/queue/queue.ts";
import { applyPayoutNews } from "./news.ts";
import { type PayoutDeps, razorpayXOf } from "./payout-deps.ts";
import { payoutNewsOf, RazorpayXError } from "./razorpayx.ts";
import { payouts } from "./schema.ts";
import { PAYOUT_WORK } from "./work-names.ts";

/*
 * Sending an approved payout to RazorpayX (the queue's PAYOUT_WORK.send, record 064). The payout's
 * own id is the X-Payout-Idempotency key, so however often this runs (a lost answer, a crash, two
 * instances) RazorpayX makes one payout and answers each request with it. A refusal (4xx) ends the
 * payout as rejected and gives the amount back; anything else throws, and the queue tries again.
 */

/** Schedules the sending of a payout in the caller's transaction (the run's approval, a retry). */
export async function scheduleSend(
  db: Pick<Database, "insert" | "update">,
  payoutId: string,
  now: Date,
): Promise<void> {
  await schedule(db, {
    name: PAYOUT_WORK.send,
    key: `${PAYOUT_WORK.send}:${payoutId}`,
    payload: { payoutId },
    runAt: now,
  });
}

export async function sendPayout(deps: PayoutDeps, payload: Record<string, unknown>): Promise<void> {
  const payoutId = typeof payload.payoutId === "string" ? payload.payoutId : undefined;
  if (!payoutId) return;
  const [row] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  // Sent already (its answer stored, or its webhook came first) or ended: nothing to send.
  if (row?.status !== "queued" || row.razorpayPayoutId) return;
  if (!deps.razorpayX) {
    deps.logger.error({ payoutId }, "a payout waits to be sent but RazorpayX is not set up");
    throw new Error("RazorpayX is not set up");
  }
  const { client } = razorpayXOf(deps);
  let answer: Awaited<ReturnType<typeof client.createPayout>>;
  try {
    answer = await client.createPayout(
      {
        fundAccountId: row.fundAccountId,
        amountPaise: row.amountPaise,
        mode: row.mode === "UPI" ? "UPI" : "IMPS",
        referenceId: row.settlementId.slice(0, 40),
        notes: { payout_id: row.id, mate_id: row.mateId, attempt: String(row.attempt) },
      },
      row.id,
    );
  } catch (error) {
    // A refusal ends it, but never one about the key: a payout may exist under it, so it is not given back.
    if (error instanceof RazorpayXError && error.refused && !/idempotency/i.test(`${error.field} ${error.message}`)) {
      deps.logger.warn({ err: error, payoutId }, "RazorpayX refused a payout");
      await deps.db.transaction((tx) =>
        applyPayoutNews(tx, row.id, { status: "rejected", failureReason: error.message }, nowOf(deps)),
      );
      deps.queue?.poke();
      return;
    }
    throw error; // the network, a timeout, RazorpayX's servers: the queue asks again with the same key
  }
  const news = payoutNewsOf(answer);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    await applyPayoutNews(tx, row.id, news, now);
    await tx.update(payouts).set({ sentAt: now, updatedAt: now }).where(eq(payouts.id, row.id));
  });
  deps.queue?.poke();
}

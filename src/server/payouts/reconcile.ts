import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { kolkataDay, kolkataInstant } from "#domain/kolkata-time.ts";
import { formatPaise } from "#domain/payments.ts";
import { addDays, PAYOUT_RULES, payoutMovesTo } from "#domain/payouts.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { schedule } from "#server/queue/queue.ts";
import { applyPayoutNews, type PayoutRow } from "./news.ts";
import { mailOperators } from "./notices.ts";
import { type PayoutDeps, razorpayXOf } from "./payout-deps.ts";
import { payoutNewsOf, RazorpayXError } from "./razorpayx.ts";
import { payouts, reconciliationFlags } from "./schema.ts";
import { PAYOUT_WORK } from "./work-names.ts";

/*
 * The nightly reconciliation with RazorpayX (record 064), at 02:00 Asia/Kolkata on the durable
 * queue. Each payout sent in the last 7 days that has not ended, and each processed in the last
 * day, is read back from RazorpayX (paced like every call). Where RazorpayX is ahead, the payout
 * moves on by the webhook's path; a difference that news cannot explain (another amount, a state
 * behind ours or against it, a payout RazorpayX does not know, one approved over a day ago that
 * never reached it) is flagged once and mailed to the operators once.
 */

const DAY = 86_400_000;

/** The next 02:00 in Asia/Kolkata after `now`, and its day (the job's key). */
export function nextReconcileAt(now: Date): { at: Date; day: string } {
  const today = kolkataDay(now);
  for (const day of [today, addDays(today, 1)]) {
    const at = kolkataInstant(day, PAYOUT_RULES.reconcileHour * 60);
    if (at > now) return { at, day };
  }
  throw new Error("unreachable: tomorrow's 02:00 is after now");
}

/** Makes sure the next night's reconciliation is on the queue (start-up, and each run for the next). */
export async function ensureReconcileScheduled(db: Pick<Database, "insert" | "update">, now: Date): Promise<void> {
  const { at, day } = nextReconcileAt(now);
  await schedule(db, {
    name: PAYOUT_WORK.reconcile,
    key: `${PAYOUT_WORK.reconcile}:${day}`,
    payload: { day },
    runAt: at,
  });
}

/** What a night did; `unreachable`: payouts RazorpayX did not answer for (read again the next night). */
export type ReconcileResult = { checked: number; moved: number; flagged: number; unreachable: number };

/** PAYOUT_WORK.reconcile: one night's comparison, then the next night scheduled. */
export async function reconcilePayouts(deps: PayoutDeps): Promise<ReconcileResult> {
  const now = nowOf(deps);
  const result: ReconcileResult = { checked: 0, moved: 0, flagged: 0, unreachable: 0 };
  // The next night first: one bad night never stops the nights after it.
  await ensureReconcileScheduled(deps.db, new Date(now.getTime() + 60_000));
  if (deps.razorpayX && deps.razorpay) {
    const { client } = razorpayXOf(deps);
    const rows = await deps.db
      .select()
      .from(payouts)
      .where(
        and(
          isNotNull(payouts.razorpayPayoutId),
          or(
            and(
              gte(payouts.sentAt, new Date(now.getTime() - 7 * DAY)),
              inArray(payouts.status, ["queued", "pending", "processing"]),
            ),
            and(eq(payouts.status, "processed"), gte(payouts.updatedAt, new Date(now.getTime() - DAY))),
          ),
        ),
      );
    for (const row of rows) {
      result.checked += 1;
      let theirs: ReturnType<typeof payoutNewsOf>;
      try {
        theirs = payoutNewsOf(await client.getPayout(row.razorpayPayoutId ?? ""));
      } catch (error) {
        if (error instanceof RazorpayXError && (error.refused || error.unknown)) {
          result.flagged += await flag(deps, row, "RazorpayX does not know this payout", row.status, "unknown");
          continue;
        }
        // RazorpayX did not answer for this one (down, or too many requests): the others are
        // still compared, and this one is read again the next night while it is recent.
        result.unreachable += 1;
        continue;
      }
      if (theirs.amountPaise !== row.amountPaise) {
        result.flagged += await flag(
          deps,
          row,
          "The amount differs",
          formatPaise(row.amountPaise),
          formatPaise(theirs.amountPaise),
        );
      }
      if (theirs.status === row.status) continue;
      if (payoutMovesTo(row.status, theirs.status)) {
        const moved = await deps.db.transaction((tx) => applyPayoutNews(tx, row.id, theirs, now));
        if (moved) result.moved += 1;
      } else {
        result.flagged += await flag(deps, row, "The state differs", row.status, theirs.status);
      }
    }
    // Approved over a day ago and never accepted by RazorpayX (its sending gave up): an operator looks.
    const unsent = await deps.db
      .select()
      .from(payouts)
      .where(
        and(
          eq(payouts.status, "queued"),
          isNull(payouts.razorpayPayoutId),
          lt(payouts.createdAt, new Date(now.getTime() - DAY)),
          gte(payouts.createdAt, new Date(now.getTime() - 7 * DAY)),
        ),
      );
    for (const row of unsent) {
      result.checked += 1;
      result.flagged += await flag(deps, row, "Never reached RazorpayX", "queued", "none");
    }
    deps.queue?.poke();
  }
  return result;
}

/** Flags a difference unless the same one is open for the payout; mails the operators once per flag. */
async function flag(deps: PayoutDeps, row: PayoutRow, difference: string, ours: string, theirs: string) {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: reconciliationFlags.id })
      .from(reconciliationFlags)
      .where(
        and(
          eq(reconciliationFlags.payoutId, row.id),
          eq(reconciliationFlags.difference, difference),
          eq(reconciliationFlags.theirs, theirs),
          isNull(reconciliationFlags.resolvedAt),
        ),
      );
    if (open) return 0;
    const id = randomUUID();
    await tx.insert(reconciliationFlags).values({ id, payoutId: row.id, difference, ours, theirs, foundAt: now });
    await mailOperators(
      deps,
      `reconciliation-flag:${id}`,
      "reconciliation_flag",
      {
        subject: `Reconciliation: ${difference.toLowerCase()} for a payout`,
        parts: [
          `The nightly check with RazorpayX found a difference on payout ${row.id} (RazorpayX ${row.razorpayPayoutId ?? "none"}).`,
          `${difference}: ours ${ours}, RazorpayX ${theirs}.`,
          "Look at it in the console's finance page and in the RazorpayX dashboard.",
        ],
      },
      tx,
    );
    return 1;
  });
}

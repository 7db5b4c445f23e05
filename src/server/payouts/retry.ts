import { randomUUID } from "node:crypto";
import { and, eq, max, notInArray } from "drizzle-orm";
import { z } from "zod";
import { payoutSent } from "#domain/ledger.ts";
import { formatPaise } from "#domain/payments.ts";
import { payoutReturned } from "#domain/payouts.ts";
import { nowOf, payoutSettingsOf } from "#server/context.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { mateBalance, post } from "#server/ledger/ledger.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { activeDestination, destinationHeld, destinationHeldUntil } from "./destinations.ts";
import type { PayoutDeps } from "./payout-deps.ts";
import { payouts, settlements } from "./schema.ts";
import { scheduleSend } from "./send.ts";

/** A payout as the console shows it (B2's run page reads this from the retry's answer). */
export const payoutViewSchema = z.object({
  id: z.string(),
  status: z.string(),
  attempt: z.number().int(),
  amountPaise: z.number().int(),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

export const payoutView = (row: typeof payouts.$inferSelect): PayoutView => ({
  id: row.id,
  status: row.status,
  attempt: row.attempt,
  amountPaise: row.amountPaise,
  utr: row.utr,
  failureReason: row.failureReason,
});

const conflict = (message: string) => new AppError(409, "cannot_retry", message);
const ENDED = ["failed", "reversed", "cancelled", "rejected"] as const;

/**
 * POST /api/ops/payouts/:id/retry: a payout that ended without the money arriving is sent again as
 * a new payout (the next attempt, a new id and so a new idempotency key), to the mate's current
 * destination. Its amount, which had gone back to the mate's balance, leaves it again; audited.
 */
export async function retryPayout(deps: PayoutDeps, operatorId: string, payoutId: string): Promise<PayoutView> {
  const now = nowOf(deps);
  const made = await deps.db.transaction(async (tx) => {
    const [old] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!old) throw notFound("There is no such payout.");
    // The settlement, locked: one retry at a time per settlement.
    const [settlement] = await tx.select().from(settlements).where(eq(settlements.id, old.settlementId)).for("update");
    if (!settlement) throw notFound("There is no such settlement.");
    if (!payoutReturned(old.status)) {
      throw conflict(
        `This payout is ${old.status}; only a failed, reversed, rejected or cancelled one can be sent again.`,
      );
    }
    const [live] = await tx
      .select({ id: payouts.id, status: payouts.status })
      .from(payouts)
      .where(and(eq(payouts.settlementId, settlement.id), notInArray(payouts.status, [...ENDED])));
    if (live) throw conflict(`This settlement already has a payout on its way (${live.status}).`);
    const destination = await activeDestination(tx, old.mateId);
    if (!destination) throw conflict("The mate has no payout destination: ask them to add one first.");
    const settings = payoutSettingsOf(deps);
    if (destinationHeld(destination.addedAt, now, settings)) {
      throw conflict(
        `The mate changed where they are paid; payouts wait until ${destinationHeldUntil(destination.addedAt, settings).toISOString()}.`,
      );
    }
    // The returned amount is in the mate's balance, which a later week's run settles too: what
    // that run paid (or a charge since) is not sent again.
    // The mate locked first, as an approval and an adjustment lock them: the balance stays as read.
    await tx.select({ id: mates.id }).from(mates).where(eq(mates.id, old.mateId)).for("update");
    const owed = await mateBalance(tx, old.mateId);
    if (owed < old.amountPaise) {
      throw conflict(
        `Mates owes the mate ${formatPaise(Math.max(0, owed))} now, less than this payout: a later run paid it, or they were charged since. Nothing was sent.`,
      );
    }
    const [last] = await tx
      .select({ attempt: max(payouts.attempt) })
      .from(payouts)
      .where(eq(payouts.settlementId, settlement.id));
    const [row] = await tx
      .insert(payouts)
      .values({
        id: randomUUID(),
        settlementId: settlement.id,
        mateId: old.mateId,
        attempt: (last?.attempt ?? old.attempt) + 1,
        amountPaise: old.amountPaise,
        mode: destination.kind === "vpa" ? "UPI" : "IMPS",
        fundAccountId: destination.fundAccountId,
        status: "queued",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("the payout was not stored");
    await post(
      tx,
      {
        kind: "payout",
        key: `payout:${row.id}:sent`,
        entries: payoutSent(row.mateId, row.amountPaise),
        mateId: row.mateId,
        payoutId: row.id,
        memo: `retry of ${old.id}`,
        who: { actor: "operator", actorId: operatorId },
      },
      now,
    );
    await recordAudit(tx, {
      actorId: operatorId,
      action: "payout.retried",
      subjectType: "mate",
      subjectId: row.mateId,
      before: { payoutId: old.id, status: old.status, attempt: old.attempt },
      after: { payoutId: row.id, status: row.status, attempt: row.attempt, amountPaise: row.amountPaise },
      at: now,
    });
    await scheduleSend(tx, row.id, now);
    return row;
  });
  deps.queue?.poke();
  return payoutView(made);
}

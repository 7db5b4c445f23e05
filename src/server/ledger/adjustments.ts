import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AdjustmentInput, AdjustmentResponse } from "#domain/adjustments.ts";
import { adjustment } from "#domain/ledger.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import { notFound } from "#server/http/errors.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { mateBalance, post } from "./ledger.ts";

/**
 * An operator's adjustment of a mate's balance (record 062): posted with its reason as the memo
 * and audited, in one transaction with the mate's row locked.
 */
export async function adjustMate(
  deps: Pick<AppDeps, "db" | "now">,
  operatorId: string,
  mateId: string,
  input: AdjustmentInput,
): Promise<AdjustmentResponse["adjustment"]> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [mate] = await tx.select({ id: mates.id }).from(mates).where(eq(mates.id, mateId)).for("update");
    if (!mate) throw notFound("There is no such mate.");
    const before = await mateBalance(tx, mateId);
    const id = randomUUID();
    await post(
      tx,
      {
        kind: "adjustment",
        key: `adjustment:${id}`,
        entries: adjustment(mateId, input.amountRupees * 100),
        mateId,
        memo: input.reason,
        who: { actor: "operator", actorId: operatorId },
      },
      now,
    );
    const balancePaise = before + input.amountRupees * 100;
    await recordAudit(tx, {
      actorId: operatorId,
      action: "mate.adjust",
      subjectType: "mate",
      subjectId: mateId,
      before: { balancePaise: before },
      after: { balancePaise, amountRupees: input.amountRupees, transactionId: id },
      reason: input.reason,
      at: now,
    });
    return { id, mateId, amountRupees: input.amountRupees, reason: input.reason, balancePaise };
  });
}

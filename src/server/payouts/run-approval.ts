import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, notExists, sql } from "drizzle-orm";
import { payoutSent } from "#domain/ledger.ts";
import { heldUntil } from "#domain/payouts.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { postMany } from "#server/ledger/post-many.ts";
import { ledgerEntries } from "#server/ledger/schema.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { queuedJobs } from "#server/queue/schema.ts";
import { payoutDestinations, payoutRuns, payouts, settlements } from "./schema.ts";
import { PAYOUT_WORK } from "./work-names.ts";

/*
 * Approving a weekly run (record 065): in one transaction, under the run's row lock, each payable
 * settlement gets a queued payout (its id the idempotency key RazorpayX is sent), the posting that
 * moves the amount from the mate's balance to payouts in flight, and the queue job that sends it.
 * A second approval waits for the lock, finds the run approved and is refused; the partial unique
 * index on live payouts makes a second payout of one settlement impossible whatever happens.
 */

const CHUNK = 1000;
const RETURNED = ["failed", "reversed", "cancelled", "rejected"] as const;

export type ApproveDeps = Pick<AppDeps, "db" | "now" | "payouts" | "razorpayX" | "queue">;

/** Approves a draft run; resolves with how many payouts it queued. */
export async function approveRun(deps: ApproveDeps, operatorId: string, runId: string): Promise<{ payouts: number }> {
  if (!deps.razorpayX) {
    throw new AppError(409, "razorpayx_not_set_up", "RazorpayX is not set up, so payouts cannot be sent yet.");
  }
  const now = nowOf(deps);
  const { destinationHoldHours, requestsPerSecond } = payoutSettingsOf(deps);
  const queued = await deps.db.transaction(async (tx) => {
    const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).for("update");
    if (!run) throw notFound("There is no such payout run.");
    if (run.status !== "draft") throw new AppError(409, "not_draft", "This run has been approved already.");
    const [later] = await tx
      .select({ week: payoutRuns.week })
      .from(payoutRuns)
      .where(gt(payoutRuns.week, run.week))
      .limit(1);
    if (later) {
      throw new AppError(
        409,
        "superseded",
        `The run of the week of ${later.week} settles these balances again; approve that one instead.`,
      );
    }

    // Each payable settlement without a live payout, the mate's destination now and balance now.
    const due = await tx
      .select({
        id: settlements.id,
        mateId: settlements.mateId,
        amountPaise: settlements.amountPaise,
        balancePaise: settlements.balancePaise,
        status: settlements.status,
        kind: payoutDestinations.kind,
        fundAccountId: payoutDestinations.fundAccountId,
        addedAt: payoutDestinations.addedAt,
      })
      .from(settlements)
      .leftJoin(
        payoutDestinations,
        and(eq(payoutDestinations.mateId, settlements.mateId), isNull(payoutDestinations.replacedAt)),
      )
      .where(
        and(
          eq(settlements.runId, runId),
          // Held and unpaid-for-want-of-a-destination weeks are judged again: the hold may have
          // ended, or a destination been added, since the run was made.
          inArray(settlements.status, ["payable", "held", "no_destination"]),
          gt(settlements.balancePaise, 0),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payouts)
              .where(
                and(
                  eq(payouts.settlementId, settlements.id),
                  sql`${payouts.status} not in (${sql.join(
                    RETURNED.map((s) => sql`${s}`),
                    sql`, `,
                  )})`,
                ),
              ),
          ),
        ),
      );
    // The mates, locked in one order: a retry, an adjustment or another approval of theirs waits,
    // so the balance read next is what is paid from.
    const mateIds = [...new Set(due.map((row) => row.mateId))].sort();
    for (let start = 0; start < mateIds.length; start += CHUNK) {
      await tx
        .select({ id: mates.id })
        .from(mates)
        .where(inArray(mates.id, mateIds.slice(start, start + CHUNK)))
        .orderBy(mates.id)
        .for("update");
    }
    const balances = await balancesNow(tx, mateIds);

    const changed: { status: string; ids: string[] }[] = [
      { status: "no_destination", ids: [] },
      { status: "held", ids: [] },
      { status: "carried", ids: [] },
    ];
    const paying: {
      payoutId: string;
      settlementId: string;
      mateId: string;
      amountPaise: number;
      mode: string;
      fundAccountId: string;
    }[] = [];
    for (const row of due) {
      // What changed since the run was made: a new destination holds the payout again, and what
      // the mate was charged meanwhile is not paid out.
      const settled = row.status === "payable" ? row.amountPaise : row.balancePaise;
      const amountPaise = Math.min(settled, balances.get(row.mateId) ?? 0);
      if (!row.fundAccountId || !row.addedAt) changed[0]?.ids.push(row.id);
      else if (heldUntil(row.addedAt, destinationHoldHours) > now) changed[1]?.ids.push(row.id);
      else if (amountPaise <= 0) changed[2]?.ids.push(row.id);
      else {
        paying.push({
          payoutId: randomUUID(),
          settlementId: row.id,
          mateId: row.mateId,
          amountPaise,
          mode: row.kind === "bank_account" ? "IMPS" : "UPI",
          fundAccountId: row.fundAccountId,
        });
      }
    }
    for (const { status, ids } of changed) {
      for (let start = 0; start < ids.length; start += CHUNK) {
        await tx
          .update(settlements)
          .set({ status, amountPaise: 0 })
          .where(inArray(settlements.id, ids.slice(start, start + CHUNK)));
      }
    }

    for (let start = 0; start < paying.length; start += CHUNK) {
      const chunk = paying.slice(start, start + CHUNK);
      await tx.insert(payouts).values(
        chunk.map((p) => ({
          id: p.payoutId,
          settlementId: p.settlementId,
          mateId: p.mateId,
          attempt: 1,
          amountPaise: p.amountPaise,
          mode: p.mode,
          fundAccountId: p.fundAccountId,
          status: "queued" as const,
          createdAt: now,
          updatedAt: now,
        })),
      );
      // RazorpayX takes a few requests a second: the sends are spread out to match.
      await tx.insert(queuedJobs).values(
        chunk.map((p, index) => ({
          id: randomUUID(),
          name: PAYOUT_WORK.send,
          key: `payout-send:${p.payoutId}`,
          payload: { payoutId: p.payoutId },
          runAt: new Date(now.getTime() + Math.floor((start + index) / requestsPerSecond) * 1000),
        })),
      );
    }
    // What is paid is what the run shows: the amount (perhaps less than at the run's making) and payable.
    for (let start = 0; start < paying.length; start += CHUNK) {
      const rows = paying.slice(start, start + CHUNK).map((p) => ({ id: p.settlementId, amount: p.amountPaise }));
      await tx.execute(sql`
        update settlements set status = 'payable', amount_paise = v.amount
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, amount bigint)
        where settlements.id = v.id`);
    }
    await postMany(
      tx,
      paying.map((p) => ({
        kind: "payout",
        key: `payout:${p.payoutId}:sent`,
        entries: payoutSent(p.mateId, p.amountPaise),
        mateId: p.mateId,
        payoutId: p.payoutId,
        who: { actor: "operator", actorId: operatorId },
      })),
      now,
    );

    await tx
      .update(payoutRuns)
      .set({ status: "approved", approvedAt: now, approvedBy: operatorId })
      .where(eq(payoutRuns.id, runId));
    await recordAudit(tx, {
      actorId: operatorId,
      action: "payout_run.approve",
      subjectType: "payout_run",
      subjectId: runId,
      before: { status: run.status },
      after: {
        status: "approved",
        week: run.week,
        payouts: paying.length,
        totalPaise: paying.reduce((sum, p) => sum + p.amountPaise, 0),
      },
      at: now,
    });
    return paying.length;
  });
  deps.queue?.poke();
  return { payouts: queued };
}

/** What Mates owes each of these mates now (all their entries), in one grouped query. */
async function balancesNow(tx: Tx, mateIds: string[]): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  for (let start = 0; start < mateIds.length; start += CHUNK) {
    const rows = await tx
      .select({ mateId: ledgerEntries.mateId, total: sql<string>`sum(${ledgerEntries.amountPaise})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, "mate"), inArray(ledgerEntries.mateId, mateIds.slice(start, start + CHUNK))))
      .groupBy(ledgerEntries.mateId);
    for (const row of rows) if (row.mateId) balances.set(row.mateId, 0 - Number(row.total));
  }
  return balances;
}

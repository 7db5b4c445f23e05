import { desc, eq, sql } from "drizzle-orm";
import type { PayoutRun, PayoutRunDetail, RunStatus, SettlementStatus } from "#domain/payout-runs.ts";
import type { Database } from "#server/db/client.ts";
import { notFound } from "#server/http/errors.ts";
import { mates } from "#server/mates/schema.ts";
import { payoutRuns, payouts, settlements } from "./schema.ts";

/** The console's view of the weekly runs (record 065): the list, and one run per mate. */

type RunRow = typeof payoutRuns.$inferSelect;

const runColumns = {
  run: payoutRuns,
  mates: sql<number>`(select count(*)::int from settlements s where s.run_id = payout_runs.id)`,
  payable: sql<number>`(select count(*)::int from settlements s where s.run_id = payout_runs.id and s.amount_paise > 0)`,
  totalPaise: sql<string>`(select coalesce(sum(s.amount_paise), 0)::text from settlements s where s.run_id = payout_runs.id)`,
};

function present(row: { run: RunRow; mates: number; payable: number; totalPaise: string }): PayoutRun {
  const { run } = row;
  return {
    id: run.id,
    week: run.week,
    cutoff: run.cutoff.toISOString(),
    status: run.status as RunStatus,
    createdAt: run.createdAt.toISOString(),
    approvedAt: run.approvedAt?.toISOString() ?? null,
    approvedBy: run.approvedBy,
    mates: Number(row.mates),
    payable: Number(row.payable),
    totalPaise: Number(row.totalPaise),
  };
}

/** The runs, newest week first (a year of them). */
export async function listRuns(db: Database): Promise<PayoutRun[]> {
  const rows = await db.select(runColumns).from(payoutRuns).orderBy(desc(payoutRuns.week)).limit(53);
  return rows.map(present);
}

/** A run with each mate's settlement, by name, and the latest payout of each. */
export async function runDetail(db: Database, runId: string): Promise<PayoutRunDetail> {
  const [run] = await db.select(runColumns).from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) throw notFound("There is no such payout run.");
  const [rows, latest] = await Promise.all([
    db
      .select({ settlement: settlements, name: mates.name })
      .from(settlements)
      .innerJoin(mates, eq(mates.id, settlements.mateId))
      .where(eq(settlements.runId, runId))
      .orderBy(mates.name, settlements.mateId),
    db
      .selectDistinctOn([payouts.settlementId])
      .from(payouts)
      .where(sql`${payouts.settlementId} in (select s.id from settlements s where s.run_id = ${runId})`)
      .orderBy(payouts.settlementId, desc(payouts.attempt)),
  ]);
  const payoutOf = new Map(latest.map((payout) => [payout.settlementId, payout]));
  return {
    run: present(run),
    settlements: rows.map(({ settlement: s, name }) => {
      const payout = payoutOf.get(s.id);
      return {
        id: s.id,
        mateId: s.mateId,
        name,
        jobs: s.jobs,
        grossPaise: s.grossPaise,
        commissionPaise: s.commissionPaise,
        tdsPaise: s.tdsPaise,
        tipsPaise: s.tipsPaise,
        collectedPaise: s.collectedPaise,
        adjustmentsPaise: s.adjustmentsPaise,
        balancePaise: s.balancePaise,
        amountPaise: s.amountPaise,
        status: s.status as SettlementStatus,
        payout: payout
          ? {
              id: payout.id,
              status: payout.status,
              attempt: payout.attempt,
              amountPaise: Number(payout.amountPaise),
              utr: payout.utr,
              failureReason: payout.failureReason,
            }
          : null,
      };
    }),
  };
}

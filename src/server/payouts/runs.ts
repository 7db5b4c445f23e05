import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { nextRunAt, type PayoutSettings, weekBounds } from "#domain/payouts.ts";
import { nowOf, payoutSettingsOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError } from "#server/http/errors.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { schedule } from "#server/queue/queue.ts";
import { payoutRuns, settlements } from "./schema.ts";
import { PAYOUT_WORK } from "./work-names.ts";

/*
 * The weekly run (issue 39, record 065): on the payout day a queued job settles the week before.
 * It writes the run (a draft for an operator to look at) and one settlement per mate, each mate's
 * week summed from the ledger and their balance at the week's end, in one transaction and a few
 * set-based statements, however many mates there are.
 */

type Executor = Pick<Database, "insert" | "update">;

/** The queue key of the run that settles a week: one run per week, whoever schedules it. */
export const runKey = (week: string) => `payout-run:${week}`;

/** Schedules the next weekly run (idempotent by its key: start-up calls it on every instance). */
export async function ensureRunScheduled(
  db: Executor,
  now: Date,
  settings: Pick<PayoutSettings, "payoutWeekday">,
): Promise<void> {
  const { at, week } = nextRunAt(now, settings.payoutWeekday);
  await schedule(db, { name: PAYOUT_WORK.run, key: runKey(week), payload: { week }, runAt: at });
}

export type MadeRun = { runId: string; made: boolean };

/**
 * Makes the run that settles `week` (its Monday), unless there is one: a repeat, or a second
 * instance, finds the run already made and changes nothing. Asked for during the week (by an
 * operator), it settles the week so far; the payout day's job then finds the run made, and what
 * came after its cutoff goes to the next week's run. A week older than the latest run's is refused. Mates with an entry in the week or a
 * balance other than zero at its end get a settlement:
 * - carried: the balance is zero or below (the mate owes Mates; it is carried to the next week);
 * - no_destination: Mates owes the mate but has nowhere to pay them;
 * - held: the mate's destination was added less than `destinationHoldHours` before now;
 * - payable: the rest, for the whole balance.
 */
export async function makeRun(
  db: Database,
  week: string,
  now: Date,
  settings: Pick<PayoutSettings, "destinationHoldHours">,
  /** The operator who asked for it in the console (audited); the queue's run has none. */
  operatorId?: string,
): Promise<MadeRun> {
  const bounds = weekBounds(week);
  // An operator may settle the week so far (the payout day's job always comes after the week).
  const cutoff = bounds.to < now ? bounds.to : now;
  return db.transaction(async (tx) => {
    // The figures cover what no run has settled yet: since the last run's cutoff (the end of the
    // week before, or the moment an early run was made), else the week's start.
    const [previous] = await tx
      .select({ cutoff: payoutRuns.cutoff, week: payoutRuns.week })
      .from(payoutRuns)
      .orderBy(desc(payoutRuns.cutoff))
      .limit(1);
    const [run] = await tx
      .insert(payoutRuns)
      .values({ id: randomUUID(), week, cutoff, status: "draft", createdAt: now })
      .onConflictDoNothing({ target: payoutRuns.week })
      .returning({ id: payoutRuns.id });
    if (!run) {
      const [existing] = await tx.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.week, week));
      if (!existing) throw new Error(`the run of ${week} is neither new nor there`);
      return { runId: existing.id, made: false };
    }
    if (previous && previous.week > week) {
      throw new AppError(
        409,
        "later_run",
        `The week of ${previous.week} has a run already; it settles this week's balance too.`,
      );
    }
    const from = previous && previous.cutoff < cutoff ? previous.cutoff : bounds.from;
    await insertSettlements(tx, run.id, { from, cutoff, now, holdHours: settings.destinationHoldHours });
    if (operatorId) {
      await recordAudit(tx, {
        actorId: operatorId,
        action: "payout_run.make",
        subjectType: "payout_run",
        subjectId: run.id,
        after: { week, status: "draft" },
        at: now,
      });
    }
    return { runId: run.id, made: true };
  });
}

/**
 * One statement: every mate's week and balance in one grouped pass over their entries before the
 * cutoff, the week's distinct jobs from the service entries, the active destination; inserted as
 * settlements. Amounts on the mate's account are debit-positive, so what is owed to the mate is
 * the negated sum.
 */
async function insertSettlements(
  tx: Tx,
  runId: string,
  window: { from: Date; cutoff: Date; now: Date; holdHours: number },
): Promise<void> {
  const from = sql`${window.from.toISOString()}::timestamptz`;
  const cutoff = sql`${window.cutoff.toISOString()}::timestamptz`;
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const inWeek = sql`e.at >= ${from}`;
  const weekSum = (lines: string[], sign: "" | "-") =>
    sql`coalesce(${sql.raw(sign)}sum(e.amount_paise) filter (where ${inWeek} and e.line in (${sql.join(
      lines.map((line) => sql`${line}`),
      sql`, `,
    )})), 0)`;
  await tx.execute(sql`
    insert into settlements (id, run_id, mate_id, jobs, gross_paise, commission_paise, tds_paise, tips_paise,
      collected_paise, adjustments_paise, balance_paise, amount_paise, status)
    with sums as (
      select e.mate_id,
        count(*) filter (where ${inWeek}) as week_entries,
        ${weekSum(["service", "visiting_charge"], "-")} as gross,
        ${weekSum(["commission"], "")} as commission,
        ${weekSum(["tds"], "")} as tds,
        ${weekSum(["tip"], "-")} as tips,
        ${weekSum(["collected"], "")} as collected,
        ${weekSum(["adjustment", "charged_to_mate"], "-")} as adjustments,
        -sum(e.amount_paise) as balance
      from ledger_entries e
      where e.account = 'mate' and e.at < ${cutoff}
      group by e.mate_id
    ),
    week_jobs as (
      select e.mate_id, count(distinct t.job_id) as jobs
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      where e.account = 'mate' and e.line = 'service' and ${inWeek} and e.at < ${cutoff} and t.job_id is not null
      group by e.mate_id
    ),
    judged as (
      select s.*,
        case
          when s.balance <= 0 then 'carried'
          when d.id is null then 'no_destination'
          when d.added_at + make_interval(hours => ${window.holdHours}::int) > ${now} then 'held'
          else 'payable'
        end as status
      from sums s
      left join payout_destinations d on d.mate_id = s.mate_id and d.replaced_at is null
      where s.week_entries > 0 or s.balance <> 0
    )
    select gen_random_uuid()::text, ${runId}, j.mate_id, coalesce(w.jobs, 0), j.gross, j.commission, j.tds, j.tips,
      j.collected, j.adjustments, j.balance, case when j.status = 'payable' then j.balance else 0 end, j.status
    from judged j
    left join week_jobs w on w.mate_id = j.mate_id
  `);
}

/** The queue's handler: makes the run of the payload's week, then schedules the next one. */
export function payoutRunHandlers(deps: { db: Database; now?: () => Date; payouts?: PayoutSettings }) {
  return {
    [PAYOUT_WORK.run]: async (payload: Record<string, unknown>) => {
      const settings = payoutSettingsOf(deps);
      const now = nowOf(deps);
      const week = typeof payload.week === "string" ? payload.week : undefined;
      if (!week) throw new Error("a payout run's job names no week");
      // The next week's run first: whatever happens to this one, the schedule goes on.
      await ensureRunScheduled(deps.db, now, settings);
      try {
        await makeRun(deps.db, week, now, settings);
      } catch (error) {
        // An operator settled a later week already: its run holds this week's balances.
        if (error instanceof AppError && error.code === "later_run") return;
        throw error;
      }
    },
  };
}

/** Settlement rows of a run (tests and the bench read them). */
export const settlementsOf = (db: Pick<Database, "select">, runId: string) =>
  db.select().from(settlements).where(eq(settlements.runId, runId));

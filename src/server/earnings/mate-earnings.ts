import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { EarningJob, EarningPayout, MateWeeks, WeekDetail, WeekTotals } from "#domain/earnings.ts";
import type { Line } from "#domain/ledger.ts";
import { addDays, type PayoutStatus, weekBounds, weekOf } from "#domain/payouts.ts";
import { jobs } from "#server/bookings/schema.ts";
import { services } from "#server/catalogue/schema.ts";
import type { Database } from "#server/db/client.ts";
import { mateBalance } from "#server/ledger/ledger.ts";
import { ledgerEntries, ledgerTransactions } from "#server/ledger/schema.ts";
import { payouts } from "#server/payouts/schema.ts";

/*
 * A mate's money, week by week (issue 39, record 066), read from their own ledger entries only:
 * every query names the mate's id and a time range, so it walks ledger_entries_mate_idx
 * (mate_id, at) and nothing of another mate's. A ledger amount is debit-positive; a mate reads it
 * the other way round (what Mates owes them is positive), so each figure below turns its sign once.
 */

type Db = Pick<Database, "select">;
const PAGE_WEEKS = 8;

/** The Monday of a week, Asia/Kolkata, as SQL computes it from an entry's time (India keeps +05:30 all year). */
const weekOfAt = sql<string>`to_char(date_trunc('week', (${ledgerEntries.at} at time zone 'UTC') + interval '330 minutes'), 'YYYY-MM-DD')`;

/** A week's figures from its sums per line (ledger signs), as the mate reads them. */
export function totalsOf(week: string, sums: Partial<Record<Line, number>>, jobsDone: number): WeekTotals {
  const s = (line: Line) => sums[line] ?? 0;
  const grossPaise = -(s("service") + s("visiting_charge"));
  const commissionPaise = s("commission");
  const tdsPaise = s("tds");
  const tipsPaise = -s("tip");
  const collectedPaise = s("collected");
  const adjustmentsPaise = -(s("adjustment") + s("charged_to_mate") + s("dues_paid"));
  const paidOutPaise = s("payout") + s("payout_returned");
  return {
    week,
    jobs: jobsDone,
    grossPaise,
    commissionPaise,
    tdsPaise,
    tipsPaise,
    collectedPaise,
    adjustmentsPaise,
    paidOutPaise,
    earnedPaise: grossPaise - commissionPaise - tdsPaise + tipsPaise - collectedPaise + adjustmentsPaise,
  };
}

const JOB_LINES = new Set<Line>(["service", "visiting_charge", "commission", "tds", "tip", "collected"]);
const ADJUSTMENT_LINES = new Set<Line>(["adjustment", "charged_to_mate", "dues_paid"]);

/**
 * The mate's entries in [from, to) (of the given lines only, when given), each with its
 * transaction's job, booking and memo, in order.
 */
export async function entriesBetween(db: Db, mateId: string, from: Date, to: Date, lines?: Line[]) {
  return db
    .select({
      line: ledgerEntries.line,
      amountPaise: ledgerEntries.amountPaise,
      at: ledgerEntries.at,
      transactionId: ledgerEntries.transactionId,
      jobId: ledgerTransactions.jobId,
      bookingId: ledgerTransactions.bookingId,
      memo: ledgerTransactions.memo,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.mateId, mateId),
        gte(ledgerEntries.at, from),
        lt(ledgerEntries.at, to),
        lines ? inArray(ledgerEntries.line, lines) : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.id));
}

/** The titles of jobs' services: nothing else of the job or its customer. */
async function serviceTitles(db: Db, jobIds: string[]): Promise<Map<string, string>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select({ id: jobs.id, name: jobs.service, title: services.title })
    .from(jobs)
    .leftJoin(services, eq(services.name, jobs.service))
    .where(inArray(jobs.id, jobIds));
  return new Map(rows.map((row) => [row.id, row.title ?? row.name]));
}

/** The mate's payouts made in [from, to), oldest first. */
export async function payoutsBetween(db: Db, mateId: string, from: Date, to: Date): Promise<EarningPayout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.mateId, mateId), gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
    .orderBy(asc(payouts.createdAt));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    amountPaise: row.amountPaise,
    mode: row.mode,
    status: row.status as PayoutStatus,
    utr: row.utr,
    failureReason: row.failureReason,
  }));
}

/** Per job: what it earned, less commission and TDS, with its tip and what the mate collected. */
export async function jobsOf(db: Db, entries: Awaited<ReturnType<typeof entriesBetween>>): Promise<EarningJob[]> {
  const byJob = new Map<string, { first: (typeof entries)[number]; sums: Partial<Record<Line, number>> }>();
  for (const entry of entries) {
    if (!JOB_LINES.has(entry.line)) continue;
    const key = entry.jobId ?? entry.transactionId;
    const found = byJob.get(key) ?? { first: entry, sums: {} };
    found.sums[entry.line] = (found.sums[entry.line] ?? 0) + entry.amountPaise;
    byJob.set(key, found);
  }
  const titles = await serviceTitles(
    db,
    [...byJob.values()].flatMap(({ first }) => (first.jobId ? [first.jobId] : [])),
  );
  return [...byJob.entries()].map(([key, { first, sums }]) => {
    const t = totalsOf("", sums, 0);
    return {
      jobId: key,
      bookingId: first.bookingId,
      at: first.at.toISOString(),
      service: (first.jobId && titles.get(first.jobId)) || "Work",
      grossPaise: t.grossPaise,
      commissionPaise: t.commissionPaise,
      tdsPaise: t.tdsPaise,
      tipPaise: t.tipsPaise,
      collectedPaise: t.collectedPaise,
      netPaise: t.grossPaise - t.commissionPaise - t.tdsPaise + t.tipsPaise - t.collectedPaise,
    };
  });
}

/** One week of the mate's money in full (`week` its Monday). */
export async function weekDetail(db: Db, mateId: string, week: string): Promise<WeekDetail> {
  const { from, to } = weekBounds(week);
  const [entries, openingPaise, weekPayouts] = await Promise.all([
    entriesBetween(db, mateId, from, to),
    mateBalance(db, mateId, from),
    payoutsBetween(db, mateId, from, to),
  ]);
  const sums: Partial<Record<Line, number>> = {};
  let jobsDone = 0;
  for (const entry of entries) {
    sums[entry.line] = (sums[entry.line] ?? 0) + entry.amountPaise;
    if (entry.line === "service" || entry.line === "visiting_charge") jobsDone += 1;
  }
  const totals = totalsOf(week, sums, jobsDone);
  return {
    totals,
    openingPaise,
    closingPaise: openingPaise + totals.earnedPaise - totals.paidOutPaise,
    jobs: await jobsOf(db, entries),
    adjustments: entries
      .filter((entry) => ADJUSTMENT_LINES.has(entry.line))
      .map((entry) => ({
        at: entry.at.toISOString(),
        kind: entry.line,
        amountPaise: -entry.amountPaise,
        reason: entry.memo,
        jobId: entry.jobId,
      })),
    payouts: weekPayouts,
  };
}

/** Weeks in [from, to) with any money, newest first, each with its totals: one grouped query. */
async function weekTotalsBetween(db: Db, mateId: string, from: Date, to: Date): Promise<WeekTotals[]> {
  const rows = await db
    .select({
      week: weekOfAt,
      line: ledgerEntries.line,
      total: sql<string>`sum(${ledgerEntries.amountPaise})`,
      count: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.mateId, mateId), gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)))
    .groupBy(weekOfAt, ledgerEntries.line);
  const weeks = new Map<string, { sums: Partial<Record<Line, number>>; jobs: number }>();
  for (const row of rows) {
    const week = weeks.get(row.week) ?? { sums: {}, jobs: 0 };
    week.sums[row.line] = Number(row.total);
    if (row.line === "service" || row.line === "visiting_charge") week.jobs += Number(row.count);
    weeks.set(row.week, week);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([week, { sums, jobs: count }]) => totalsOf(week, sums, count));
}

/**
 * The earnings screen: the balance, this week in full, and a page of past weeks (up to 8 calendar
 * weeks before `before`, those with any money), with where the next page starts: just after the
 * latest older entry's week, so a stretch of weeks without money is skipped, not paged through.
 */
export async function mateWeeks(db: Db, mateId: string, now: Date, before?: string): Promise<MateWeeks> {
  const thisWeek = weekOf(now);
  const pageEnd = before && before < thisWeek ? weekOf(new Date(`${before}T12:00:00Z`)) : thisWeek;
  const pageStart = addDays(pageEnd, -7 * PAGE_WEEKS);
  const startAt = weekBounds(pageStart).from;
  const [balancePaise, detail, weeks, older] = await Promise.all([
    mateBalance(db, mateId),
    weekDetail(db, mateId, thisWeek),
    weekTotalsBetween(db, mateId, startAt, weekBounds(pageEnd).from),
    db
      .select({ at: ledgerEntries.at })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.mateId, mateId), lt(ledgerEntries.at, startAt)))
      .orderBy(desc(ledgerEntries.at))
      .limit(1),
  ]);
  return {
    balancePaise,
    owedPaise: balancePaise < 0 ? -balancePaise : 0,
    thisWeek: detail,
    weeks,
    nextBefore: older[0] ? addDays(weekOf(older[0].at), 7) : null,
  };
}

import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import type { Finance } from "#domain/earnings.ts";
import { rupeesText } from "#domain/earnings.ts";
import { kolkataDay, kolkataInstant } from "#domain/kolkata-time.ts";
import { type PayoutSettings, quarterBounds, quarterOf } from "#domain/payouts.ts";
import type { Database } from "#server/db/client.ts";
import { accountBalance } from "#server/ledger/ledger.ts";
import { ledgerEntries, ledgerTransactions } from "#server/ledger/schema.ts";
import { mates } from "#server/mates/schema.ts";
import { payoutRuns, payouts, reconciliationFlags, settlements } from "#server/payouts/schema.ts";
import { csvLine } from "./csv.ts";
import { tdsRateOf } from "./statements.ts";

/*
 * The console's finance page and the accountant's exports (issue 39, record 066). Each figure is
 * one query over the ledger or the payout tables; the exports stream in pages by entry id so a
 * year of a million entries never sits in memory at once.
 */

type Db = Pick<Database, "select">;

/** The calendar month of `now` in Asia/Kolkata, as instants [from, to). */
function monthBounds(now: Date) {
  const day = kolkataDay(now);
  const [year, month] = day.split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  return { from: kolkataInstant(`${day.slice(0, 8)}01`, 0), to: kolkataInstant(next, 0) };
}

/** The quarter (Asia/Kolkata, calendar quarter = a financial year's quarter) of an entry's time, as its first day. */
const quarterStartOf = sql<string>`to_char(date_trunc('quarter', (${ledgerEntries.at} at time zone 'UTC') + interval '330 minutes'), 'YYYY-MM-DD')`;

export async function financeFigures(db: Db, now: Date): Promise<Finance> {
  const here = quarterOf(now);
  const [month, quarter, allTime, tdsPayable, inFlight, tdsRows, balances, byState, flags] = await Promise.all([
    accountBalance(db, "commission", monthBounds(now)),
    accountBalance(db, "commission", quarterBounds(here.financialYear, here.quarter)),
    accountBalance(db, "commission"),
    accountBalance(db, "tds"),
    accountBalance(db, "payouts"),
    db
      .select({ start: quarterStartOf, total: sql<string>`sum(${ledgerEntries.amountPaise})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, "tds"))
      .groupBy(quarterStartOf),
    db
      .select({
        held: sql<string>`coalesce(sum(-b.total) filter (where b.total < 0), 0)`,
        owed: sql<string>`coalesce(sum(b.total) filter (where b.total > 0), 0)`,
      })
      .from(
        db
          .select({ total: sql<string>`sum(${ledgerEntries.amountPaise})`.as("total") })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.account, "mate"))
          .groupBy(ledgerEntries.mateId)
          .as("b"),
      ),
    db
      .select({
        status: payouts.status,
        count: sql<number>`count(*)::int`,
        total: sql<string>`sum(${payouts.amountPaise})`,
      })
      .from(payouts)
      .groupBy(payouts.status)
      .orderBy(payouts.status),
    db
      .select()
      .from(reconciliationFlags)
      .where(isNull(reconciliationFlags.resolvedAt))
      .orderBy(desc(reconciliationFlags.foundAt))
      .limit(100),
  ]);
  return {
    commission: { monthPaise: month, quarterPaise: quarter, allTimePaise: allTime },
    tdsByQuarter: tdsRows
      .map((row) => {
        const q = quarterOf(kolkataInstant(row.start, 0));
        return { financialYear: q.financialYear, quarter: q.quarter, paise: -Number(row.total) };
      })
      .sort((a, b) =>
        a.financialYear === b.financialYear ? b.quarter - a.quarter : a.financialYear < b.financialYear ? 1 : -1,
      ),
    tdsPayablePaise: tdsPayable,
    heldForMatesPaise: Number(balances[0]?.held ?? 0),
    owedByMatesPaise: Number(balances[0]?.owed ?? 0),
    payoutsInFlightPaise: inFlight,
    payoutsByState: byState.map((row) => ({ status: row.status, count: row.count, paise: Number(row.total) })),
    openDifferences: flags.map((flag) => ({
      id: flag.id,
      payoutId: flag.payoutId,
      difference: flag.difference,
      ours: flag.ours,
      theirs: flag.theirs,
      foundAt: flag.foundAt.toISOString(),
    })),
  };
}

/** Kolkata days [from, to] (inclusive) as instants [from, to + 1 day). */
export function dayRange(from: string, to: string) {
  return { from: kolkataInstant(from, 0), to: new Date(kolkataInstant(to, 0).getTime() + 86_400_000) };
}

const PAGE = 5000;
const stamp = (at: Date) => `${kolkataDay(at)} ${new Date(at.getTime() + 330 * 60_000).toISOString().slice(11, 19)}`;

/**
 * Every ledger entry in the range with its transaction, as CSV lines (the header first), read in
 * pages by entry id: debit and credit in rupees, the mate by id and name.
 */
export async function* ledgerCsv(db: Db, range: { from: Date; to: Date }): AsyncGenerator<string> {
  yield csvLine([
    "Date (IST)",
    "Transaction",
    "Kind",
    "Account",
    "Mate",
    "Mate name",
    "Line",
    "Debit",
    "Credit",
    "Memo",
    "Booking",
    "Job",
  ]);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: ledgerEntries.id,
        at: ledgerEntries.at,
        account: ledgerEntries.account,
        mateId: ledgerEntries.mateId,
        mateName: mates.name,
        line: ledgerEntries.line,
        amountPaise: ledgerEntries.amountPaise,
        transactionId: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        memo: ledgerTransactions.memo,
        bookingId: ledgerTransactions.bookingId,
        jobId: ledgerTransactions.jobId,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(mates, eq(mates.id, ledgerEntries.mateId))
      .where(and(gt(ledgerEntries.id, after), gte(ledgerEntries.at, range.from), lt(ledgerEntries.at, range.to)))
      .orderBy(asc(ledgerEntries.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvLine([
          stamp(row.at),
          row.transactionId,
          row.kind,
          row.account,
          row.mateId,
          row.mateName,
          row.line,
          row.amountPaise > 0 ? rupeesText(row.amountPaise) : "",
          row.amountPaise < 0 ? rupeesText(-row.amountPaise) : "",
          row.memo,
          row.bookingId,
          row.jobId,
        ]),
      )
      .join("");
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < PAGE) return;
  }
}

/** Payouts made in the range, with their week, state and UTR. */
export async function payoutsCsv(db: Db, range: { from: Date; to: Date }): Promise<string> {
  const rows = await db
    .select({ payout: payouts, mateName: mates.name, week: payoutRuns.week })
    .from(payouts)
    .innerJoin(mates, eq(mates.id, payouts.mateId))
    .innerJoin(settlements, eq(settlements.id, payouts.settlementId))
    .innerJoin(payoutRuns, eq(payoutRuns.id, settlements.runId))
    .where(and(gte(payouts.createdAt, range.from), lt(payouts.createdAt, range.to)))
    .orderBy(asc(payouts.createdAt));
  return (
    csvLine([
      "Created (IST)",
      "Payout",
      "Week",
      "Mate",
      "Mate name",
      "Attempt",
      "Amount",
      "Mode",
      "Status",
      "UTR",
      "Failure",
      "RazorpayX payout",
      "Updated (IST)",
    ]) +
    rows
      .map(({ payout, mateName, week }) =>
        csvLine([
          stamp(payout.createdAt),
          payout.id,
          week,
          payout.mateId,
          mateName,
          payout.attempt,
          rupeesText(payout.amountPaise),
          payout.mode,
          payout.status,
          payout.utr,
          payout.failureReason,
          payout.razorpayPayoutId,
          stamp(payout.updatedAt),
        ]),
      )
      .join("")
  );
}

/**
 * TDS by mate for a quarter, with the full PAN (the accountant files the return with it; the route
 * audits the read): gross, TDS, the rate as the figures show it.
 */
export async function tdsByMateCsv(
  db: Db,
  financialYear: string,
  quarter: 1 | 2 | 3 | 4,
  settings: PayoutSettings,
): Promise<string> {
  const { from, to } = quarterBounds(financialYear, quarter);
  const rows = await db
    .select({
      mateId: ledgerEntries.mateId,
      name: mates.name,
      pan: mates.pan,
      gross: sql<string>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.line} in ('service', 'visiting_charge')), 0)`,
      tds: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.line} = 'tds'), 0)`,
      jobs: sql<number>`(count(*) filter (where ${ledgerEntries.line} in ('service', 'visiting_charge')))::int`,
    })
    .from(ledgerEntries)
    .innerJoin(mates, eq(mates.id, ledgerEntries.mateId))
    .where(and(eq(ledgerEntries.account, "mate"), gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)))
    .groupBy(ledgerEntries.mateId, mates.name, mates.pan)
    .orderBy(mates.name);
  const label = `${financialYear} Q${quarter}`;
  return (
    csvLine(["Quarter", "Mate", "Mate name", "PAN", "Jobs", "Gross", "TDS rate", "TDS"]) +
    rows
      .filter((row) => Number(row.gross) !== 0 || Number(row.tds) !== 0)
      .map((row) =>
        csvLine([
          label,
          row.mateId,
          row.name,
          row.pan ?? "not given",
          row.jobs,
          rupeesText(Number(row.gross)),
          tdsRateOf(Number(row.gross), Number(row.tds), settings),
          rupeesText(Number(row.tds)),
        ]),
      )
      .join("")
  );
}

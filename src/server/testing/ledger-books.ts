import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { jobs } from "#server/bookings/schema.ts";
import type { Database } from "#server/db/client.ts";
import { accountBalance, mateBalance } from "#server/ledger/ledger.ts";
import { ledgerEntries } from "#server/ledger/schema.ts";
import { mates } from "#server/mates/schema.ts";

/** Reading the ledger in tests of its postings (record 062): balances before and after, and that all balance. */

const ACCOUNTS = ["commission", "tds", "bank", "customers", "platform_cost", "credit"] as const;

/** The books as one mate and the platform read them, in paise. */
export async function books(db: Database, mateId: string) {
  const figures: Record<string, number> = { mate: await mateBalance(db, mateId) };
  for (const account of ACCOUNTS) figures[account] = await accountBalance(db, account);
  return figures;
}

/** What moved since `before`, leaving out what did not. */
export async function moved(db: Database, mateId: string, before: Record<string, number>) {
  const after = await books(db, mateId);
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, value]) => [name, value - (before[name] ?? 0)] as const)
      .filter(([, change]) => change !== 0),
  );
}

/** No transaction in the ledger has entries that fail to sum to zero. */
export async function expectAllBalanced(db: Database) {
  const unbalanced = await db
    .select({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId)
    .having(sql`sum(${ledgerEntries.amountPaise}) <> 0`);
  expect(unbalanced).toEqual([]);
}

/** The mate of a booking's one job. */
export async function mateOfBooking(db: Database, bookingId: string) {
  const [job] = await db.select().from(jobs).where(eq(jobs.bookingId, bookingId));
  if (!job?.mateId) throw new Error("no mate was assigned");
  return { job, mateId: job.mateId };
}

/** Gives the mate a PAN (or takes it away), as the mate app records it. */
export const setPan = (db: Database, mateId: string, pan: string | null, now: Date) =>
  db
    .update(mates)
    .set({ pan, panGivenAt: pan ? now : null })
    .where(eq(mates.id, mateId));

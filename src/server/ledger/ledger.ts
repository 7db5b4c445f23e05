import { randomUUID } from "node:crypto";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { type Account, balanced, type Entry } from "#domain/ledger.ts";
import type { Who } from "#server/bookings/transitions.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { ledgerEntries, ledgerTransactions } from "./schema.ts";

/*
 * Posting to the ledger (issue 39, record 061). Every money event calls `post` inside the database
 * transaction of the change that causes it, so the change and its entries commit together or not
 * at all. The entries are checked here and again by the database when the transaction commits.
 */

export type Posting = {
  kind: string;
  /** Names the event once: posting the same key again posts nothing. */
  key: string;
  entries: readonly Entry[];
  bookingId?: string | undefined;
  jobId?: string | undefined;
  mateId?: string | undefined;
  payoutId?: string | undefined;
  memo?: string | undefined;
  who: Who;
};

/**
 * Posts a balanced transaction; returns its id, or undefined when its key was posted before (or
 * it has no entries: an event of nothing moves nothing).
 */
export async function post(tx: Tx, posting: Posting, now: Date): Promise<string | undefined> {
  const entries = posting.entries.filter((entry) => entry.amountPaise !== 0);
  if (entries.length === 0) return undefined;
  if (!balanced(entries)) throw new Error(`ledger posting ${posting.key} does not balance`);
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountPaise)) throw new Error(`ledger posting ${posting.key}: paise must be whole`);
  }
  const id = randomUUID();
  const [made] = await tx
    .insert(ledgerTransactions)
    .values({
      id,
      kind: posting.kind,
      key: posting.key,
      at: now,
      bookingId: posting.bookingId ?? null,
      jobId: posting.jobId ?? null,
      mateId: posting.mateId ?? null,
      payoutId: posting.payoutId ?? null,
      memo: posting.memo ?? null,
      actor: posting.who.actor,
      actorId: posting.who.actorId ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id });
  if (!made) return undefined;
  await tx.insert(ledgerEntries).values(
    entries.map((entry) => ({
      transactionId: id,
      account: entry.account,
      mateId: entry.mateId ?? null,
      line: entry.line,
      amountPaise: entry.amountPaise,
      at: now,
    })),
  );
  return id;
}

/** Whether an event's key has been posted. */
export async function posted(db: Pick<Database, "select">, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.key, key));
  return row !== undefined;
}

const total = sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)`;

/**
 * What Mates owes a mate (negative: what the mate owes Mates), in paise, from the entries before
 * `before` (all of them without it). One query.
 */
export async function mateBalance(db: Pick<Database, "select">, mateId: string, before?: Date): Promise<number> {
  const [row] = await db
    .select({ total })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, "mate"),
        eq(ledgerEntries.mateId, mateId),
        before ? lt(ledgerEntries.at, before) : undefined,
      ),
    );
  return 0 - Number(row?.total ?? 0);
}

/**
 * An account's balance in paise as its owner reads it: assets and costs (bank, customers,
 * platform_cost) debit-positive, the rest credit-positive; within [from, to) when given. One query.
 */
export async function accountBalance(
  db: Pick<Database, "select">,
  account: Account,
  period: { from?: Date | undefined; to?: Date | undefined } = {},
): Promise<number> {
  const [row] = await db
    .select({ total })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, account),
        period.from ? gte(ledgerEntries.at, period.from) : undefined,
        period.to ? lt(ledgerEntries.at, period.to) : undefined,
      ),
    );
  const sum = Number(row?.total ?? 0);
  return DEBIT_NORMAL.has(account) ? sum : 0 - sum;
}

const DEBIT_NORMAL = new Set<Account>(["bank", "customers", "platform_cost"]);

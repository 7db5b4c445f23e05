import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Account, Line } from "#domain/ledger.ts";
import { mates } from "#server/mates/schema.ts";

/**
 * The ledger (issue 39, record 061): one transaction per money event, posted in the database
 * transaction of the change that causes it. `key` names the event (`job:<id>:earned`), so an event
 * is never posted twice. Rows are never changed or deleted (a trigger refuses it): a mistake is
 * mended by a new transaction.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: text("id").primaryKey(),
    /** What happened: job_earned, payment, refund, tip, collected, credit, payout, adjustment … */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    bookingId: text("booking_id"),
    jobId: text("job_id"),
    /** The mate it concerns, when one does. */
    mateId: text("mate_id").references(() => mates.id),
    payoutId: text("payout_id"),
    /** Why, in words a mate or an accountant reads (adjustments and charges must have one). */
    memo: text("memo"),
    actor: text("actor").notNull(),
    actorId: text("actor_id"),
  },
  (table) => [
    uniqueIndex("ledger_transactions_key").on(table.key),
    index("ledger_transactions_job_idx").on(table.jobId),
    index("ledger_transactions_mate_idx").on(table.mateId, table.at),
  ],
);

/**
 * One side of a transaction: debit positive, credit negative, never zero. The entries of a
 * transaction sum to zero, checked by a deferred constraint trigger when the database transaction
 * commits (migration 0019), so no code path can leave the books unbalanced.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text("account").$type<Account>().notNull(),
    /** Set exactly for the `mate` account. */
    mateId: text("mate_id").references(() => mates.id),
    line: text("line").$type<Line>().notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** The transaction's time, kept beside each entry for the balance queries' indexes. */
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("ledger_entries_transaction_idx").on(table.transactionId),
    index("ledger_entries_mate_idx").on(table.mateId, table.at),
    index("ledger_entries_account_idx").on(table.account, table.at),
    check("ledger_entries_amount_check", sql`${table.amountPaise} <> 0`),
    check("ledger_entries_mate_check", sql`(${table.account} = 'mate') = (${table.mateId} is not null)`),
  ],
);

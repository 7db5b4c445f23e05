import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PayoutStatus } from "#domain/payouts.ts";
import { users } from "#server/auth/schema.ts";
import { mates } from "#server/mates/schema.ts";

/**
 * Paying the mates (issue 39, record 061): commission rates set in the console, where each mate is
 * paid, the weekly runs with one settlement per mate, the payouts sent through RazorpayX, what its
 * webhooks said, what the nightly reconciliation found, and what mates paid of their dues.
 */

/** A service's own commission rate, set by an operator; jobs booked after the change take it. */
export const commissionRates = pgTable(
  "commission_rates",
  {
    service: text("service").primaryKey(),
    bp: integer("bp").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull(),
    setBy: text("set_by")
      .notNull()
      .references(() => users.id),
  },
  (table) => [check("commission_rates_bp_check", sql`${table.bp} between 0 and 10000`)],
);

/**
 * Where a mate is paid: a bank account or a UPI ID, made into a RazorpayX contact and fund account
 * when added. Only what can be shown masked is kept (the last four digits, the IFSC, a masked UPI
 * ID); the fund account is what payouts name. One is active per mate; a change holds the next payout.
 */
export const payoutDestinations = pgTable(
  "payout_destinations",
  {
    id: text("id").primaryKey(),
    mateId: text("mate_id")
      .notNull()
      .references(() => mates.id, { onDelete: "cascade" }),
    /** bank_account or vpa, as RazorpayX names them. */
    kind: text("kind").notNull(),
    holderName: text("holder_name").notNull(),
    /** "XXXX XXXX 4321" or "ra••••@okaxis". */
    masked: text("masked").notNull(),
    ifsc: text("ifsc"),
    contactId: text("contact_id").notNull(),
    fundAccountId: text("fund_account_id").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
    addedBy: text("added_by").references(() => users.id),
    /** Set when another destination replaced it. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payout_destinations_active_key").on(table.mateId).where(sql`${table.replacedAt} is null`),
    check("payout_destinations_kind_check", sql`${table.kind} in ('bank_account', 'vpa')`),
  ],
);

/** One weekly run: the week it settles (its Monday), made on the payout day, approved by an operator. */
export const payoutRuns = pgTable(
  "payout_runs",
  {
    id: text("id").primaryKey(),
    week: date("week", { mode: "string" }).notNull(),
    /** Entries before this instant are settled by the run (the end of its week). */
    cutoff: timestamp("cutoff", { withTimezone: true }).notNull(),
    /** draft (to be looked at), approved (payouts going out), done (every payout ended). */
    status: text("status").notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by").references(() => users.id),
  },
  (table) => [
    uniqueIndex("payout_runs_week_key").on(table.week),
    check("payout_runs_status_check", sql`${table.status} in ('draft', 'approved', 'done')`),
  ],
);

/**
 * A mate's week in a run: the figures of the week's entries and the balance at the cutoff. A
 * positive balance is paid (`amount_paise`); a negative one is carried forward; a payout held by a
 * new destination, or with none, waits for the next run.
 */
export const settlements = pgTable(
  "settlements",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => payoutRuns.id, { onDelete: "cascade" }),
    mateId: text("mate_id")
      .notNull()
      .references(() => mates.id),
    jobs: integer("jobs").notNull(),
    grossPaise: bigint("gross_paise", { mode: "number" }).notNull(),
    commissionPaise: bigint("commission_paise", { mode: "number" }).notNull(),
    tdsPaise: bigint("tds_paise", { mode: "number" }).notNull(),
    tipsPaise: bigint("tips_paise", { mode: "number" }).notNull(),
    /** Collected in cash or by UPI by the mate, adjustments and charges, payouts returned. */
    collectedPaise: bigint("collected_paise", { mode: "number" }).notNull(),
    adjustmentsPaise: bigint("adjustments_paise", { mode: "number" }).notNull(),
    /** The mate's whole balance at the cutoff (what is carried in included). */
    balancePaise: bigint("balance_paise", { mode: "number" }).notNull(),
    /** What this run pays (the balance when positive and payable), else 0. */
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** payable, carried (owes Mates), held (a new destination), no_destination, paid, returned. */
    status: text("status").notNull(),
  },
  (table) => [
    uniqueIndex("settlements_run_mate_key").on(table.runId, table.mateId),
    index("settlements_mate_idx").on(table.mateId),
    check("settlements_amount_check", sql`${table.amountPaise} >= 0`),
  ],
);

/**
 * A payout through RazorpayX. Its id is the idempotency key sent (X-Payout-Idempotency): the same
 * request after a crash gets the same payout back. A settlement has at most one payout that has not
 * failed (the partial unique index), so it is never paid twice; a retry of a failed one is a new row.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    settlementId: text("settlement_id")
      .notNull()
      .references(() => settlements.id),
    mateId: text("mate_id")
      .notNull()
      .references(() => mates.id),
    attempt: integer("attempt").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** IMPS for a bank account, UPI for a UPI ID. */
    mode: text("mode").notNull(),
    fundAccountId: text("fund_account_id").notNull(),
    status: text("status").$type<PayoutStatus>().notNull().default("queued"),
    razorpayPayoutId: text("razorpay_payout_id"),
    /** The bank's reference once processed. */
    utr: text("utr"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("payouts_settlement_attempt_key").on(table.settlementId, table.attempt),
    uniqueIndex("payouts_live_key")
      .on(table.settlementId)
      .where(sql`${table.status} not in ('failed', 'reversed', 'cancelled', 'rejected')`),
    uniqueIndex("payouts_razorpay_key").on(table.razorpayPayoutId),
    index("payouts_mate_idx").on(table.mateId, table.createdAt),
    index("payouts_status_idx").on(table.status),
    check("payouts_amount_check", sql`${table.amountPaise} > 0`),
  ],
);

/** Each payout webhook taken, by payout and status: a repeat is recognised and ignored. */
export const payoutEvents = pgTable(
  "payout_events",
  {
    razorpayPayoutId: text("razorpay_payout_id").notNull(),
    status: text("status").notNull(),
    event: text("event").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.razorpayPayoutId, table.status] })],
);

/** A difference the nightly reconciliation found between a payout here and at RazorpayX. */
export const reconciliationFlags = pgTable(
  "reconciliation_flags",
  {
    id: text("id").primaryKey(),
    payoutId: text("payout_id")
      .notNull()
      .references(() => payouts.id),
    /** What differs, in words an operator reads. */
    difference: text("difference").notNull(),
    ours: text("ours").notNull(),
    theirs: text("theirs").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => users.id),
  },
  (table) => [index("reconciliation_flags_open_idx").on(table.foundAt).where(sql`${table.resolvedAt} is null`)],
);

/** A mate paying what they owe Mates through Razorpay Checkout: one row per order. */
export const mateDuesPayments = pgTable(
  "mate_dues_payments",
  {
    id: text("id").primaryKey(),
    mateId: text("mate_id")
      .notNull()
      .references(() => mates.id),
    orderId: text("order_id").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** created, captured or failed. */
    status: text("status").notNull().default("created"),
    razorpayPaymentId: text("razorpay_payment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("mate_dues_payments_order_key").on(table.orderId),
    index("mate_dues_payments_mate_idx").on(table.mateId),
    check("mate_dues_payments_amount_check", sql`${table.amountPaise} > 0`),
  ],
);

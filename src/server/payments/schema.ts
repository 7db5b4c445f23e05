import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Invoice } from "#domain/invoice.ts";
import type { PaymentPurpose } from "#domain/payments.ts";
import { users } from "#server/auth/schema.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { helpCases } from "#server/help/schema.ts";

/**
 * Online payments (issue 17, decision record 031). One row per Razorpay order: what it was for, the
 * amount the server computed (paise), and how far it got. Its status only moves forward
 * (created → authorized → captured; failed only from created), whichever order the news arrives in.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** booking (paid up front) or bill (the balance after the job). */
    purpose: text("purpose").$type<PaymentPurpose>().notNull(),
    /** The jobs a bill payment settles. */
    jobIds: jsonb("job_ids").$type<string[]>().notNull().default([]),
    orderId: text("order_id").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    /** created, authorized, captured or failed. */
    status: text("status").notNull().default("created"),
    razorpayPaymentId: text("razorpay_payment_id"),
    method: text("method"),
    /** The last failure Razorpay reported for this order (it may still be paid on a retry). */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payments_order_key").on(table.orderId),
    index("payments_booking_idx").on(table.bookingId),
    check("payments_amount_check", sql`${table.amountPaise} > 0`),
  ],
);

/** Money given back: the row's id is the idempotency key Razorpay is sent, so a retry never pays twice. */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    amountPaise: integer("amount_paise").notNull(),
    /** requested (not yet accepted by Razorpay), pending, processed or failed. */
    status: text("status").notNull().default("requested"),
    razorpayRefundId: text("razorpay_refund_id"),
    /** The bank's reference (ARN) once Razorpay has it, else Razorpay's refund id. */
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** The help case whose resolution paid it (issue 38); null for a refund on cancelling. */
    caseId: text("case_id").references(() => helpCases.id, { onDelete: "set null" }),
  },
  (table) => [
    index("refunds_booking_idx").on(table.bookingId),
    uniqueIndex("refunds_razorpay_key").on(table.razorpayRefundId),
    check("refunds_amount_check", sql`${table.amountPaise} > 0`),
  ],
);

/** Every webhook delivery taken, by Razorpay's event id: a repeat is recognised and ignored. */
export const razorpayEvents = pgTable("razorpay_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

/** The last number given in each financial year's invoice series; taken under a row lock. */
export const invoiceSeries = pgTable("invoice_series", {
  financialYear: text("financial_year").primaryKey(),
  last: integer("last").notNull(),
});

/** A tax invoice, one per paid job, as issued: its content never changes. */
export const invoices = pgTable(
  "invoices",
  {
    number: text("number").primaryKey(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    content: jsonb("content").$type<Invoice>().notNull(),
  },
  (table) => [
    uniqueIndex("invoices_series_key").on(table.financialYear, table.sequence),
    uniqueIndex("invoices_job_key").on(table.jobId),
    index("invoices_booking_idx").on(table.bookingId),
  ],
);

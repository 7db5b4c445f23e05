import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Booking } from "#domain/booking.ts";
import type { Business } from "#domain/gstin.ts";
import { users } from "#server/auth/schema.ts";
import { mates } from "#server/mates/schema.ts";

/** A booking: what (items as priced when booked), where (the address as it was), when, and its state. */
export const bookings = pgTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    address: jsonb("address").$type<Booking["address"]>().notNull(),
    items: jsonb("items").$type<Booking["items"]>().notNull(),
    totalRupees: integer("total_rupees").notNull(),
    paymentMethod: text("payment_method").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The request the key was first used for: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    /** Four digits only the customer sees; the mate enters it to start (domain/job.ts). */
    startCode: text("start_code").notNull(),
    /** Wrong start codes entered since the last success or unlock; at the limit the code is locked. */
    startCodeFailures: integer("start_code_failures").notNull().default(0),
    /** Charged when the customer cancels after a mate is on the way (a setting, ₹99 by default). */
    cancellationChargeRupees: integer("cancellation_charge_rupees").notNull().default(0),
    /** A "Pay now" booking not yet paid: kept until then, cancelled by the queue after. */
    payBy: timestamp("pay_by", { withTimezone: true }),
    /** The business it was booked for (issue 36): its GSTIN and legal name go on the tax invoice. */
    business: jsonb("business").$type<Business>(),
    /**
     * Mates credit spent on this booking (issue 38, whole rupees): taken from the customer's grants
     * when it was placed and given back if it is cancelled (server/credit/ledger.ts keeps the two equal).
     */
    creditRupees: integer("credit_rupees").notNull().default(0),
    /**
     * When the queue found no mate arrived 15 minutes after the start and offered the customer the
     * no-show rescue (find another mate now, or cancel free); cleared when a mate arrives or is replaced.
     */
    noShowOfferedAt: timestamp("no_show_offered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("bookings_user_idempotency_key").on(table.userId, table.idempotencyKey),
    index("bookings_user_start_idx").on(table.userId, table.startAt),
    check("bookings_credit_check", sql`${table.creditRupees} >= 0 and ${table.creditRupees} <= ${table.totalRupees}`),
  ],
);

/**
 * A job: one service of a booking, done by one mate. Its status follows the state machine of
 * domain/job.ts; the booking's own status is derived from its jobs in the same transaction.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    /** None while the job is finding a mate or nobody was free. */
    mateId: text("mate_id").references(() => mates.id),
    status: text("status").notNull(),
    /** Not on the way 30 minutes before the start: operators see it. */
    atRisk: boolean("at_risk").notNull().default(false),
    /** Pay after service: how the mate collected the bill, and how much. */
    collectedMethod: text("collected_method"),
    collectedRupees: integer("collected_rupees"),
    /** A tip the customer added with their rating, paid with the bill and passed on to the mate in full. */
    tipRupees: integer("tip_rupees").notNull().default(0),
    /**
     * Mates' commission on this job in basis points (issue 39): the service's rate when the job was
     * booked, so a later change of the rate never touches it. Shown to the mate with the job.
     */
    commissionBp: integer("commission_bp").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("jobs_booking_service_key").on(table.bookingId, table.service),
    index("jobs_mate_status_idx").on(table.mateId, table.status),
    check("jobs_tip_check", sql`${table.tipRupees} >= 0`),
  ],
);

/** Extra work a mate adds on the day; billed only once the customer approves it. */
export const jobExtras = pgTable(
  "job_extras",
  {
    id: text("id").primaryKey(),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    priceRupees: integer("price_rupees").notNull(),
    /** proposed, approved or declined. */
    status: text("status").notNull().default("proposed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    index("job_extras_job_idx").on(table.jobId),
    check("job_extras_price_check", sql`${table.priceRupees} > 0`),
  ],
);

/** Every change of a booking and its jobs: who, when, from, to, details. The customer's timeline. */
export const bookingHistory = pgTable(
  "booking_history",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    jobId: text("job_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** customer, mate, operator or system. */
    actor: text("actor").notNull(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** Of its action's shape (domain/booking-history.ts), read only through `historyDetails`. */
    details: jsonb("details").$type<unknown>(),
  },
  (table) => [index("booking_history_booking_idx").on(table.bookingId, table.at)],
);

/** A row of each table as selected: what the work and the presenters pass around. */
export type BookingRow = typeof bookings.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type ExtraRow = typeof jobExtras.$inferSelect;
export type HistoryRow = typeof bookingHistory.$inferSelect;

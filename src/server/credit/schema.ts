import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Actor } from "#domain/job.ts";
import { users } from "#server/auth/schema.ts";
import { bookings } from "#server/bookings/schema.ts";
import { helpCases } from "#server/help/schema.ts";

/**
 * Mates credit (issue 38): money the business owes a customer, in whole rupees. A grant records
 * what was given, why, by whom and until when; `left_rupees` is what is left of it, changed only
 * with a row in credit_spends in the same transaction (server/credit/ledger.ts), under the grant's
 * row lock, and never below zero.
 */
export const creditGrants = pgTable(
  "credit_grants",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rupees: integer("rupees").notNull(),
    leftRupees: integer("left_rupees").notNull(),
    /** What the customer reads beside it: "No-show: booking cancelled free", "Damage claim", … */
    reason: text("reason").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    caseId: text("case_id").references(() => helpCases.id, { onDelete: "set null" }),
    actor: text("actor").$type<Actor>().notNull(),
    actorId: text("actor_id").references(() => users.id),
  },
  (table) => [
    index("credit_grants_user_idx").on(table.userId, table.expiresAt),
    check("credit_grants_rupees_check", sql`${table.rupees} > 0`),
    check("credit_grants_left_check", sql`${table.leftRupees} >= 0 and ${table.leftRupees} <= ${table.rupees}`),
  ],
);
export type CreditGrantRow = typeof creditGrants.$inferSelect;

/**
 * Each movement of a grant after it was made: positive rupees spent (on a booking), negative given
 * back (the booking was cancelled) or lapsed (expiry is read from the date, never written).
 */
export const creditSpends = pgTable(
  "credit_spends",
  {
    id: text("id").primaryKey(),
    grantId: text("grant_id")
      .notNull()
      .references(() => creditGrants.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    rupees: integer("rupees").notNull(),
    reason: text("reason").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actor: text("actor").$type<Actor>().notNull(),
    actorId: text("actor_id").references(() => users.id),
  },
  (table) => [
    index("credit_spends_user_idx").on(table.userId, table.at),
    index("credit_spends_booking_idx").on(table.bookingId),
    check("credit_spends_rupees_check", sql`${table.rupees} <> 0`),
  ],
);
export type CreditSpendRow = typeof creditSpends.$inferSelect;

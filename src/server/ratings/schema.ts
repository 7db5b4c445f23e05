import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "#server/auth/schema.ts";
import { bookings } from "#server/bookings/schema.ts";

/**
 * A customer's rating of a completed booking (issue 18): one per booking, changeable for 7 days.
 * It counts for every mate of the booking and is the review on each of its services' pages, unless
 * an operator hid it (with the reason, who and when; the audit log keeps the same).
 */
export const ratings = pgTable(
  "ratings",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stars: integer("stars").notNull(),
    /** Tags from domain/rating.ts RATING_TAGS. */
    tags: text("tags").array().notNull(),
    comment: text("comment").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
  },
  (table) => [
    check("ratings_stars_check", sql`${table.stars} between 1 and 5`),
    index("ratings_created_idx").on(table.createdAt),
  ],
);

import { jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PhotoType } from "#domain/rework.ts";
import { users } from "#server/auth/schema.ts";
import { bookings } from "#server/bookings/schema.ts";

/** A photo of what went wrong, kept in the document store under a key made by the server. */
export type ReworkPhoto = { key: string; contentType: PhotoType; sizeBytes: number };

/**
 * A customer's request for free re-work of a completed booking (issue 18, record 035): one per
 * booking (its key), and the free booking it made.
 */
export const reworkRequests = pgTable(
  "rework_requests",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    reworkBookingId: text("rework_booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    photos: jsonb("photos").$type<ReworkPhoto[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("rework_requests_rework_booking_key").on(table.reworkBookingId)],
);

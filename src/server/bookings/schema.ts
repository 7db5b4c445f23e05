import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Booking } from "#domain/booking.ts";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("bookings_user_idempotency_key").on(table.userId, table.idempotencyKey),
    index("bookings_user_start_idx").on(table.userId, table.startAt),
  ],
);

/** Which mate does which service of a booking. */
export const bookingMates = pgTable(
  "booking_mates",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    mateId: text("mate_id")
      .notNull()
      .references(() => mates.id),
    service: text("service").notNull(),
  },
  (table) => [uniqueIndex("booking_mates_booking_service_key").on(table.bookingId, table.service)],
);

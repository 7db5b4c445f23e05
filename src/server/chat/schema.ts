import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "#server/auth/schema.ts";
import { bookings } from "#server/bookings/schema.ts";

/** Chat messages, one thread per booking (issue 18): kept as written; masked when read by the other side. */
export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    senderUserId: text("sender_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** customer or mate. */
    senderSide: text("sender_side").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the other side first saw it. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [index("messages_booking_idx").on(table.bookingId, table.createdAt)],
);

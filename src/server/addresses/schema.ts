import { doublePrecision, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "#server/auth/schema.ts";

/** A customer's saved addresses for bookings. */
export const addresses = pgTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    flat: text("flat").notNull(),
    building: text("building").notNull().default(""),
    street: text("street").notNull().default(""),
    locality: text("locality").notNull(),
    landmark: text("landmark").notNull().default(""),
    pincode: text("pincode").notNull(),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("addresses_user_idx").on(table.userId)],
);

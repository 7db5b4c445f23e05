import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "#server/auth/schema.ts";
import { serviceOptions } from "#server/catalogue/schema.ts";

/**
 * Spec §3 `users/{key}/cartItems`: one row an item of a customer's cart; the badge is their count.
 * An item names a catalogue option; its price is read from the catalogue whenever the cart is read.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    optionId: integer("option_id")
      .notNull()
      .references(() => serviceOptions.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("cart_items_user_option_key").on(table.userId, table.optionId),
    index("cart_items_option_idx").on(table.optionId),
    check("cart_items_quantity_check", sql`${table.quantity} between 1 and 20`),
  ],
);

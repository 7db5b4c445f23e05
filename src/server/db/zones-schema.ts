import { pgTable, text } from "drizzle-orm/pg-core";

/** Spec §3 "Global/Zone001/…": the zone is a column on each record, not a path. */
export const zones = pgTable("zones", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
});

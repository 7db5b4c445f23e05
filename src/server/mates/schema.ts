import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** The professionals. Only verified mates (verified_at set) are ever assigned. */
export const mates = pgTable(
  "mates",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Catalogue service names the mate does. */
    skills: text("skills").array().notNull(),
    homeLocality: text("home_locality").notNull(),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    rating: real("rating").notNull(),
    jobsDone: integer("jobs_done").notNull().default(0),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** Minutes after midnight, Asia/Kolkata, within 6:00 AM to 9:00 PM. */
    worksFrom: integer("works_from").notNull().default(360),
    worksUntil: integer("works_until").notNull().default(1260),
  },
  (table) => [
    check("mates_rating_check", sql`${table.rating} between 1 and 5`),
    check(
      "mates_hours_check",
      sql`${table.worksFrom} >= 360 and ${table.worksUntil} <= 1260 and ${table.worksFrom} < ${table.worksUntil}`,
    ),
  ],
);

/**
 * A mate's busy 30-minute cells (numbered from the epoch). The primary key makes double-booking a
 * mate impossible, whatever the concurrency: a second booking's insert of a held cell fails.
 */
export const mateBusy = pgTable(
  "mate_busy",
  {
    mateId: text("mate_id")
      .notNull()
      .references(() => mates.id, { onDelete: "cascade" }),
    cell: integer("cell").notNull(),
    bookingId: text("booking_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.mateId, table.cell] }), index("mate_busy_booking_idx").on(table.bookingId)],
);

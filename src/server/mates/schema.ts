import { sql } from "drizzle-orm";
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { WeeklyHours } from "#domain/availability.ts";
import { users } from "#server/auth/schema.ts";

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
    /** The average of customers' ratings; none yet for a mate who has done no rated job. */
    rating: real("rating"),
    /**
     * The rating a mate joined with (carried over from before the app recorded ratings; none for a
     * new mate): it stands until they have enough ratings of their own (domain/rating.ts mateRating).
     */
    ratingBefore: real("rating_before"),
    jobsDone: integer("jobs_done").notNull().default(0),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /**
     * Set by an operator: a suspended mate is never assigned, their future jobs go to the next best
     * free mate, and their sign-in still works (they see why). Cleared on reinstatement.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /**
     * The hours the mate works on each weekday (Sunday first), minutes after midnight in
     * Asia/Kolkata within 6:00 AM to 9:00 PM; null for a weekday off. Checked by the domain's schema.
     */
    weeklyHours: jsonb("weekly_hours").$type<WeeklyHours>().notNull(),
    /** Single days off (Kolkata dates), beside the weekly hours. */
    daysOff: date("days_off", { mode: "string" }).array().notNull().default(sql`'{}'::date[]`),
    /** The mate's own sign-in, once invited (a user with role mate). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Shown to the customer while the job is active. */
    phone: text("phone"),
    photoUrl: text("photo_url"),
    /** The mate's PAN (issue 39): TDS is 0.1 % with one, 5 % without; shown masked. */
    pan: text("pan"),
    panGivenAt: timestamp("pan_given_at", { withTimezone: true }),
  },
  (table) => [
    check("mates_rating_check", sql`${table.rating} between 1 and 5`),
    uniqueIndex("mates_user_id_key").on(table.userId),
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

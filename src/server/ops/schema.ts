import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "#server/auth/schema.ts";

/**
 * Every operator action (issue 16): who, what, on what, when, the state before and after, and the
 * reason given. Written in the transaction of the change it records; triggers (migration 0010) refuse
 * any UPDATE, DELETE or TRUNCATE, so no API, and no bug in one, can rewrite it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id),
    /** What was done, as `<subject>.<verb>`: application.verify, mate.suspend, booking.cancel, … */
    action: text("action").notNull(),
    /** application, mate, booking, customer or operator. */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    reason: text("reason"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_subject_idx").on(table.subjectType, table.subjectId, table.at),
    index("audit_log_actor_idx").on(table.actorId, table.at),
  ],
);

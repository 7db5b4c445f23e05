import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The durable job queue (decision record 023): timed and follow-up work stored in the same database
 * as the change that asked for it, so a restart loses none and two instances never run one twice.
 */
export const queuedJobs = pgTable(
  "queued_jobs",
  {
    id: text("id").primaryKey(),
    /** What to run: a handler registered under this name. */
    name: text("name").notNull(),
    /** One pending job per key: scheduling the same key again moves it instead of adding another. */
    key: text("key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Claimed by a worker until then; after it, another worker may take the job again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** done, failed (gave up after the last attempt) or cancelled. */
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("queued_jobs_pending_key").on(table.key).where(sql`${table.doneAt} is null`),
    index("queued_jobs_due_idx").on(table.runAt).where(sql`${table.doneAt} is null`),
  ],
);

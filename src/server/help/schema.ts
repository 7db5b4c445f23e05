import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CaseDecision, CaseEntryKind, CaseProblem, CaseStatus } from "#domain/help.ts";
import type { PhotoType } from "#domain/rework.ts";
import { users } from "#server/auth/schema.ts";
import { bookings } from "#server/bookings/schema.ts";
import { mates } from "#server/mates/schema.ts";

/** A photo sent in a case, kept in the document store under a key made by the server. */
export type CasePhoto = { key: string; contentType: PhotoType; sizeBytes: number };

/**
 * A customer's case about one problem of one booking (issue 38, record 057): its status moves only
 * through help/steps.ts (the row locked, the step checked against the state machine), and at most
 * one case per booking and problem is live (not closed) at a time.
 */
export const helpCases = pgTable(
  "help_cases",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    problem: text("problem").$type<CaseProblem>().notNull(),
    status: text("status").$type<CaseStatus>().notNull(),
    /** The damaged thing's value, or the amount charged wrongly, in whole rupees. */
    amountRupees: integer("amount_rupees"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    firstAnswerDue: timestamp("first_answer_due", { withTimezone: true }).notNull(),
    resolutionDue: timestamp("resolution_due", { withTimezone: true }).notNull(),
    firstAnsweredAt: timestamp("first_answered_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the desk's clock found the first answer, or the resolution, late (and mailed the operators). */
    answerLateAt: timestamp("answer_late_at", { withTimezone: true }),
    resolutionLateAt: timestamp("resolution_late_at", { withTimezone: true }),
    rating: text("rating").$type<"solved" | "not_solved">(),
    /**
     * The operator's money decision on the case (issue 38): a refund to the original payment, Mates
     * credit, or declined with a reason the customer reads; at most one, taken under the case's lock.
     */
    decision: text("decision").$type<CaseDecision>(),
    decisionRupees: integer("decision_rupees"),
    declineReason: text("decline_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id),
    /** When an operator asked the job's mate to answer in the case (the mate may write until it closes). */
    mateAskedAt: timestamp("mate_asked_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("help_cases_live_key").on(table.bookingId, table.problem).where(sql`${table.status} <> 'closed'`),
    index("help_cases_user_idx").on(table.userId, table.openedAt),
    index("help_cases_status_idx").on(table.status, table.openedAt),
    check("help_cases_status_check", sql`${table.status} in ('open', 'waiting', 'resolved', 'closed')`),
    check("help_cases_amount_check", sql`${table.amountRupees} is null or ${table.amountRupees} > 0`),
    check(
      "help_cases_decision_check",
      sql`${table.decision} is null or ${table.decision} in ('refund', 'credit', 'declined', 'rework')`,
    ),
    check("help_cases_decision_rupees_check", sql`${table.decisionRupees} is null or ${table.decisionRupees} > 0`),
  ],
);
export type CaseRow = typeof helpCases.$inferSelect;

/** The thread of a case: every message and decision in order, who wrote it, and its photos. */
export const helpCaseEntries = pgTable(
  "help_case_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    caseId: text("case_id")
      .notNull()
      .references(() => helpCases.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    author: text("author").$type<"customer" | "operator" | "mate" | "system">().notNull(),
    /** The person who wrote it; null for the system. */
    authorId: text("author_id").references(() => users.id),
    kind: text("kind").$type<CaseEntryKind>().notNull(),
    body: text("body").notNull(),
    photos: jsonb("photos").$type<CasePhoto[]>().notNull(),
    /** Shown to the job's mate: what an operator shared with them, and what they wrote (never a safety case). */
    sharedWithMate: boolean("shared_with_mate").notNull().default(false),
  },
  (table) => [index("help_case_entries_case_idx").on(table.caseId, table.id)],
);
export type CaseEntryRow = typeof helpCaseEntries.$inferSelect;

/**
 * A warning an operator gave a mate about a case (issue 38): shown on the mate's record in the
 * console beside their no-shows and past cases, and told to the mate.
 */
export const mateWarnings = pgTable(
  "mate_warnings",
  {
    id: text("id").primaryKey(),
    mateId: text("mate_id")
      .notNull()
      .references(() => mates.id, { onDelete: "cascade" }),
    caseId: text("case_id").references(() => helpCases.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    by: text("by")
      .notNull()
      .references(() => users.id),
  },
  (table) => [index("mate_warnings_mate_idx").on(table.mateId, table.at)],
);

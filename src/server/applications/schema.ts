import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { VerificationChecklist } from "#domain/applications.ts";
import { users } from "#server/auth/schema.ts";
import { mates } from "#server/mates/schema.ts";

/**
 * A professional's application to work with Mates (issue 16), from `/join` until an operator decides.
 * Verifying it creates the mate (mate_id); rejecting it deletes its documents at once; either way the
 * documents are deleted 90 days after the decision (documents_deleted_at says when).
 */
export const applications = pgTable(
  "applications",
  {
    id: text("id").primaryKey(),
    fullName: text("full_name").notNull(),
    mobile: text("mobile").notNull(),
    email: text("email").notNull(),
    /** Catalogue service names. */
    skills: text("skills").array().notNull(),
    homeLocality: text("home_locality").notNull(),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    yearsExperience: integer("years_experience").notNull(),
    /** received, verified or rejected. */
    status: text("status").notNull().default("received"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** What the operator checked before verifying. */
    checklist: jsonb("checklist").$type<VerificationChecklist>(),
    rejectReason: text("reject_reason"),
    mateId: text("mate_id").references(() => mates.id, { onDelete: "set null" }),
    documentsDeletedAt: timestamp("documents_deleted_at", { withTimezone: true }),
  },
  (table) => [
    check("applications_status_check", sql`${table.status} in ('received', 'verified', 'rejected')`),
    check("applications_years_check", sql`${table.yearsExperience} between 0 and 60`),
    index("applications_status_received_idx").on(table.status, table.receivedAt),
  ],
);

/**
 * An uploaded identity document or address proof. The id is 128 random bits (not guessable) and the
 * bytes live in the upload store under `storage_key`, never under the web root.
 */
export const applicationDocuments = pgTable(
  "application_documents",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** identity or address. */
    kind: text("kind").notNull(),
    /** As sniffed from the bytes: image/jpeg, image/png or application/pdf. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** The name the applicant's file had, shown to operators only. */
    originalName: text("original_name").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("application_documents_kind_check", sql`${table.kind} in ('identity', 'address')`),
    check(
      "application_documents_type_check",
      sql`${table.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    index("application_documents_application_idx").on(table.applicationId),
  ],
);

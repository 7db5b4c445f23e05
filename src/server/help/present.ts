import { asc, eq, inArray } from "drizzle-orm";
import { lastCancelled, lastCompleted } from "#domain/booking-history.ts";
import { CASE_STATUS_TEXT, helpProblems, nextStepText, PROBLEMS } from "#domain/help.ts";
import type { BookingHelp, CaseDecisionShown, CaseSummary, HelpCase } from "#domain/help-api.ts";
import { decisionText } from "#domain/help-desk.ts";
import { users } from "#server/auth/schema.ts";
import type { BookingRow } from "#server/bookings/schema.ts";
import type { Database } from "#server/db/client.ts";
import { refunds } from "#server/payments/schema.ts";
import { reworkRequests } from "#server/rework/schema.ts";
import { type CaseEntryRow, type CaseRow, helpCaseEntries, helpCases } from "./schema.ts";

/** Where a case's photo is read (help/routes.ts). */
export const casePhotoPath = (caseId: string, key: string) =>
  `/api/cases/${encodeURIComponent(caseId)}/photos/${encodeURIComponent(key)}`;

/** Operators sign as the team: the customer deals with Mates, not with one person's name. */
export const SUPPORT_NAME = "Mates support";

export function caseSummary(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    bookingId: row.bookingId,
    problem: row.problem,
    problemText: PROBLEMS[row.problem].label,
    status: row.status,
    statusText: CASE_STATUS_TEXT[row.status],
    safety: row.problem === "safety",
    openedAt: row.openedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A case's thread, oldest first. */
export async function entriesOf(db: Database, caseId: string): Promise<CaseEntryRow[]> {
  return db.select().from(helpCaseEntries).where(eq(helpCaseEntries.caseId, caseId)).orderBy(asc(helpCaseEntries.id));
}

/** Only the customer and the desk write to the customer: what is asked of the mate, and their answers, stay out. */
export const forCustomer = (entry: CaseEntryRow) => entry.author !== "mate" && entry.kind !== "mate_asked";

/** Who wrote an entry, as the thread names them: the customer, "Mates support", or the mate. */
export const authorNameOf = (entry: CaseEntryRow, customerName: string | undefined) =>
  entry.author === "customer" ? (customerName ?? "You") : entry.author === "mate" ? "The mate" : SUPPORT_NAME;

/** The decision as the customer reads it: a refund with its state, credit, declined, or the re-work. */
async function decisionOf(db: Database, row: CaseRow): Promise<CaseDecisionShown | null> {
  if (!row.decision || !row.decidedAt) return null;
  let refundStatus: string | null = null;
  if (row.decision === "refund") {
    const rows = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.caseId, row.id));
    const all = rows.map((one) => one.status);
    refundStatus = all.includes("failed")
      ? "failed"
      : all.length > 0 && all.every((status) => status === "processed")
        ? "processed"
        : "pending";
  }
  const [rework] =
    row.decision === "rework"
      ? await db
          .select({ id: reworkRequests.reworkBookingId })
          .from(reworkRequests)
          .where(eq(reworkRequests.bookingId, row.bookingId))
      : [];
  return {
    decision: row.decision,
    rupees: row.decisionRupees,
    declineReason: row.declineReason,
    decidedAt: row.decidedAt.toISOString(),
    text: decisionText(row.decision, row.decisionRupees, row.declineReason, refundStatus ?? undefined),
    refundStatus,
    reworkBookingId: rework?.id ?? null,
  };
}

/** A case as its customer sees it: the thread, the decision, what happens next, and what they can do now. */
export async function presentCase(db: Database, row: CaseRow, booking: BookingRow): Promise<HelpCase> {
  const entries = (await entriesOf(db, row.id)).filter(forCustomer);
  const [customer] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
  return {
    ...caseSummary(row),
    booking: { services: booking.items.map((item) => item.serviceTitle), start: booking.startAt.toISOString() },
    amountRupees: row.amountRupees,
    firstAnswerDue: row.firstAnswerDue.toISOString(),
    resolutionDue: row.resolutionDue.toISOString(),
    firstAnsweredAt: row.firstAnsweredAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    nextStep: nextStepText(row.problem, row.firstAnswerDue),
    rating: row.rating,
    decision: await decisionOf(db, row),
    entries: entries.map((entry) => presentEntry(row.id, entry, customer?.name)),
    canReply: row.status === "open" || row.status === "waiting",
    canRate: row.status === "resolved",
  };
}

export const presentEntry = (caseId: string, entry: CaseEntryRow, customerName: string | undefined) => ({
  id: entry.id,
  at: entry.at.toISOString(),
  author: entry.author,
  authorName: authorNameOf(entry, customerName),
  kind: entry.kind,
  body: entry.body,
  photos: entry.photos.map((photo) => casePhotoPath(caseId, photo.key)),
});

/**
 * What each booking says of help (gathered into the booking by bookings/presenter.ts): the
 * problems it offers now and its cases, the latest first. One query for any number of bookings.
 */
export async function presentBookingHelp(
  db: Database,
  rows: readonly BookingRow[],
  history: readonly { bookingId: string; action: string; at: Date }[],
  now: Date,
  damageWindowHours?: number,
): Promise<Map<string, BookingHelp>> {
  const cases = await db
    .select()
    .from(helpCases)
    .where(
      inArray(
        helpCases.bookingId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(helpCases.openedAt));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        problems: helpProblems(
          {
            status: row.status,
            start: row.startAt,
            completedAt: lastCompleted(history, row.id),
            cancelledAt: lastCancelled(history, row.id),
          },
          now,
          damageWindowHours,
        ),
        cases: cases
          .filter((one) => one.bookingId === row.id)
          .reverse()
          .map(caseSummary),
      },
    ]),
  );
}

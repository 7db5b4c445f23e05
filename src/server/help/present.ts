import { asc, eq, inArray } from "drizzle-orm";
import { lastCancelled, lastCompleted } from "#domain/booking-history.ts";
import { CASE_STATUS_TEXT, helpProblems, nextStepText, PROBLEMS } from "#domain/help.ts";
import type { BookingHelp, CaseSummary, HelpCase } from "#domain/help-api.ts";
import { users } from "#server/auth/schema.ts";
import type { BookingRow } from "#server/bookings/schema.ts";
import type { Database } from "#server/db/client.ts";
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

/** A case as its customer sees it: the thread, what happens next, and what they can do now. */
export async function presentCase(db: Database, row: CaseRow, booking: BookingRow): Promise<HelpCase> {
  const entries = await entriesOf(db, row.id);
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
    entries: entries.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      author: entry.author,
      authorName: entry.author === "customer" ? (customer?.name ?? "You") : SUPPORT_NAME,
      kind: entry.kind,
      body: entry.body,
      photos: entry.photos.map((photo) => casePhotoPath(row.id, photo.key)),
    })),
    canReply: row.status === "open" || row.status === "waiting",
    canRate: row.status === "resolved",
  };
}

/**
 * What each booking says of help (gathered into the booking by bookings/presenter.ts): the
 * problems it offers now and its cases, the latest first. One query for any number of bookings.
 */
export async function presentBookingHelp(
  db: Database,
  rows: readonly BookingRow[],
  history: readonly { bookingId: string; action: string; at: Date }[],
  now: Date,
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
        ),
        cases: cases
          .filter((one) => one.bookingId === row.id)
          .reverse()
          .map(caseSummary),
      },
    ]),
  );
}

import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { lastCancelled, lastCompleted } from "#domain/booking-history.ts";
import { firstAnswerDue, helpProblems, type OpenCase, PROBLEMS, resolutionDue } from "#domain/help.ts";
import { bookingHistory, bookings } from "#server/bookings/schema.ts";
import { lockOwnBooking } from "#server/bookings/transitions.ts";
import { nowOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { schedule } from "#server/queue/queue.ts";
import type { Upload } from "#server/uploads/uploads.ts";
import { type CaseRow, helpCaseEntries, helpCases } from "./schema.ts";
import { caseChanged, type HelpDeps, lockCase, takeStep, withPhotos, writeEntry } from "./steps.ts";

/*
 * The customer's side of help (issue 38): opening a case on a booking of theirs, writing in it,
 * and saying whether its resolution solved the problem. A case is theirs alone: anyone else is told
 * there is no such case.
 */

/** The desk's clock: the queue looks again when the first answer and the resolution fall due. */
export const ANSWER_DUE = "help.answer_due";
export const RESOLUTION_DUE = "help.resolution_due";

const missing = () => notFound("There is no such case among yours.");

export type Opened = { row: CaseRow; existing: boolean };

/**
 * Opens a case about one problem of a booking of the customer's, or gives the live case already
 * open about it (a second tap shows the first case). The problem must be one the booking offers
 * now; damage asks for at least one photo. The clock starts: the queue looks again when the first
 * answer and the resolution are due.
 */
export async function openCase(
  deps: HelpDeps,
  userId: string,
  bookingId: string,
  input: OpenCase,
  uploads: readonly Upload[],
): Promise<Opened> {
  const needs = PROBLEMS[input.problem];
  if (needs.photos === "required" && uploads.length === 0) {
    throw new AppError(400, "photos_required", "Add at least one photo of what was damaged.");
  }
  if (needs.photos === "none" && uploads.length > 0) {
    throw new AppError(400, "no_photos_here", "This kind of problem takes no photos.");
  }
  const now = nowOf(deps);
  const opened = await withPhotos(deps, uploads, (photos) =>
    deps.db.transaction(async (tx): Promise<Opened> => {
      const booking = await lockOwnBooking(tx, userId, bookingId);
      const live = await liveCase(tx, bookingId, input.problem);
      if (live) {
        if (photos.length > 0) throw new AppError(409, "case_open", "A case about this is already open: write in it.");
        return { row: live, existing: true };
      }
      const history = await tx
        .select({ bookingId: bookingHistory.bookingId, action: bookingHistory.action, at: bookingHistory.at })
        .from(bookingHistory)
        .where(eq(bookingHistory.bookingId, bookingId))
        .orderBy(asc(bookingHistory.at));
      const offered = helpProblems(
        {
          status: booking.status,
          start: booking.startAt,
          completedAt: lastCompleted(history, bookingId),
          cancelledAt: lastCancelled(history, bookingId),
        },
        now,
      );
      if (!offered.includes(input.problem)) {
        throw new AppError(409, "help_not_offered", `"${needs.label}" is not something this booking can report now.`);
      }
      if (input.problem === "charge" && input.amountRupees !== undefined && input.amountRupees > booking.totalRupees) {
        throw new AppError(
          400,
          "amount_too_high",
          `The booking came to ₹${booking.totalRupees}; the amount charged wrongly cannot be more.`,
        );
      }
      const [row] = await tx
        .insert(helpCases)
        .values({
          id: randomUUID(),
          bookingId,
          userId,
          problem: input.problem,
          status: "open",
          amountRupees: input.amountRupees ?? null,
          openedAt: now,
          firstAnswerDue: firstAnswerDue(now),
          resolutionDue: resolutionDue(now),
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("the case was not opened");
      await writeEntry(
        tx,
        row,
        { author: "customer", authorId: userId, kind: "opened", body: input.description, photos },
        now,
      );
      await schedule(tx, {
        name: ANSWER_DUE,
        key: `${ANSWER_DUE}:${row.id}`,
        payload: { caseId: row.id },
        runAt: row.firstAnswerDue,
      });
      await schedule(tx, {
        name: RESOLUTION_DUE,
        key: `${RESOLUTION_DUE}:${row.id}`,
        payload: { caseId: row.id },
        runAt: row.resolutionDue,
      });
      return { row, existing: false };
    }),
  );
  if (!opened.existing) await caseChanged(deps, opened.row);
  return opened;
}

async function liveCase(tx: Tx, bookingId: string, problem: CaseRow["problem"]): Promise<CaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(helpCases)
    .where(and(eq(helpCases.bookingId, bookingId), eq(helpCases.problem, problem), ne(helpCases.status, "closed")));
  return row;
}

/** The customer's own case, or a 404. */
export async function ownCase(db: Database, userId: string, id: string): Promise<CaseRow> {
  const [row] = await db
    .select()
    .from(helpCases)
    .where(and(eq(helpCases.id, id), eq(helpCases.userId, userId)));
  if (!row) throw missing();
  return row;
}

/** The customer's cases, the latest first. */
export async function ownCases(db: Database, userId: string): Promise<CaseRow[]> {
  return db.select().from(helpCases).where(eq(helpCases.userId, userId)).orderBy(desc(helpCases.openedAt));
}

async function lockOwnCase(tx: Tx, userId: string, id: string): Promise<CaseRow> {
  const row = await lockCase(tx, id);
  if (!row || row.userId !== userId) throw missing();
  return row;
}

/** The customer writes in their case; answering a question puts it back with the operators. */
export async function replyToCase(
  deps: HelpDeps,
  userId: string,
  id: string,
  body: string,
  uploads: readonly Upload[],
): Promise<CaseRow> {
  const now = nowOf(deps);
  const row = await withPhotos(deps, uploads, (photos) =>
    deps.db.transaction(async (tx) =>
      takeStep(
        tx,
        await lockOwnCase(tx, userId, id),
        "reply",
        { author: "customer", authorId: userId, body, photos },
        now,
      ),
    ),
  );
  await caseChanged(deps, row);
  return row;
}

/** The customer's word on a resolution: solved closes the case, not solved opens it again. */
export async function rateResolution(deps: HelpDeps, userId: string, id: string, solved: boolean): Promise<CaseRow> {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) =>
    takeStep(
      tx,
      await lockOwnCase(tx, userId, id),
      solved ? "solved" : "not_solved",
      { author: "customer", authorId: userId, body: "" },
      now,
    ),
  );
  await caseChanged(deps, row);
  return row;
}

/**
 * A photo of a case, for the case's customer or an operator; anyone else is told there is none.
 */
export async function casePhoto(deps: HelpDeps, who: { userId: string; role: string }, caseId: string, key: string) {
  const none = notFound("There is no such photo.");
  const [row] = await deps.db.select().from(helpCases).where(eq(helpCases.id, caseId));
  if (!row || !(who.role === "operator" || (who.role === "customer" && row.userId === who.userId))) throw none;
  const entries = await deps.db
    .select({ photos: helpCaseEntries.photos })
    .from(helpCaseEntries)
    .where(eq(helpCaseEntries.caseId, caseId));
  const photo = entries.flatMap((entry) => entry.photos).find((one) => one.key === key);
  const bytes = photo ? await deps.store.get(photo.key) : undefined;
  if (!photo || !bytes) throw none;
  return { bytes, contentType: photo.contentType };
}

/** The booking a case is about (its start and services, for the thread's heading). */
export async function bookingOfCase(db: Database, row: CaseRow) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, row.bookingId));
  if (!booking) throw missing();
  return booking;
}

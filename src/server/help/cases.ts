import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { lastCancelled, lastCompleted } from "#domain/booking-history.ts";
import { firstAnswerDue, helpProblems, type OpenCase, PROBLEMS, resolutionDue } from "#domain/help.ts";
import { type ExtraStatus, jobBillRupees } from "#domain/job.ts";
import { type BookingRow, bookingHistory, bookings } from "#server/bookings/schema.ts";
import { extrasOfJobs, jobsOf, lockOwnBooking } from "#server/bookings/transitions.ts";
import { deskSettingsOf, nowOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { payments } from "#server/payments/schema.ts";
import { isPaid } from "#server/payments/summary.ts";
import { schedule } from "#server/queue/queue.ts";
import type { Upload } from "#server/uploads/uploads.ts";
import { type CasePhoto, type CaseRow, helpCaseEntries, helpCases } from "./schema.ts";
import {
  ANSWER_DUE,
  caseChanged,
  type HelpDeps,
  lockCase,
  SAFETY_ALERT,
  scheduleResolutionCheck,
  takeStep,
  withPhotos,
  writeEntry,
} from "./steps.ts";

/*
 * The customer's side of help (issue 38): opening a case on a booking of theirs, writing in it,
 * and saying whether its resolution solved the problem. A case is theirs alone: anyone else is told
 * there is no such case.
 */

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
      if (live) return { row: await addToLiveCase(tx, live, userId, input.description, photos, now), existing: true };
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
        deskSettingsOf(deps).damageWindowHours,
      );
      if (!offered.includes(input.problem)) {
        throw new AppError(409, "help_not_offered", `"${needs.label}" is not something this booking can report now.`);
      }
      if (input.problem === "charge" && input.amountRupees !== undefined) {
        const billed = await billedRupees(tx, booking);
        if (input.amountRupees > billed) {
          throw new AppError(
            400,
            "amount_too_high",
            `The booking's bill came to ₹${billed}; the amount charged wrongly cannot be more.`,
          );
        }
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
      const ids = { caseId: row.id };
      await schedule(tx, { name: ANSWER_DUE, key: `${ANSWER_DUE}:${row.id}`, payload: ids, runAt: row.firstAnswerDue });
      await scheduleResolutionCheck(tx, row);
      if (input.problem === "safety") {
        await schedule(tx, { name: SAFETY_ALERT, key: `${SAFETY_ALERT}:${row.id}`, payload: ids, runAt: now });
      }
      return { row, existing: false };
    }),
  );
  await caseChanged(deps, opened.row);
  return opened;
}

/**
 * Asked again about a problem with a live case: the case is shown; what the customer wrote or
 * sent this time goes into it as their message, so nothing they said is lost. A resolved case
 * waits for their word on the resolution instead.
 */
async function addToLiveCase(
  tx: Tx,
  live: CaseRow,
  userId: string,
  description: string,
  photos: CasePhoto[],
  now: Date,
): Promise<CaseRow> {
  if (description === "" && photos.length === 0) return live;
  if (live.status === "resolved") {
    throw new AppError(
      409,
      "case_resolved",
      "Your case about this is resolved: open it and say whether that solved it (not solved opens it again).",
    );
  }
  const locked = (await lockCase(tx, live.id)) ?? live;
  return takeStep(tx, locked, "reply", { author: "customer", authorId: userId, body: description, photos }, now);
}

/**
 * The most the customer can have been charged for the booking: its jobs' lines, approved extras
 * and tips, what cancelling cost, or what they paid online, whichever is most.
 */
async function billedRupees(tx: Tx, booking: BookingRow): Promise<number> {
  const jobRows = (await jobsOf(tx, booking.id)).filter((job) => job.status !== "cancelled");
  const extras = await extrasOfJobs(
    tx,
    jobRows.map((job) => job.id),
  );
  const jobs = jobRows.reduce(
    (sum, job) =>
      sum +
      job.tipRupees +
      jobBillRupees(
        booking.items,
        job.service,
        extras
          .filter((extra) => extra.jobId === job.id)
          .map((extra) => ({ priceRupees: extra.priceRupees, status: extra.status as ExtraStatus })),
      ),
    0,
  );
  const paidPaise = (await tx.select().from(payments).where(eq(payments.bookingId, booking.id)))
    .filter(isPaid)
    .reduce((sum, payment) => sum + payment.amountPaise, 0);
  return Math.max(jobs, booking.cancellationChargeRupees, Math.ceil(paidPaise / 100));
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

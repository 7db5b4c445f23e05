import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { scheduleAssignment } from "#server/bookings/follow-ups.ts";
import { publishChange } from "#server/bookings/publish.ts";
import { type BookingRow, jobs } from "#server/bookings/schema.ts";
import { freeMate, lockBooking, settleBooking, transition } from "#server/bookings/transitions.ts";
import { nowOf } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { mateSuspended, suspendLocked } from "#server/ops/ops-mates.ts";
import { schedule } from "#server/queue/queue.ts";
import { formerMatesOf } from "./desk.ts";
import { type CaseRow, helpCases, mateWarnings } from "./schema.ts";
import { caseChanged, type HelpDeps, lockCase, MATE_WARNED, takeStep } from "./steps.ts";

/*
 * The desk's actions on the job behind a case (issue 38, record 060): give it to another mate, warn
 * its mate or suspend them, ask them to answer in the case. Each is an operator's step on the case
 * (the booking and the case locked, in that order), written into the thread for the customer with
 * its notice, and audited with subject "case".
 */

type Locked = { tx: Tx; booking: BookingRow; row: CaseRow; now: Date; who: { actor: "operator"; actorId: string } };

/** Runs an action on the locked case; then the customer and the console hear of it. */
async function onCase<T>(
  deps: HelpDeps,
  operatorId: string,
  id: string,
  work: (locked: Locked) => Promise<T>,
): Promise<{ row: CaseRow; result: T }> {
  const now = nowOf(deps);
  const [found] = await deps.db.select().from(helpCases).where(eq(helpCases.id, id));
  if (!found) throw notFound("There is no such case.");
  const done = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, found.bookingId);
    const row = await lockCase(tx, id);
    if (!row) throw notFound("There is no such case.");
    const result = await work({ tx, booking, row, now, who: { actor: "operator", actorId: operatorId } });
    const [moved] = await tx.select().from(helpCases).where(eq(helpCases.id, id));
    return { row: moved ?? row, result };
  });
  await caseChanged(deps, done.row);
  return done;
}

/** The case's booking's jobs with this mate, or a 404 when the mate has none on it. */
async function jobsOfMate(tx: Tx, bookingId: string, mateId: string) {
  const held = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.bookingId, bookingId), eq(jobs.mateId, mateId)));
  if (held.length === 0) throw notFound("That mate has no job on this booking.");
  return held;
}

/** A mate with a job on the booking now, or one a job of it was taken from (a no-show); else a 404. */
async function mateOfBooking(tx: Tx, bookingId: string, mateId: string) {
  if ((await formerMatesOf(tx, bookingId)).has(mateId)) return;
  await jobsOfMate(tx, bookingId, mateId);
}

/** Tells the customer in the thread (an operator's answer, with its notice) and audits the action. */
async function answerAndAudit(
  locked: Locked,
  action: string,
  message: string,
  after: Record<string, unknown>,
  reason: string,
) {
  const { tx, row, now, who } = locked;
  const moved = await takeStep(tx, row, "answer", { author: "operator", authorId: who.actorId, body: message }, now);
  await recordAudit(tx, {
    actorId: who.actorId,
    action,
    subjectType: "case",
    subjectId: row.id,
    before: { status: row.status },
    after: { status: moved.status, ...after },
    reason,
    at: now,
  });
}

/**
 * Takes the booking's jobs from this mate and finds another (the queue's assignment, which no longer
 * offers them to the mate they were taken from). Only before the mate sets off: after that the job
 * is under way, and the operator cancels or re-books instead.
 */
export async function reassignFromCase(
  deps: HelpDeps,
  operatorId: string,
  id: string,
  mateId: string,
  message: string,
) {
  const { result } = await onCase(deps, operatorId, id, async (locked) => {
    const { tx, booking, now, who } = locked;
    const held = (await jobsOfMate(tx, booking.id, mateId)).filter((job) => job.status === "assigned");
    if (held.length === 0) {
      throw new AppError(
        409,
        "not_reassignable",
        "This mate has set off or finished; only a job not yet under way can go to another mate.",
      );
    }
    for (const job of held) {
      await transition(tx, booking, job, "withdraw", who, now, {
        set: { mateId: null, atRisk: false },
        details: { mateId, reason: "reassigned" },
      });
      await freeMate(tx, job);
    }
    await scheduleAssignment(tx, booking.id, now);
    const settled = await settleBooking(tx, booking.id, now);
    await answerAndAudit(locked, "case.reassign", message, { mateId, jobs: held.map((job) => job.id) }, message);
    return settled;
  });
  await publishChange(deps, result, [mateId]);
  deps.queue?.poke();
}

/** Warns the mate: the warning is kept on their record and told to them; the customer reads the message. */
export async function warnFromCase(
  deps: HelpDeps,
  operatorId: string,
  id: string,
  input: { mateId: string; reason: string; message: string },
) {
  await onCase(deps, operatorId, id, async (locked) => {
    const { tx, booking, row, now } = locked;
    await mateOfBooking(tx, booking.id, input.mateId);
    const warningId = randomUUID();
    await tx
      .insert(mateWarnings)
      .values({ id: warningId, mateId: input.mateId, caseId: row.id, reason: input.reason, at: now, by: operatorId });
    await schedule(tx, { name: MATE_WARNED, key: `${MATE_WARNED}:${warningId}`, payload: { warningId }, runAt: now });
    await answerAndAudit(locked, "case.warn", input.message, { mateId: input.mateId, warningId }, input.reason);
  });
}

/** Suspends the mate (the console's suspension, in the case's transaction); the customer reads the message. */
export async function suspendFromCase(
  deps: HelpDeps,
  operatorId: string,
  id: string,
  input: { mateId: string; reason: string; message: string },
) {
  const { result } = await onCase(deps, operatorId, id, async (locked) => {
    const { tx, booking, now } = locked;
    await mateOfBooking(tx, booking.id, input.mateId);
    const withdrawn = await suspendLocked(tx, operatorId, input.mateId, input.reason, now);
    await answerAndAudit(locked, "case.suspend", input.message, { mateId: input.mateId }, input.reason);
    return withdrawn;
  });
  await mateSuspended(deps, input.mateId, result);
}

/**
 * Asks the job's mates to answer in the case: the question is shown to them (not to the customer)
 * and told to them by notice; they may answer while the case is worked on. Never a safety case.
 */
export async function askMateFromCase(deps: HelpDeps, operatorId: string, id: string, message: string) {
  await onCase(deps, operatorId, id, async ({ tx, booking, row, now, who }) => {
    if (row.problem === "safety") {
      throw new AppError(409, "safety_case", "A safety case is never shown to the mate.");
    }
    const withMate = (await tx.select({ mateId: jobs.mateId }).from(jobs).where(eq(jobs.bookingId, booking.id))).filter(
      (job) => job.mateId,
    );
    if (withMate.length === 0) throw new AppError(409, "no_mate", "This booking has no mate to ask.");
    const moved = await takeStep(
      tx,
      row,
      "ask_mate",
      { author: "operator", authorId: who.actorId, body: message },
      now,
    );
    await recordAudit(tx, {
      actorId: who.actorId,
      action: "case.ask_mate",
      subjectType: "case",
      subjectId: row.id,
      before: { mateAskedAt: row.mateAskedAt?.toISOString() ?? null },
      after: { mateAskedAt: moved.mateAskedAt?.toISOString() ?? null },
      reason: message,
      at: now,
    });
  });
}

import { and, eq, sql } from "drizzle-orm";
import { jobCreditRupees } from "#domain/credit.ts";
import { type CollectionMethod, canAddExtras, JOB_RULES, type JobAction, type JobStatus } from "#domain/job.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { postCollected, postJobEarned, postTip } from "#server/ledger/postings.ts";
import type { MateRow } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { issueInvoice } from "#server/payments/invoices.ts";
import { balanceToCollect, billOf, paidByMate, settleFreeJob, settlePrepaidJob } from "#server/payments/settlement.ts";
import { scheduleAssignment } from "./follow-ups.ts";
import { publishChange } from "./publish.ts";
import type { BookingRow, JobRow } from "./schema.ts";
import { bookings, jobExtras, jobs } from "./schema.ts";
import {
  allowedOrRefused,
  freeMate,
  lockBooking,
  recordHistory,
  settleBooking,
  transition,
  type Who,
} from "./transitions.ts";

/** The mate's side of a job's life: the steps of the day, extra work, handing a job back. */

/** The mate profile of a signed-in mate; a mate account without one is refused. */
export async function mateOfUser(db: Pick<Database, "select">, userId: string): Promise<MateRow> {
  const [mate] = await db.select().from(mates).where(eq(mates.userId, userId));
  if (!mate) throw new AppError(403, "no_mate_profile", "Your account is not linked to a mate profile yet.");
  return mate;
}

/** The job, if it is this mate's (another mate's job is a 404), with its booking locked. */
async function lockMateJob(tx: Tx, mateId: string, jobId: string): Promise<{ booking: BookingRow; job: JobRow }> {
  const [found] = await tx
    .select({ bookingId: jobs.bookingId })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.mateId, mateId)));
  if (!found) throw notFound("There is no such job among yours.");
  const booking = await lockBooking(tx, found.bookingId);
  const [job] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.mateId, mateId)));
  if (!job) throw notFound("There is no such job among yours.");
  return { booking, job };
}

export type StepInput =
  | { action: "on_the_way" | "arrive" | "complete" }
  | { action: "start"; code: string }
  | { action: "collect"; method: CollectionMethod }
  | { action: "release"; reason: string };

/** Thrown after the transaction that recorded a wrong start code has committed. */
class WrongCode {
  readonly locked: boolean;
  constructor(locked: boolean) {
    this.locked = locked;
  }
}

/**
 * One step of the mate on their job. Each is one transition of the state machine, applied in one
 * transaction with the booking locked; the customer's tabs and the mate's app follow live.
 */
export async function takeStep(deps: AppDeps, userId: string, jobId: string, input: StepInput) {
  const mate = await mateOfUser(deps.db, userId);
  const now = nowOf(deps);
  const who: Who = { actor: "mate", actorId: userId };
  const window = { setOffWindowMinutes: deps.setOffWindowMinutes };
  const outcome = await deps.db.transaction(async (tx) => {
    const { booking, job } = await lockMateJob(tx, mate.id, jobId);
    switch (input.action) {
      case "start": {
        if (booking.startCodeFailures >= JOB_RULES.startCodeAttempts) {
          throw new AppError(423, "start_code_locked", LOCKED_MESSAGE);
        }
        // Refused with the state machine's reason (the wrong state, too early) before the code is tried.
        allowedOrRefused(booking, job, "start", who, now, window);
        if (input.code !== booking.startCode) {
          const failures = booking.startCodeFailures + 1;
          await tx.update(bookings).set({ startCodeFailures: failures }).where(eq(bookings.id, booking.id));
          const locked = failures >= JOB_RULES.startCodeAttempts;
          await recordHistory(tx, {
            bookingId: booking.id,
            jobId,
            who,
            action: locked ? "start_code_locked" : "start_code_wrong",
            details: { failures },
            at: now,
          });
          return new WrongCode(locked);
        }
        await tx.update(bookings).set({ startCodeFailures: 0 }).where(eq(bookings.id, booking.id));
        await transition(tx, booking, job, "start", who, now, window);
        break;
      }
      case "complete": {
        const [pending] = await tx
          .select({ id: jobExtras.id })
          .from(jobExtras)
          .where(and(eq(jobExtras.jobId, jobId), eq(jobExtras.status, "proposed")));
        if (pending && job.status === "in_progress") {
          throw new AppError(
            409,
            "extras_pending",
            "The customer has not answered your extra work yet. Ask them to approve or decline it in the app.",
          );
        }
        const completed = await transition(tx, booking, job, "complete", who, now);
        await postJobEarned(tx, payoutSettingsOf(deps), completed, await billOf(tx, booking, completed), who, now);
        await settlePrepaidJob(tx, deps.seller, booking, completed, now);
        await settleFreeJob(tx, deps.seller, booking, completed, now);
        await tx
          .update(mates)
          .set({ jobsDone: sql`${mates.jobsDone} + 1` })
          .where(eq(mates.id, mate.id));
        break;
      }
      case "collect": {
        // What is left to collect: the bill, less what was paid up front online or with credit.
        const balance = await balanceToCollect(tx, booking, job);
        const paid = await transition(tx, booking, job, "collect", who, now, {
          set: { collectedMethod: input.method, collectedRupees: balance },
          details: { method: input.method, amountRupees: balance },
        });
        const bill = await billOf(tx, booking, job);
        // Posted at completion; a job completed before the ledger existed is posted here (once, by its key).
        await postJobEarned(tx, payoutSettingsOf(deps), paid, bill, who, now);
        await postCollected(tx, paid, balance * 100, who, now);
        await postTip(tx, paid, now);
        // The invoice is of the service: the tip is passed on to the mate and is not part of it.
        const paidBy = paidByMate(input.method, balance - job.tipRupees, bill - jobCreditRupees(booking, job.service));
        await issueInvoice(tx, deps.seller, booking, paid, paidBy, now);
        break;
      }
      case "release": {
        await transition(tx, booking, job, "release", who, now, {
          set: { mateId: null, atRisk: false },
          details: { mateId: mate.id, reason: input.reason },
        });
        await freeMate(tx, job);
        await scheduleAssignment(tx, booking.id, now);
        break;
      }
      default:
        await transition(tx, booking, job, input.action satisfies JobAction, who, now, window);
    }
    return settleBooking(tx, booking.id, now);
  });
  if (outcome instanceof WrongCode) {
    const [row] = await deps.db
      .select()
      .from(bookings)
      .innerJoin(jobs, eq(jobs.bookingId, bookings.id))
      .where(eq(jobs.id, jobId));
    if (row) await publishChange(deps, row.bookings);
    if (outcome.locked) throw new AppError(423, "start_code_locked", LOCKED_MESSAGE);
    throw new AppError(
      400,
      "wrong_start_code",
      "That is not the start code. Ask the customer to read it from their booking.",
    );
  }
  await publishChange(deps, outcome, input.action === "release" ? [mate.id] : []);
  if (input.action === "release") deps.queue?.poke();
  return outcome;
}

const LOCKED_MESSAGE = "The start code is locked after 5 wrong tries. Please call the operations desk to unlock it.";

/** Extra work the mate found on the day; the customer approves or declines it in the app. */
export async function addExtra(
  deps: AppDeps,
  userId: string,
  jobId: string,
  input: { description: string; priceRupees: number },
  id: string,
) {
  const mate = await mateOfUser(deps.db, userId);
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const { booking, job } = await lockMateJob(tx, mate.id, jobId);
    if (!canAddExtras(job.status as JobStatus)) {
      throw new AppError(
        409,
        "job_not_active",
        "Extra work can be added once you have arrived and until you complete the job.",
      );
    }
    await tx
      .insert(jobExtras)
      .values({ id, jobId, description: input.description, priceRupees: input.priceRupees, createdAt: now });
    await recordHistory(tx, {
      bookingId: booking.id,
      jobId,
      who: { actor: "mate", actorId: userId },
      action: "extra_proposed",
      details: { description: input.description, priceRupees: input.priceRupees },
      at: now,
    });
    return settleBooking(tx, booking.id, now);
  });
  await publishChange(deps, row);
  return row;
}

/** An operator unlocks a start code locked after 5 wrong tries. */
export async function unlockStartCode(deps: AppDeps, operatorId: string, bookingId: string) {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.startCodeFailures < JOB_RULES.startCodeAttempts) {
      throw new AppError(409, "not_locked", "This booking's start code is not locked.");
    }
    await tx.update(bookings).set({ startCodeFailures: 0 }).where(eq(bookings.id, bookingId));
    await recordHistory(tx, {
      bookingId,
      who: { actor: "operator", actorId: operatorId },
      action: "start_code_unlocked",
      at: now,
    });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "booking.unlock_start_code",
      subjectType: "booking",
      subjectId: bookingId,
      before: { startCodeFailures: booking.startCodeFailures },
      after: { startCodeFailures: 0 },
      at: now,
    });
    return settleBooking(tx, bookingId, now);
  });
  return publishChange(deps, row);
}

// ---- Timed transitions (run by the job queue)

/** 30 minutes before the start, a job whose mate is not yet on the way is flagged at risk. */
export async function flagAtRisk(deps: AppDeps, jobId: string): Promise<boolean> {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
    if (!job) return undefined;
    const booking = await lockBooking(tx, job.bookingId);
    if (booking.startAt.getTime() - now.getTime() > JOB_RULES.atRiskMinutes * 60_000) return undefined;
    const [flagged] = await tx
      .update(jobs)
      .set({ atRisk: true, updatedAt: now })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, "assigned"), eq(jobs.atRisk, false)))
      .returning();
    if (!flagged) return undefined;
    await recordHistory(tx, { bookingId: booking.id, jobId, who: { actor: "system" }, action: "at_risk", at: now });
    return booking;
  });
  if (row) await publishChange(deps, row);
  return row !== undefined;
}

const SYSTEM_WHO: Who = { actor: "system" };

/** A job left in progress 12 hours past its end is completed by the system. */
export async function autoClose(deps: AppDeps, jobId: string): Promise<boolean> {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
    if (job?.status !== "in_progress") return undefined;
    const booking = await lockBooking(tx, job.bookingId);
    if (now.getTime() - booking.endAt.getTime() < JOB_RULES.autoCloseHours * 3_600_000) return undefined;
    const completed = await transition(tx, booking, job, "complete", { actor: "system" }, now, {
      details: { reason: "auto_closed" },
    });
    await postJobEarned(tx, payoutSettingsOf(deps), completed, await billOf(tx, booking, completed), SYSTEM_WHO, now);
    await settlePrepaidJob(tx, deps.seller, booking, completed, now);
    await settleFreeJob(tx, deps.seller, booking, completed, now);
    return settleBooking(tx, booking.id, now);
  });
  if (row) await publishChange(deps, row);
  return row !== undefined;
}

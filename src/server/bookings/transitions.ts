import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DetailsOf, HistoryWrite } from "#domain/booking-history.ts";
import { type Actor, bookingStatusOf, decide, type JobAction, type JobStatus } from "#domain/job.ts";
import { NOTIFIABLE_ACTIONS, NOTIFY, notifyKey } from "#domain/notice-triggers.ts";
import type { Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { schedule } from "#server/queue/queue.ts";
import type { BookingRow, ExtraRow, JobRow } from "./schema.ts";
import { bookingHistory, bookings, jobExtras, jobs } from "./schema.ts";

/**
 * The one place a job's status changes (issue 14): the domain's table decides whether the actor may
 * take the action from the job's state; the update is conditional on that state, so a double tap,
 * a retry or a second device finds the job moved and is refused instead of repeating the step; the
 * change is written to the booking's history in the same transaction; the booking's own status is
 * then derived from its jobs.
 */
export type Who = { actor: Actor; actorId?: string | undefined };

/** The booking, locked until the transaction ends: its jobs change one transaction at a time. */
export async function lockBooking(tx: Tx, bookingId: string): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!row) throw notFound("There is no such booking.");
  return row;
}

/** A booking of this customer's, locked for the change: another customer's is "no such booking". */
export async function lockOwnBooking(tx: Tx, userId: string, id: string): Promise<BookingRow> {
  const [current] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)))
    .for("update");
  if (!current) throw notFound("There is no such booking among yours.");
  return current;
}

export async function jobsOf(tx: Pick<Tx, "select">, bookingId: string): Promise<JobRow[]> {
  return tx.select().from(jobs).where(eq(jobs.bookingId, bookingId));
}

/** The extras proposed on these jobs, whatever their status. */
export async function extrasOfJobs(tx: Pick<Tx, "select">, jobIds: readonly string[]): Promise<ExtraRow[]> {
  return jobIds.length === 0
    ? []
    : tx
        .select()
        .from(jobExtras)
        .where(inArray(jobExtras.jobId, [...jobIds]));
}

/** When the booking's work was last completed (its latest "complete" step), if it was. */
export async function completedAtOf(db: Pick<Tx, "select">, bookingId: string): Promise<Date | undefined> {
  const [completed] = await db
    .select({ at: bookingHistory.at })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.action, "complete")))
    .orderBy(desc(bookingHistory.at))
    .limit(1);
  return completed?.at;
}

/** An entry of the booking's history, its details of its action's shape (domain/booking-history.ts). */
export async function recordHistory(
  tx: Tx,
  entry: {
    bookingId: string;
    jobId?: string | null;
    who: Who;
    from?: string | null;
    to?: string | null;
    at: Date;
  } & HistoryWrite,
): Promise<void> {
  const id = randomUUID();
  await tx.insert(bookingHistory).values({
    id,
    bookingId: entry.bookingId,
    jobId: entry.jobId ?? null,
    at: entry.at,
    actor: entry.who.actor,
    actorId: entry.who.actorId ?? null,
    action: entry.action,
    fromStatus: entry.from ?? null,
    toStatus: entry.to ?? null,
    details: entry.details ?? null,
  });
  // A step that may be news to somebody is told by the queue once this transaction commits (issue 19).
  if (NOTIFIABLE_ACTIONS.has(entry.action)) {
    await schedule(tx, { name: NOTIFY, key: notifyKey(id), payload: { historyId: id }, runAt: entry.at });
  }
}

/** The refusal of the domain's table as an API error: the wrong actor is a 403, the wrong state a 409. */
function refuse(code: string, message: string): never {
  throw new AppError(code === "forbidden_action" ? 403 : 409, code, message);
}

/** How long before the start a mate may set off: the setting, passed in by the mate's steps. */
export type StepWindow = { setOffWindowMinutes?: number | undefined };

/**
 * The state machine's verdict on an action, refused as an API error (403 or 409, the early and late
 * times included) when it is not allowed. Returns the state the action leads to.
 */
export function allowedOrRefused(
  booking: Pick<BookingRow, "startAt">,
  job: Pick<JobRow, "status">,
  action: JobAction,
  who: Who,
  now: Date,
  window: StepWindow = {},
): JobStatus {
  const verdict = decide(action, who.actor, job.status as JobStatus, {
    start: booking.startAt,
    now,
    setOffWindowMinutes: window.setOffWindowMinutes,
  });
  if (!verdict.allowed) refuse(verdict.code, verdict.message);
  return verdict.to;
}

/**
 * What a step changes beside the status, and its details: required when its action's schema has a
 * required field (domain/booking-history.ts), so `transition(…, "assign", …)` without a mate fails to compile.
 */
type TransitionOptions<A extends JobAction> = { set?: Partial<JobRow> } & StepWindow & DetailsOf<A>;

/**
 * Takes one action on one job of a locked booking: checked against the state machine, applied only
 * if the job is still in the state it was read in, and recorded. Returns the job as it now is.
 */
export async function transition<A extends JobAction>(
  tx: Tx,
  booking: BookingRow,
  job: JobRow,
  action: A,
  who: Who,
  now: Date,
  ...[given]: Record<never, never> extends DetailsOf<A> ? [TransitionOptions<A>?] : [TransitionOptions<A>]
): Promise<JobRow> {
  const options: { set?: Partial<JobRow>; details?: unknown } & StepWindow = given ?? {};
  const to = allowedOrRefused(booking, job, action, who, now, options);
  const [moved] = await tx
    .update(jobs)
    .set({ ...options.set, status: to, updatedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, job.status)))
    .returning();
  if (!moved) refuse("bad_transition", "This job changed meanwhile. Please reload it.");
  // The callers' details were checked against their action's schema (TransitionOptions); a generic
  // action cannot be matched to its entry by the compiler, hence the one cast.
  await recordHistory(tx, {
    bookingId: booking.id,
    jobId: job.id,
    who,
    action,
    from: job.status,
    to,
    at: now,
    ...(options.details ? { details: options.details } : {}),
  } as Parameters<typeof recordHistory>[1]);
  return moved;
}

/** Frees the cells a job's mate held for it. */
export async function freeMate(tx: Tx, job: Pick<JobRow, "bookingId" | "mateId">): Promise<void> {
  if (!job.mateId) return;
  await tx.delete(mateBusy).where(and(eq(mateBusy.bookingId, job.bookingId), eq(mateBusy.mateId, job.mateId)));
}

/** Sets the booking's status from its jobs (and any other changes), after its jobs changed. */
export async function settleBooking(
  tx: Tx,
  bookingId: string,
  now: Date,
  changes: Partial<BookingRow> = {},
): Promise<BookingRow> {
  const statuses = (await jobsOf(tx, bookingId)).map((job) => job.status as JobStatus);
  const [row] = await tx
    .update(bookings)
    .set({ ...changes, status: bookingStatusOf(statuses), updatedAt: now })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!row) throw notFound("There is no such booking.");
  return row;
}

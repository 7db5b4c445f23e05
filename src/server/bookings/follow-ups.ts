import { JOB_RULES } from "#domain/job.ts";
import { NO_SHOW_RULES, noShowCheckAt } from "#domain/no-show.ts";
import type { Tx } from "#server/db/client.ts";
import { cancelScheduled, schedule } from "#server/queue/queue.ts";

/**
 * The booking's work that runs later, on the durable queue (decision record 023): assigning mates
 * after placing, moving or releasing; flagging a job at risk 30 minutes before the start; offering
 * the no-show rescue when no mate has arrived 15 minutes after it (record 059); closing a job left in
 * progress 12 hours past its end. Each is scheduled in the transaction of the change
 * that asks for it, keyed by booking; timed.ts holds the handlers.
 */
export const QUEUED = {
  assign: "assign-booking",
  atRisk: "flag-at-risk",
  noShow: "no-show-check",
  autoClose: "auto-close",
} as const;

type Executor = Pick<Tx, "insert" | "update">;
const key = (name: string, bookingId: string) => `${name}:${bookingId}`;

/** Assign the booking's jobs that are finding a mate, as soon as a worker can. */
export function scheduleAssignment(tx: Executor, bookingId: string, now: Date) {
  return schedule(tx, { name: QUEUED.assign, key: key(QUEUED.assign, bookingId), payload: { bookingId }, runAt: now });
}

/**
 * The timed checks of a booking at its (new) start and end; the no-show check `noShowAfterMinutes`
 * after the start (the NO_SHOW_AFTER_MINUTES setting, 15 by default).
 */
export async function scheduleTimedChecks(
  tx: Executor,
  booking: { id: string; startAt: Date; endAt: Date },
  noShowAfterMinutes?: number,
) {
  await schedule(tx, {
    name: QUEUED.atRisk,
    key: key(QUEUED.atRisk, booking.id),
    payload: { bookingId: booking.id },
    runAt: new Date(booking.startAt.getTime() - JOB_RULES.atRiskMinutes * 60_000),
  });
  await scheduleNoShowCheck(tx, booking.id, noShowCheckAt(booking.startAt, noShowAfterMinutes));
  await scheduleAutoClose(tx, booking);
}

/** Looks at `runAt` whether the booking's mate has arrived, and if not offers the rescue (no-show.ts). */
export function scheduleNoShowCheck(tx: Executor, bookingId: string, runAt: Date) {
  return schedule(tx, { name: QUEUED.noShow, key: key(QUEUED.noShow, bookingId), payload: { bookingId }, runAt });
}

/**
 * A booking given a mate after the no-show rescue was offered (by the queue or an operator): the
 * offer is withdrawn, since this mate has only just been told, and the check comes again once they
 * have had the rescue's time to arrive. Returns the booking's change for settleBooking.
 */
export async function renewNoShowCheck(
  tx: Executor,
  booking: { id: string; noShowOfferedAt: Date | null },
  now: Date,
): Promise<{ noShowOfferedAt?: null }> {
  if (booking.noShowOfferedAt === null) return {};
  await scheduleNoShowCheck(tx, booking.id, new Date(now.getTime() + NO_SHOW_RULES.rescueArrivalMinutes * 60_000));
  return { noShowOfferedAt: null };
}

/** Closes the booking's jobs left in progress 12 hours past its end. */
export function scheduleAutoClose(tx: Executor, booking: { id: string; endAt: Date }) {
  return schedule(tx, {
    name: QUEUED.autoClose,
    key: key(QUEUED.autoClose, booking.id),
    payload: { bookingId: booking.id },
    runAt: new Date(booking.endAt.getTime() + JOB_RULES.autoCloseHours * 3_600_000),
  });
}

/** A booking whose mates were replaced from now needs no at-risk flag: its new mate is told to come now. */
export function cancelAtRisk(tx: Executor, bookingId: string, now: Date) {
  return cancelScheduled(tx, key(QUEUED.atRisk, bookingId), now);
}

/** A cancelled booking needs none of its timed checks. */
export async function cancelTimedChecks(tx: Executor, bookingId: string, now: Date) {
  for (const name of Object.values(QUEUED)) await cancelScheduled(tx, key(name, bookingId), now);
}

import { JOB_RULES } from "#domain/job.ts";
import { cancelScheduled, type Handler, schedule } from "#server/queue/queue.ts";
import { assignBooking } from "./assignment.ts";
import { type BookingDeps, nowOf, type Tx } from "./bookings.ts";
import { autoClose, flagAtRisk } from "./job-steps.ts";
import { jobsOf } from "./transitions.ts";

/**
 * The booking's work that runs later, on the durable queue (decision record 023): assigning mates
 * after placing, moving or releasing; flagging a job at risk 30 minutes before the start; closing a
 * job left in progress 12 hours past its end. Each is scheduled in the transaction of the change
 * that asks for it, keyed by booking, and each handler checks the state it acts on.
 */
export const QUEUED = { assign: "assign-booking", atRisk: "flag-at-risk", autoClose: "auto-close" } as const;

type Executor = Pick<Tx, "insert" | "update">;
const key = (name: string, bookingId: string) => `${name}:${bookingId}`;

/** Assign the booking's jobs that are finding a mate, as soon as a worker can. */
export function scheduleAssignment(tx: Executor, bookingId: string, now: Date) {
  return schedule(tx, { name: QUEUED.assign, key: key(QUEUED.assign, bookingId), payload: { bookingId }, runAt: now });
}

/** The timed checks of a booking at its (new) start and end. */
export async function scheduleTimedChecks(tx: Executor, booking: { id: string; startAt: Date; endAt: Date }) {
  await schedule(tx, {
    name: QUEUED.atRisk,
    key: key(QUEUED.atRisk, booking.id),
    payload: { bookingId: booking.id },
    runAt: new Date(booking.startAt.getTime() - JOB_RULES.atRiskMinutes * 60_000),
  });
  await schedule(tx, {
    name: QUEUED.autoClose,
    key: key(QUEUED.autoClose, booking.id),
    payload: { bookingId: booking.id },
    runAt: new Date(booking.endAt.getTime() + JOB_RULES.autoCloseHours * 3_600_000),
  });
}

/** A cancelled booking needs none of its timed checks. */
export async function cancelTimedChecks(tx: Executor, bookingId: string, now: Date) {
  for (const name of Object.values(QUEUED)) await cancelScheduled(tx, key(name, bookingId), now);
}

const bookingIdOf = (payload: Record<string, unknown>) => String(payload.bookingId ?? "");

/** The handlers of the booking's queued work. */
export function bookingHandlers(deps: BookingDeps): Record<string, Handler> {
  return {
    [QUEUED.assign]: async (payload) => {
      await assignBooking(deps, bookingIdOf(payload));
    },
    [QUEUED.atRisk]: async (payload) => {
      for (const job of await jobsOf(deps.db, bookingIdOf(payload))) {
        if (job.status === "assigned") await flagAtRisk(deps, job.id);
      }
    },
    [QUEUED.autoClose]: async (payload) => {
      for (const job of await jobsOf(deps.db, bookingIdOf(payload))) {
        if (job.status === "in_progress") await autoClose(deps, job.id);
      }
    },
  };
}

export { nowOf };

import type { AppDeps } from "#server/context.ts";
import type { Handler } from "#server/queue/queue.ts";
import { assignBooking } from "./assignment.ts";
import { QUEUED } from "./follow-ups.ts";
import { autoClose, flagAtRisk } from "./job-steps.ts";
import { offerNoShow } from "./no-show.ts";
import { jobsOf } from "./transitions.ts";

/** The handlers of the booking's queued work (follow-ups.ts schedules it); each checks the state it acts on. */
const bookingIdOf = (payload: Record<string, unknown>) => String(payload.bookingId ?? "");

/** The handlers of the booking's queued work. */
export function bookingHandlers(deps: AppDeps): Record<string, Handler> {
  return {
    [QUEUED.assign]: async (payload) => {
      await assignBooking(deps, bookingIdOf(payload));
    },
    [QUEUED.atRisk]: async (payload) => {
      for (const job of await jobsOf(deps.db, bookingIdOf(payload))) {
        if (job.status === "assigned") await flagAtRisk(deps, job.id);
      }
    },
    [QUEUED.noShow]: async (payload) => {
      await offerNoShow(deps, bookingIdOf(payload));
    },
    [QUEUED.autoClose]: async (payload) => {
      for (const job of await jobsOf(deps.db, bookingIdOf(payload))) {
        if (job.status === "in_progress") await autoClose(deps, job.id);
      }
    },
  };
}

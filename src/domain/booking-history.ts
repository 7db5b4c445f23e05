import { z } from "zod";
import { ACTORS, COLLECTION_METHODS, JOB_ACTIONS, type JobAction } from "./job.ts";
import { PAYMENT_PURPOSES } from "./payments.ts";

/**
 * A booking's history (server/bookings/schema.ts `booking_history`): one entry per change of the
 * booking or its jobs, the customer's timeline. Each entry names its action (a step of the job
 * state machine, JOB_ACTIONS, or an event beside it) and keeps what else is worth knowing in its
 * jsonb `details`, whose shape is the action's schema in HISTORY_DETAILS. Writers
 * (server/bookings/transitions.ts `recordHistory` and `transition`) are type-checked against it;
 * readers never look into the column themselves but ask `historyDetails`, the one place it is parsed.
 *
 * Rows already in databases: a field added to an action after its first release is optional
 * (`reschedule` named no mate before 8a0bada; `settle_online` had no tip before 436f14e), and an
 * action that has no details reads a null column as none. A row that still does not fit (an action
 * not listed here, or details of another shape) is read as one whose details are unknown:
 * `historyDetails` answers undefined and never throws, so such a row never fails a request. Each
 * reader then does without it: the timeline shows the entry, labelled, without its details; the
 * assignment and the chat find no mate named in it.
 */

/** An action that writes nothing more than its name (a null column). */
const none = z.object({});
/** Extra work, as proposed and as the customer answered it. */
const extra = z.object({ description: z.string(), priceRupees: z.number() });
/** A wrong start code: how many wrong tries in a row so far. */
const startCodeTries = z.object({ failures: z.number() });
/** A rating, given or changed: its stars and the tip it added. */
const rating = z.object({ stars: z.number(), tipRupees: z.number() });

export const HISTORY_DETAILS = {
  // The job's steps (JOB_ACTIONS): `jobId` names the job.
  /** The mate now doing the job. */
  assign: z.object({ mateId: z.string() }),
  unassign: none,
  /** The mate who handed the job back, and why (never offered it again: assignment.ts). */
  release: z.object({ mateId: z.string(), reason: z.string() }),
  /** The mate the operations team took the job from, and why. */
  withdraw: z.object({ mateId: z.string().nullable(), reason: z.enum(["reassigned", "suspended"]) }),
  /** The old and new start (ISO), and the mate it had, offered the new time first. */
  reschedule: z.object({ from: z.string(), to: z.string(), mateId: z.string().nullable().optional() }),
  /** The mate who did not come (never offered the job again: assignment.ts). */
  no_show: z.object({ mateId: z.string() }),
  on_the_way: none,
  arrive: none,
  start: none,
  /** Closed by the system 12 hours past its end, or (no reason) completed by its mate or an operator. */
  complete: z.object({ reason: z.literal("auto_closed").optional() }),
  /** Collected by the mate: how, and how much was left to collect. */
  collect: z.object({ method: z.enum(COLLECTION_METHODS), amountRupees: z.number() }),
  /** Paid online: the payment, the bill and the tip. */
  settle_online: z.object({
    paymentId: z.string().nullable(),
    amountRupees: z.number(),
    tipRupees: z.number().optional(),
  }),
  settle_free: none,
  expire: none,
  /** An operator's reason; a customer's own cancelling gives none. */
  cancel: z.object({ reason: z.string().optional() }),

  // Events beside the steps.
  /** A free re-work names the booking it redoes. */
  place: z.object({ reworkOf: z.string().optional() }),
  at_risk: none,
  /** No mate arrived in time: the customer is offered another mate now or a free cancellation. */
  no_show_offered: none,
  start_code_wrong: startCodeTries,
  start_code_locked: startCodeTries,
  start_code_unlocked: none,
  extra_proposed: extra,
  extra_approved: extra,
  extra_declined: extra,
  /** What was paid, by which payment, for what: the booking up front or the bill after the job. */
  payment_received: z.object({
    amountPaise: z.number(),
    paymentId: z.string().nullable(),
    purpose: z.enum(PAYMENT_PURPOSES),
  }),
  refund_requested: z.object({ amountPaise: z.number() }),
  /** The refund's reference at the bank (or Razorpay's id for it). */
  refund_processed: z.object({ amountPaise: z.number(), reference: z.string() }),
  rated: rating,
  rating_changed: rating,
  /** On the booking whose work is redone: the free booking made for it. */
  rework_requested: z.object({ reworkBookingId: z.string() }),
  /** On each job of the free booking: the mate who did the work (offered it first) and the booking redone. */
  rework: z.object({ mateId: z.string().nullable(), reworkOf: z.string() }),
} satisfies Record<JobAction, z.ZodType> & Record<string, z.ZodType<Record<string, unknown>>>;

export type HistoryAction = keyof typeof HISTORY_DETAILS;
export type HistoryDetails<A extends HistoryAction> = z.output<(typeof HISTORY_DETAILS)[A]>;

/** An entry's action with its details, told apart by the action. */
export type HistoryRecord = { [A in HistoryAction]: { action: A; details: HistoryDetails<A> } }[HistoryAction];

/**
 * What a writer gives: the action and, when the action's schema asks for any field, its details
 * (optional when every field is).
 */
export type HistoryWrite = {
  [A in HistoryAction]: { action: A } & DetailsOf<A>;
}[HistoryAction];
export type DetailsOf<A extends HistoryAction> = A extends HistoryAction
  ? Record<never, never> extends HistoryDetails<A>
    ? { details?: HistoryDetails<A> }
    : { details: HistoryDetails<A> }
  : never;

function isHistoryAction(action: string): action is HistoryAction {
  return Object.hasOwn(HISTORY_DETAILS, action);
}

/**
 * An entry's details as its action's schema reads them, with the action to tell them apart; a null
 * column is no details. Undefined for a row that does not fit (see the module's comment): never throws.
 */
export function historyDetails(action: string, raw: unknown): HistoryRecord | undefined {
  if (!isHistoryAction(action)) return undefined;
  const parsed = HISTORY_DETAILS[action].safeParse(raw ?? {});
  return parsed.success ? ({ action, details: parsed.data } as HistoryRecord) : undefined;
}

/** The mate an entry names (assigned, released, taken off, a no-show, moved from, or who did the work redone), if any. */
export function mateNamedIn(entry: HistoryRecord | undefined): string | undefined {
  if (!entry || !("mateId" in entry.details)) return undefined;
  return entry.details.mateId ?? undefined;
}

/** When a booking's work was last completed, read from its history entries (oldest first), if it was. */
export function lastCompleted(
  history: readonly { bookingId: string; action: string; at: Date }[],
  bookingId: string,
): Date | undefined {
  return history.findLast((entry) => entry.bookingId === bookingId && entry.action === "complete")?.at;
}

/** When a booking was cancelled (by anyone, or as an unpaid hold that expired), if it was. */
export function lastCancelled(
  history: readonly { bookingId: string; action: string; at: Date }[],
  bookingId: string,
): Date | undefined {
  return history.findLast(
    (entry) => entry.bookingId === bookingId && (entry.action === "cancel" || entry.action === "expire"),
  )?.at;
}

/** Timeline entries that are not status changes. */
export const EVENT_LABELS: Record<string, string> = {
  place: "Booked",
  at_risk: "Mate not yet on the way",
  no_show_offered: "Mate hasn't arrived: another mate or a free cancellation offered",
  start_code_wrong: "Wrong start code entered",
  start_code_locked: "Start code locked after 5 wrong tries",
  start_code_unlocked: "Start code unlocked",
  extra_proposed: "Extra work proposed",
  extra_approved: "Extra work approved",
  extra_declined: "Extra work declined",
  auto_closed: "Closed by Mates",
  payment_received: "Paid online",
  refund_requested: "Refund started",
  refund_processed: "Refund processed",
  rated: "Rated",
  rating_changed: "Rating changed",
  rework_requested: "Free re-work asked for",
  rework: "Free re-work of an earlier booking",
};

/** How an entry of the booking's history reads in the timeline. */
export function historyLabel(action: string): string {
  return (JOB_ACTIONS as Record<string, { label: string }>)[action]?.label ?? EVENT_LABELS[action] ?? action;
}

// ---- The timeline as the API shows it

export const historyEntrySchema = z.object({
  at: z.string(),
  actor: z.enum(ACTORS),
  action: z.string(),
  label: z.string(),
  service: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

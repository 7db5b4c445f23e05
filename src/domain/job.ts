import { z } from "zod";
import { kolkataDay } from "./kolkata-time.ts";
import { formatSlotTime } from "./slot-time.ts";
import { NO_NUL } from "./text.ts";

/**
 * A job's whole life (issue 14): one service of a booking, done by one mate. Every change of a
 * job's status is one of the actions of JOB_ACTIONS, taken by one of its actors from one of its
 * states; the server applies them in one place (server/bookings/transitions.ts) with conditional
 * updates, so a double tap, a retry or two devices never skip, repeat or reorder a step.
 */
export const JOB_STATUSES = [
  "finding",
  "unassigned",
  "assigned",
  "on_the_way",
  "arrived",
  "in_progress",
  "completed",
  "paid",
  "cancelled",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const ACTORS = ["customer", "mate", "operator", "system"] as const;
export type Actor = (typeof ACTORS)[number];

export const JOB_RULES = {
  /** A mate may hand a job back until 3 hours before its start, like the customer's free cancellation. */
  releaseCutoffMinutes: 180,
  /**
   * The default of the SET_OFF_WINDOW_MINUTES setting: a mate may set off (and then arrive and start)
   * from this long before the start, not earlier.
   */
  setOffWindowMinutes: 120,
  /** Not on the way this long before the start: the job is at risk (operators see it). */
  atRiskMinutes: 30,
  /** A job still in progress this long past its end is closed by the system. */
  autoCloseHours: 12,
  /** Wrong start codes before the code locks (an operator unlocks it). */
  startCodeAttempts: 5,
  /** The default of the VISITING_CHARGE_RUPEES setting: cancelling once a mate is on the way. */
  visitingChargeRupees: 99,
  /** Assumed door-to-door speed in Mumbai traffic, for the estimated arrival. */
  travelKmPerHour: 18,
  /** Roads are longer than the straight line. */
  roadFactor: 1.3,
} as const;

/** What a time-bound action is judged by: the job's start, the time now and the set-off window. */
export type GuardContext = {
  start: Date;
  now: Date;
  /** How long before the start a mate may set off (the setting; JOB_RULES' default when not given). */
  setOffWindowMinutes?: number | undefined;
};

/** When a time-bound action may be taken, and if not, why. */
export type Guard = (context: GuardContext) => { code: string; message: string } | undefined;

const beforeReleaseCutoff: Guard = ({ start, now }) =>
  start.getTime() - now.getTime() < JOB_RULES.releaseCutoffMinutes * 60_000
    ? {
        code: "too_late",
        message: "A job can be released until 3 hours before its start. Please call the operations desk.",
      }
    : undefined;

/** The moment from which a mate may set off for a job starting at `start` (the window's opening). */
export function setOffFrom(start: Date, windowMinutes: number = JOB_RULES.setOffWindowMinutes): Date {
  return new Date(start.getTime() - windowMinutes * 60_000);
}

/** "2 hours", "1 hour", "90 minutes": a window as a person reads it. */
function windowWords(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * When the set-off window opens, as a person reads it in Mumbai's time: the time alone on the same
 * day ("6:00 AM"), with the day otherwise ("Fri, 27 Nov, 6:00 AM").
 */
export function setOffTimeText(from: Date, now: Date): string {
  const full = formatSlotTime(from);
  return kolkataDay(from) === kolkataDay(now) ? full.slice(full.lastIndexOf(", ") + 2) : full;
}

/**
 * On the way, arrived and started only within the window before the start: a mate cannot tell the
 * customer they are coming a day early (issue 36). Arriving and starting follow setting off, so the
 * same window holds for them (it matters if the window was narrowed after the mate set off).
 */
const withinSetOffWindow: Guard = ({ start, now, setOffWindowMinutes = JOB_RULES.setOffWindowMinutes }) => {
  const from = setOffFrom(start, setOffWindowMinutes);
  if (now.getTime() >= from.getTime()) return undefined;
  return {
    code: "too_early",
    message: `It is too early for this job: you can set off from ${setOffTimeText(from, now)}, ${windowWords(
      setOffWindowMinutes,
    )} before its start.`,
  };
};

type ActionRule = {
  from: readonly JobStatus[];
  to: JobStatus;
  by: readonly Actor[];
  /** What the action is called in the booking's timeline. */
  label: string;
  guard?: Guard;
};

/**
 * The state machine, one row per action: from which states, to which, by whom. The assigned mate is
 * the only mate who may act on a job (the server checks that the job is theirs before this table).
 */
export const JOB_ACTIONS = {
  assign: { from: ["finding", "unassigned"], to: "assigned", by: ["system", "operator"], label: "Mate assigned" },
  unassign: { from: ["finding"], to: "unassigned", by: ["system"], label: "No mate free" },
  release: {
    from: ["assigned"],
    to: "finding",
    by: ["mate", "operator"],
    label: "Mate released the job",
    guard: beforeReleaseCutoff,
  },
  /** The operations team takes a job from its mate (suspended, or replaced by hand) at any time before they set off. */
  withdraw: {
    from: ["assigned"],
    to: "finding",
    by: ["operator"],
    label: "Mate replaced by the Mates team",
  },
  reschedule: { from: ["unassigned", "assigned"], to: "finding", by: ["customer"], label: "Moved to a new time" },
  /** The customer's no-show rescue (domain/no-show.ts): the mate who did not come loses the job. */
  no_show: { from: ["assigned", "on_the_way"], to: "finding", by: ["customer"], label: "Mate didn't come" },
  on_the_way: { from: ["assigned"], to: "on_the_way", by: ["mate"], label: "On the way", guard: withinSetOffWindow },
  arrive: { from: ["on_the_way"], to: "arrived", by: ["mate"], label: "Arrived", guard: withinSetOffWindow },
  start: { from: ["arrived"], to: "in_progress", by: ["mate"], label: "Started", guard: withinSetOffWindow },
  complete: { from: ["in_progress"], to: "completed", by: ["mate", "operator", "system"], label: "Completed" },
  collect: { from: ["completed"], to: "paid", by: ["mate", "operator"], label: "Payment collected" },
  /** Paid online: up front when the job needed nothing more, or the bill after it (issue 17). */
  settle_online: { from: ["completed"], to: "paid", by: ["system"], label: "Paid online" },
  /** A free booking (a re-work) with nothing added to its bill is done at completion: nothing to collect. */
  settle_free: { from: ["completed"], to: "paid", by: ["system"], label: "Nothing to pay" },
  /** A "Pay now" booking not paid within its hold: its mate's time is freed. */
  expire: {
    from: ["finding", "unassigned", "assigned"],
    to: "cancelled",
    by: ["system"],
    label: "Cancelled: not paid in time",
  },
  cancel: {
    from: ["finding", "unassigned", "assigned", "on_the_way", "arrived"],
    to: "cancelled",
    by: ["customer", "operator"],
    label: "Cancelled",
  },
} as const satisfies Record<string, ActionRule>;
export type JobAction = keyof typeof JOB_ACTIONS;
export const JOB_ACTION_NAMES = Object.keys(JOB_ACTIONS) as JobAction[];

export type Verdict = { allowed: true; to: JobStatus } | { allowed: false; code: string; message: string };

/** Whether this actor may take this action on a job in this state now, and the state it leads to. */
export function decide(action: JobAction, actor: Actor, from: JobStatus, context: GuardContext): Verdict {
  const rule: ActionRule = JOB_ACTIONS[action];
  if (!rule.by.includes(actor)) {
    return { allowed: false, code: "forbidden_action", message: `A ${actor} cannot do that to a job.` };
  }
  if (!rule.from.includes(from)) {
    return {
      allowed: false,
      code: "bad_transition",
      message: `This job is ${STATUS_WORDS[from]}, so it cannot be ${ACTION_WORDS[action]} now.`,
    };
  }
  const refusal = rule.guard?.(context);
  if (refusal) return { allowed: false, ...refusal };
  return { allowed: true, to: rule.to };
}

const STATUS_WORDS: Record<JobStatus, string> = {
  finding: "finding a mate",
  unassigned: "waiting for a mate",
  assigned: "assigned",
  on_the_way: "on the way",
  arrived: "arrived",
  in_progress: "in progress",
  completed: "completed",
  paid: "paid",
  cancelled: "cancelled",
};

const ACTION_WORDS: Record<JobAction, string> = {
  assign: "assigned",
  unassign: "left without a mate",
  release: "released",
  withdraw: "given to another mate",
  reschedule: "moved",
  no_show: "recorded as a no-show",
  on_the_way: "marked on the way",
  arrive: "marked arrived",
  start: "started",
  complete: "completed",
  collect: "marked paid",
  settle_online: "paid online",
  settle_free: "closed with nothing to pay",
  expire: "cancelled for want of payment",
  cancel: "cancelled",
};

/** The mate's one next step on a job, as the main button of the job's screen. */
export const NEXT_STEP: Partial<Record<JobStatus, { action: JobAction; label: string }>> = {
  assigned: { action: "on_the_way", label: "On the way" },
  on_the_way: { action: "arrive", label: "Arrived" },
  arrived: { action: "start", label: "Start" },
  in_progress: { action: "complete", label: "Complete" },
  completed: { action: "collect", label: "Payment collected" },
};

/** Whether the job is over for its mate (nothing more to do). */
export function isClosed(status: JobStatus): boolean {
  return status === "paid" || status === "cancelled";
}

/** From "on the way" until completion the mate sees the full address and the customer's phone. */
export function mateSeesContact(status: JobStatus): boolean {
  return status === "on_the_way" || status === "arrived" || status === "in_progress";
}

/** The customer sees the mate's phone while the job is active (assigned until completed). */
export function customerSeesMatePhone(status: JobStatus): boolean {
  return status === "assigned" || mateSeesContact(status);
}

/**
 * A booking's status from its jobs' statuses: cancelled when every job is; completed when every
 * other job is done; otherwise its most advanced active step, and "finding"/"no mate free" while
 * any job still needs a mate and none has started.
 */
export function bookingStatusOf(statuses: readonly JobStatus[]): Exclude<JobStatus, "paid"> {
  const live = statuses.filter((status) => status !== "cancelled");
  if (live.length === 0) return "cancelled";
  const any = (...wanted: JobStatus[]) => live.some((status) => wanted.includes(status));
  if (live.every((status) => status === "completed" || status === "paid")) return "completed";
  if (any("in_progress", "completed", "paid")) return "in_progress";
  if (any("arrived")) return "arrived";
  if (any("on_the_way")) return "on_the_way";
  if (any("unassigned")) return "unassigned";
  if (any("finding")) return "finding";
  return "assigned";
}

// ---- Start code

export const startCodeSchema = z.object({ code: z.string().regex(/^\d{4}$/, "The start code is 4 digits.") }).strict();

// ---- Releasing a job

export const releaseSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(3, "Say why you cannot do this job.")
      .max(300, "Keep the reason under 300 characters.")
      .regex(NO_NUL, "The reason may not contain NUL characters."),
  })
  .strict();

// ---- Extra work

export const extraInputSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(3, "Say what the extra work is.")
      .max(120, "Keep the description under 120 characters.")
      .regex(NO_NUL, "The description may not contain NUL characters."),
    priceRupees: z
      .number({ error: "Give the price in whole rupees." })
      .int("Give the price in whole rupees.")
      .min(1, "The price must be at least ₹1.")
      .max(100_000, "An extra over ₹1,00,000 needs a new booking."),
  })
  .strict();

export const EXTRA_STATUSES = ["proposed", "approved", "declined"] as const;
export type ExtraStatus = (typeof EXTRA_STATUSES)[number];
export const extraDecisionSchema = z.object({ approve: z.boolean() }).strict();

export const extraSchema = z.object({
  id: z.string(),
  description: z.string(),
  priceRupees: z.number().int(),
  status: z.enum(EXTRA_STATUSES),
});
export type Extra = z.infer<typeof extraSchema>;

/** Extras can be added while the mate is at the home, before the job is completed. */
export function canAddExtras(status: JobStatus): boolean {
  return status === "arrived" || status === "in_progress";
}

// ---- Collecting payment (pay after service)

export const COLLECTION_METHODS = ["cash", "upi"] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];
export const collectSchema = z
  .object({ method: z.enum(COLLECTION_METHODS, { error: "Choose cash or UPI." }) })
  .strict();

/** The bill of a job: its booked lines and its approved extras, in whole rupees. */
export function jobBillRupees(
  items: readonly { service: string; lineTotalRupees: number }[],
  service: string,
  extras: readonly { priceRupees: number; status: ExtraStatus }[],
): number {
  const booked = items.filter((item) => item.service === service).reduce((sum, item) => sum + item.lineTotalRupees, 0);
  return (
    booked + extras.filter((extra) => extra.status === "approved").reduce((sum, extra) => sum + extra.priceRupees, 0)
  );
}

// ---- Estimated arrival

/** Minutes from a straight-line distance, by road in Mumbai traffic, rounded up to 5 minutes. */
export function arrivalMinutes(km: number): number {
  const minutes = ((km * JOB_RULES.roadFactor) / JOB_RULES.travelKmPerHour) * 60;
  return Math.max(5, Math.ceil(minutes / 5) * 5);
}

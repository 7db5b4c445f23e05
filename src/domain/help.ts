import { z } from "zod";
import { SERVICE_HOURS } from "./constants.ts";
import { CONTACT } from "./contact.ts";
import { groupIndian } from "./indian-digits.ts";
import { kolkataDay, kolkataInstant, kolkataMinuteOfDay } from "./kolkata-time.ts";
import { formatSlotTime } from "./slot-time.ts";
import { NO_NUL } from "./text.ts";

/**
 * Help on a booking (issue 38): when something goes wrong, the customer opens a case about one
 * problem of one booking, a thread between them and the operators (never the mate), with its
 * status, its clock (a first answer within two hours of service time, a resolution within two
 * days) and, once resolved, the customer's word on whether it was solved. Record 057.
 */
export const HELP_RULES = {
  /** How long after completion, and after cancelling, a booking still offers help. */
  completedWindowDays: 30,
  cancelledWindowDays: 7,
  /** Damage is claimed within 72 hours of completion, covered up to ₹10,000 per booking. */
  damageWindowHours: 72,
  damageCoverRupees: 10_000,
  /** The desk's clock: a first answer within 2 hours of service time, a resolution within 48 hours. */
  firstAnswerMinutes: 120,
  resolutionHours: 48,
  descriptionMin: 10,
  descriptionMax: 2000,
  messageMax: 2000,
  maxPhotos: 3,
  maxPhotoBytes: 5 * 1024 * 1024,
  emergencyNumber: "112",
} as const;

/** The support line a customer who feels unsafe is shown at once, beside 112. */
export const SUPPORT_PHONE = CONTACT.phones.find((phone) => phone.label === "Support")?.number ?? "";

export const CASE_PROBLEMS = ["no_show", "late", "quality", "damage", "charge", "safety", "other"] as const;
export type CaseProblem = (typeof CASE_PROBLEMS)[number];

type Needs = {
  /** What the choice says, in the customer's words. */
  label: string;
  description: "required" | "optional";
  /** The question above the description box. */
  ask: string;
  photos: "required" | "optional" | "none";
  /** damage: what the damaged thing is worth; charge: how much was charged wrongly. */
  amount: "value" | "charged" | "none";
};

/** Each choice asks only for what it needs. */
export const PROBLEMS: Record<CaseProblem, Needs> = {
  no_show: {
    label: "The mate hasn't arrived",
    description: "optional",
    ask: "Anything we should know? (optional)",
    photos: "none",
    amount: "none",
  },
  late: {
    label: "The mate was late",
    description: "optional",
    ask: "How late, and did it cost you anything? (optional)",
    photos: "none",
    amount: "none",
  },
  quality: {
    label: "The work isn't done, or isn't done well",
    description: "required",
    ask: "What is wrong with the work?",
    photos: "optional",
    amount: "none",
  },
  damage: {
    label: "Something was damaged",
    description: "required",
    ask: "What was damaged, and how?",
    photos: "required",
    amount: "value",
  },
  charge: {
    label: "I was charged wrongly",
    description: "required",
    ask: "What was wrong with the charge?",
    photos: "none",
    amount: "charged",
  },
  safety: {
    label: "I felt unsafe or was treated badly",
    description: "optional",
    ask: "Tell us what happened, if you can. (optional)",
    photos: "none",
    amount: "none",
  },
  other: {
    label: "Something else",
    description: "required",
    ask: "How can we help?",
    photos: "optional",
    amount: "none",
  },
};

/** The entries of a case's thread: messages and the decisions between them, in order. */
export const CASE_ENTRY_KINDS = [
  "opened",
  "message",
  "asked",
  "resolved",
  "not_solved",
  "solved",
  "closed",
  /** An operator asks the job's mate to answer (shown to the mate, not to the customer). */
  "mate_asked",
] as const;
export type CaseEntryKind = (typeof CASE_ENTRY_KINDS)[number];

/** The money side of a resolution: a refund, Mates credit, free re-work, or declined with a reason. */
export const CASE_DECISIONS = ["refund", "credit", "declined", "rework"] as const;
export type CaseDecision = (typeof CASE_DECISIONS)[number];

export const CASE_STATUSES = ["open", "waiting", "resolved", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_TEXT: Record<CaseStatus, string> = {
  open: "Open",
  waiting: "Waiting for you",
  resolved: "Resolved",
  closed: "Closed",
};

/**
 * The case's state machine: each step, who takes it, and the statuses it may start from. A step
 * from any other status is refused; the server takes each step on the locked case, so of two
 * people acting at once the second finds the status the first left and may be refused.
 */
export const CASE_STEPS = {
  /** An operator writes; a case waiting for the customer stays waiting. */
  answer: { by: "operator", from: ["open", "waiting"] },
  /** An operator asks the customer for more. */
  ask: { by: "operator", from: ["open", "waiting"] },
  /** The customer writes (answering a question puts the case back with the operators). */
  reply: { by: "customer", from: ["open", "waiting"] },
  resolve: { by: "operator", from: ["open", "waiting"] },
  /** The customer says the resolution solved it (the case closes) or not (it opens again). */
  solved: { by: "customer", from: ["resolved"] },
  not_solved: { by: "customer", from: ["resolved"] },
  close: { by: "operator", from: ["open", "waiting", "resolved"] },
  /** A money decision (refund, credit, declined, re-work) resolves the case: one at a time (record 060). */
  decide: { by: "operator", from: ["open", "waiting"] },
  /** An operator asks the job's mate to answer in the case; the mate answers while it is worked on. */
  ask_mate: { by: "operator", from: ["open", "waiting"] },
  mate_reply: { by: "mate", from: ["open", "waiting"] },
} as const satisfies Record<string, { by: "operator" | "customer" | "mate"; from: readonly CaseStatus[] }>;
export type CaseStep = keyof typeof CASE_STEPS;

/** The status a step leads to from `from`, or null when the step cannot be taken from there. */
export function nextCaseStatus(step: CaseStep, from: CaseStatus): CaseStatus | null {
  const rule: { from: readonly CaseStatus[] } = CASE_STEPS[step];
  if (!rule.from.includes(from)) return null;
  switch (step) {
    case "answer":
    case "ask_mate":
    case "mate_reply":
      return from;
    case "ask":
      return "waiting";
    case "reply":
    case "not_solved":
      return "open";
    case "resolve":
    case "decide":
      return "resolved";
    case "solved":
    case "close":
      return "closed";
  }
}

/** A case still being worked on, or resolved and waiting for the customer's word: one per booking and problem. */
export const isLiveCase = (status: CaseStatus) => status !== "closed";

/** The booking as help sees it: its status, its start, and when it was completed or cancelled. */
export type HelpBooking = {
  /** The booking's status (domain/booking.ts BOOKING_STATUSES). */
  status: string;
  start: Date;
  completedAt?: Date | undefined;
  cancelledAt?: Date | undefined;
};

const DAY = 86_400_000;
const BEFORE_THE_MATE: readonly string[] = ["finding", "unassigned", "assigned", "on_the_way"];
const AT_WORK: readonly string[] = ["arrived", "in_progress"];

/**
 * The problems a booking offers now, in the order they are shown; none once its time for help has
 * passed (30 days after completion, 7 after cancelling); damage within the claim window after
 * completion (DAMAGE_WINDOW_HOURS). Safety and "something else" are always there.
 */
export function helpProblems(
  booking: HelpBooking,
  now: Date,
  damageWindowHours: number = HELP_RULES.damageWindowHours,
): CaseProblem[] {
  const started = now >= booking.start;
  const offered = new Set<CaseProblem>(["charge", "safety", "other"]);
  if (booking.status === "cancelled") {
    const at = booking.cancelledAt ?? booking.start;
    return now.getTime() - at.getTime() <= HELP_RULES.cancelledWindowDays * DAY ? inOrder(offered) : [];
  }
  if (booking.status === "completed") {
    const at = booking.completedAt ?? booking.start;
    const since = now.getTime() - at.getTime();
    if (since > HELP_RULES.completedWindowDays * DAY) return [];
    offered.add("late").add("quality");
    if (since <= damageWindowHours * 3_600_000) offered.add("damage");
    return inOrder(offered);
  }
  if (started && BEFORE_THE_MATE.includes(booking.status)) offered.add("no_show").add("late");
  if (AT_WORK.includes(booking.status)) offered.add("late").add("quality").add("damage");
  return inOrder(offered);
}
const inOrder = (offered: Set<CaseProblem>) => CASE_PROBLEMS.filter((problem) => offered.has(problem));

/**
 * When the first answer is due: two hours of service time after opening. Time outside service
 * hours (6:00 AM to 9:00 PM in Mumbai) does not count, so a case opened at 8:30 PM is due by
 * 7:30 AM the next morning.
 */
export function firstAnswerDue(openedAt: Date, minutes: number = HELP_RULES.firstAnswerMinutes): Date {
  let at = openedAt;
  let left = minutes;
  for (;;) {
    const minute = kolkataMinuteOfDay(at);
    if (minute < SERVICE_HOURS.opensMinute) at = kolkataInstant(kolkataDay(at), SERVICE_HOURS.opensMinute);
    else if (minute >= SERVICE_HOURS.closesMinute) at = nextOpening(at);
    const open = SERVICE_HOURS.closesMinute - kolkataMinuteOfDay(at);
    if (left <= open) return new Date(at.getTime() + left * 60_000);
    left -= open;
    at = nextOpening(at);
  }
}
const nextOpening = (at: Date) => kolkataInstant(kolkataDay(new Date(at.getTime() + DAY)), SERVICE_HOURS.opensMinute);

/** When the resolution is due: 48 hours after opening, day or night. */
export const resolutionDue = (openedAt: Date) => new Date(openedAt.getTime() + HELP_RULES.resolutionHours * 3_600_000);

/** What happens next, said the moment a case is opened (and kept at the top of the case). */
export function nextStepText(problem: CaseProblem, answerBy: Date): string {
  const by = formatSlotTime(answerBy);
  switch (problem) {
    case "safety":
      return `Your safety comes first. This goes to the top of our queue and an operator will write to you here by ${by}, sooner if we can. Your mate cannot see it. If you are in danger now, call ${HELP_RULES.emergencyNumber}.`;
    case "no_show":
      return `We are checking where your mate is and will write to you here by ${by}, sooner if we can.`;
    case "damage":
      return `An operator will look at your claim and photos and write to you here by ${by}. Damage is covered up to ₹${groupIndian(HELP_RULES.damageCoverRupees)} per booking; you will have a decision within ${HELP_RULES.resolutionHours} hours.`;
    case "quality":
      return `An operator will write to you here by ${by}. We can send a mate to redo the work free, or refund you; you will have an answer within ${HELP_RULES.resolutionHours} hours.`;
    default:
      return `An operator will write to you here by ${by}, and resolve it within ${HELP_RULES.resolutionHours} hours.`;
  }
}

const text = (max: number, tooLong: string) =>
  z.string().regex(NO_NUL, "The text may not contain NUL characters.").trim().max(max, tooLong);

/** What opening a case sends: the JSON part `details` of a multipart form beside the photos (`photos`). */
export const openCaseSchema = z
  .object({
    problem: z.enum(CASE_PROBLEMS, "Choose what went wrong."),
    description: text(
      HELP_RULES.descriptionMax,
      `Describe it in at most ${groupIndian(HELP_RULES.descriptionMax)} characters.`,
    ).default(""),
    /** Whole rupees: the damaged thing's value, or the amount charged wrongly. */
    amountRupees: z.number().int("Give the amount in whole rupees.").optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const needs = PROBLEMS[input.problem];
    if (needs.description === "required" && input.description.length < HELP_RULES.descriptionMin) {
      ctx.addIssue({ code: "custom", path: ["description"], message: "Tell us what happened, in a sentence or two." });
    }
    if (needs.amount === "none") {
      if (input.amountRupees !== undefined)
        ctx.addIssue({ code: "custom", path: ["amountRupees"], message: "This kind of problem takes no amount." });
      return;
    }
    const most = needs.amount === "value" ? HELP_RULES.damageCoverRupees : undefined;
    if (input.amountRupees === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["amountRupees"],
        message:
          needs.amount === "value" ? "Say what the damaged thing is worth." : "Say how much was charged wrongly.",
      });
    } else if (input.amountRupees < 1) {
      ctx.addIssue({ code: "custom", path: ["amountRupees"], message: "The amount must be at least ₹1." });
    } else if (most !== undefined && input.amountRupees > most) {
      ctx.addIssue({
        code: "custom",
        path: ["amountRupees"],
        message: `Damage is covered up to ₹${groupIndian(most)} per booking.`,
      });
    }
  });
export type OpenCase = z.infer<typeof openCaseSchema>;

/** A message in a case: text, with photos beside it in the form. */
export const caseMessageSchema = z
  .object({
    body: text(HELP_RULES.messageMax, `Write at most ${groupIndian(HELP_RULES.messageMax)} characters.`).min(
      1,
      "Write a message.",
    ),
  })
  .strict();

export const caseRatingSchema = z.object({ solved: z.boolean("Say whether it was solved.") }).strict();

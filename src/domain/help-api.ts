import { z } from "zod";
import { CASE_DECISIONS, CASE_ENTRY_KINDS, CASE_PROBLEMS, CASE_STATUSES } from "./help.ts";
import { NO_NUL } from "./text.ts";

/**
 * What the help API answers (issue 38): a case as its customer sees it, cases in a list, a
 * booking's help, and the operators' desk. The rules are help.ts.
 */

export const caseEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  author: z.enum(["customer", "operator", "mate", "system"]),
  /** The customer's own name, or "Mates support" for any operator. */
  authorName: z.string(),
  kind: z.enum(CASE_ENTRY_KINDS),
  body: z.string(),
  /** Addresses of the entry's photos. */
  photos: z.array(z.string()),
});
export type CaseEntry = z.infer<typeof caseEntrySchema>;

/** The desk's decision on a case, as its customer reads it. */
export const caseDecisionSchema = z.object({
  decision: z.enum(CASE_DECISIONS),
  /** Refunded or credited, whole rupees. */
  rupees: z.number().int().nullable(),
  declineReason: z.string().nullable(),
  decidedAt: z.string(),
  /** What it means for the customer, in a sentence or two (the refund's state included). */
  text: z.string(),
  /** The refund's state from the booking's refunds: requested, pending, processed or failed. */
  refundStatus: z.string().nullable(),
  /** The re-work booking offered. */
  reworkBookingId: z.string().nullable(),
});
export type CaseDecisionShown = z.infer<typeof caseDecisionSchema>;

/** A case as its customer sees it. */
export const caseSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  booking: z.object({ services: z.array(z.string()), start: z.string() }),
  problem: z.enum(CASE_PROBLEMS),
  problemText: z.string(),
  status: z.enum(CASE_STATUSES),
  statusText: z.string(),
  safety: z.boolean(),
  amountRupees: z.number().int().nullable(),
  openedAt: z.string(),
  firstAnswerDue: z.string(),
  resolutionDue: z.string(),
  firstAnsweredAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** What happens next, as said when the case was opened. */
  nextStep: z.string(),
  rating: z.enum(["solved", "not_solved"]).nullable(),
  decision: caseDecisionSchema.nullable(),
  entries: z.array(caseEntrySchema),
  canReply: z.boolean(),
  canRate: z.boolean(),
});
export type HelpCase = z.infer<typeof caseSchema>;
export const caseResponseSchema = z.object({ case: caseSchema });

/** A case in a list: the customer's own, or the desk's queue. */
export const caseSummarySchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  problem: z.enum(CASE_PROBLEMS),
  problemText: z.string(),
  status: z.enum(CASE_STATUSES),
  statusText: z.string(),
  safety: z.boolean(),
  openedAt: z.string(),
  updatedAt: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const caseListSchema = z.object({ cases: z.array(caseSummarySchema) });

/** What a booking says of help: the problems it offers now, and its cases. */
export const bookingHelpSchema = z.object({
  problems: z.array(z.enum(CASE_PROBLEMS)),
  cases: z.array(caseSummarySchema),
});
export type BookingHelp = z.infer<typeof bookingHelpSchema>;

/** The desk's clock on a case: when each answer is due, and whether it is late. */
export const caseClockSchema = z.object({
  firstAnswerDue: z.string(),
  resolutionDue: z.string(),
  /** No operator has answered and the first answer's time has passed. */
  answerLate: z.boolean(),
  /** Neither resolved nor closed, and the resolution's time has passed. */
  resolutionLate: z.boolean(),
});

/** A case in the operators' queue: safety first, then the oldest. */
export const deskItemSchema = caseSummarySchema.extend({
  clock: caseClockSchema,
  customerName: z.string(),
});
export type DeskItem = z.infer<typeof deskItemSchema>;
export const deskQueueSchema = z.object({ cases: z.array(deskItemSchema) });
export const deskQuerySchema = z.object({ status: z.enum(["live", "all"]).default("live") }).strict();

/** A case as the desk sees it: the customer's view, the clock, the customer and the booking's mates with their record. */
export const deskCaseSchema = z.object({
  case: caseSchema,
  clock: caseClockSchema,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string().nullable() }),
  booking: z.object({
    id: z.string(),
    status: z.string(),
    start: z.string(),
    totalRupees: z.number().int(),
    paymentMethod: z.string(),
  }),
  mates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      service: z.string(),
      rating: z.number().nullable(),
      jobsDone: z.number().int(),
      status: z.string(),
      /** Cases on other bookings this mate worked on. */
      otherCases: z.number().int(),
      /** Jobs this mate was marked a no-show on. */
      noShows: z.number().int(),
      warnings: z.array(z.object({ at: z.string(), reason: z.string(), caseId: z.string().nullable() })),
      /** Their job on this booking: still to set off (it can go to another mate), or not. */
      jobStatus: z.string(),
    }),
  ),
  /** What a decision may give now (record 060), for the console to say before the operator sends. */
  money: z.object({
    paidOnline: z.boolean(),
    refundableOnline: z.number().int(),
    refundableCash: z.number().int(),
    coverLeft: z.number().int(),
    damageCoverRupees: z.number().int(),
    caseCreditMaxRupees: z.number().int(),
  }),
  /** The whole thread, with what was shared with the mate marked. */
  entries: z.array(caseEntrySchema.extend({ sharedWithMate: z.boolean() })),
});
export type DeskCase = z.infer<typeof deskCaseSchema>;

/** An operator's message (answer, question, resolution) or reason (closing). */
export const deskMessageSchema = z
  .object({
    message: z
      .string()
      .regex(NO_NUL, "The text may not contain NUL characters.")
      .trim()
      .min(1, "Write the message the customer will read.")
      .max(2000, "Write at most 2,000 characters."),
  })
  .strict();

/** A case about a mate's job, as the mate sees it: what was shared with them, and their answers. */
export const mateCaseSchema = z.object({
  id: z.string(),
  problem: z.enum(CASE_PROBLEMS),
  problemText: z.string(),
  status: z.enum(CASE_STATUSES),
  statusText: z.string(),
  /** An operator asked them and the case is still worked on. */
  canAnswer: z.boolean(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      author: z.enum(["operator", "mate"]),
      authorName: z.string(),
      body: z.string(),
    }),
  ),
});
export type MateCase = z.infer<typeof mateCaseSchema>;
export const mateCasesSchema = z.object({ cases: z.array(mateCaseSchema) });

import { z } from "zod";
import { CASE_ENTRY_KINDS, CASE_PROBLEMS, CASE_STATUSES } from "./help.ts";
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
    }),
  ),
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

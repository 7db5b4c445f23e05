import { z } from "zod";
import { addressSchema } from "./address.ts";
import { availabilitySchema } from "./availability.ts";
import { historyEntrySchema } from "./booking-history.ts";
import { COLLECTION_METHODS, extraSchema, JOB_STATUSES } from "./job.ts";

/**
 * The mate app's API (`/api/mate/*`, issue 14): a mate's jobs as they see them. The customer's
 * full address and phone are shown only from "on the way" until the job is completed (privacy);
 * before that, the locality and the customer's first name.
 */

/** What a job earns its mate: the gross (booked lines and approved extras), less commission and TDS. */
export const jobEarningsSchema = z.object({
  grossPaise: z.number().int(),
  commissionPaise: z.number().int(),
  /** TDS at the mate's PAN status now (0.1 % with a PAN, 5 % without: settings). */
  tdsBp: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
});
export type JobEarnings = z.infer<typeof jobEarningsSchema>;

export const mateJobSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  service: z.string(),
  serviceTitle: z.string(),
  /** The booked lines of this service. */
  items: z.array(
    z.object({
      option: z.string(),
      optionLabel: z.string(),
      quantity: z.number().int(),
      lineTotalRupees: z.number().int(),
    }),
  ),
  start: z.string(),
  end: z.string(),
  status: z.enum(JOB_STATUSES),
  locality: z.string(),
  customerFirstName: z.string(),
  /** Only from "on the way" until completion. */
  address: addressSchema.omit({ id: true, label: true, served: true }).optional(),
  customerPhone: z.string().optional(),
  /** Booked lines and approved extras: the job's whole bill. */
  billRupees: z.number().int(),
  /** What the customer still pays the mate after the service: the bill, less what they paid online or with credit. */
  toCollectRupees: z.number().int(),
  /** The part of the bill the customer's Mates credit paid (record 058), 0 when none. */
  creditRupees: z.number().int(),
  /** Mates' commission on this job, in basis points: its service's rate when booked (issue 39). */
  commissionBp: z.number().int(),
  /** What the job earns the mate: the bill less commission and TDS (the tip comes on top, in full). */
  earnings: jobEarningsSchema,
  /** The customer's tip on this job (included in what is to collect while unpaid). */
  tipRupees: z.number().int(),
  paymentMethod: z.string(),
  extras: z.array(extraSchema),
  /** The one next step, as the job screen's main button. */
  nextStep: z.object({ action: z.string(), label: z.string() }).optional(),
  /** Until 3 hours before the start, while still only assigned. */
  canRelease: z.boolean(),
  /** From when the mate may set off (then arrive and start): the window before the start opens. */
  setOffFrom: z.string(),
  canAddExtras: z.boolean(),
  startCodeLocked: z.boolean(),
  atRisk: z.boolean(),
  /** How the job was paid: to the mate (cash, UPI) or online through Mates. */
  collectedMethod: z.enum([...COLLECTION_METHODS, "online"]).optional(),
  collectedRupees: z.number().int().optional(),
  history: z.array(historyEntrySchema),
  /** A free re-work of a job done earlier: what the customer said was wrong, and their photos. */
  rework: z.object({ description: z.string(), photos: z.array(z.string()) }).nullable(),
});
export type MateJob = z.infer<typeof mateJobSchema>;

export const mateJobsResponseSchema = z.object({
  /** Today's jobs (Asia/Kolkata), earliest first. */
  today: z.array(mateJobSchema),
  /** Later days, earliest first. */
  upcoming: z.array(mateJobSchema),
  /** Done or cancelled in the last 7 days, latest first. */
  recent: z.array(mateJobSchema),
});
export type MateJobsResponse = z.infer<typeof mateJobsResponseSchema>;

export const mateJobResponseSchema = z.object({ job: mateJobSchema });

export const mateProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  skills: z.array(z.string()),
  homeLocality: z.string(),
  rating: z.number().nullable(),
  jobsDone: z.number().int(),
  verifiedAt: z.string().nullable(),
  /**
   * Set while the operations team has suspended the mate: no new jobs come; jobs already under way
   * stay theirs to finish.
   */
  suspendedAt: z.string().nullable(),
  availability: availabilitySchema,
});
export type MateProfile = z.infer<typeof mateProfileSchema>;

const methodTotals = z.object({ cash: z.number().int(), upi: z.number().int() });
export const earningsSchema = z.object({
  /** Monday to Sunday in Asia/Kolkata, and the calendar month. */
  week: z.object({ from: z.string(), jobsDone: z.number().int(), collectedRupees: methodTotals }),
  month: z.object({ from: z.string(), jobsDone: z.number().int(), collectedRupees: methodTotals }),
});
export type Earnings = z.infer<typeof earningsSchema>;

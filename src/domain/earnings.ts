import { z } from "zod";
import { PAYOUT_STATUSES } from "./payouts.ts";

/**
 * What the mate and the accountant read of the ledger (issue 39, record 066). Every amount is
 * integer paise, signed as its reader reads it: for a mate, positive is Mates owing them.
 */

const paiseInt = z.number().int();
export const weekSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A week is named by its Monday, YYYY-MM-DD.");

/** A week's totals. `net` is what the week added to the balance (payouts taken out included). */
export const weekTotalsSchema = z.object({
  week: z.string(),
  jobs: z.number().int(),
  grossPaise: paiseInt,
  commissionPaise: paiseInt,
  tdsPaise: paiseInt,
  tipsPaise: paiseInt,
  collectedPaise: paiseInt,
  /** Adjustments, charges and dues paid: positive in the mate's favour. */
  adjustmentsPaise: paiseInt,
  /** Paid out (less payouts that came back). */
  paidOutPaise: paiseInt,
  /** Earned in the week: gross − commission − TDS + tips − collected + adjustments. */
  earnedPaise: paiseInt,
});
export type WeekTotals = z.infer<typeof weekTotalsSchema>;

export const earningJobSchema = z.object({
  jobId: z.string(),
  bookingId: z.string().nullable(),
  /** When it was earned (the ledger's time). */
  at: z.string(),
  service: z.string(),
  grossPaise: paiseInt,
  commissionPaise: paiseInt,
  tdsPaise: paiseInt,
  tipPaise: paiseInt,
  /** What the mate took from the customer in cash or by UPI (Mates' money until netted). */
  collectedPaise: paiseInt,
  netPaise: paiseInt,
});
export type EarningJob = z.infer<typeof earningJobSchema>;

export const earningAdjustmentSchema = z.object({
  at: z.string(),
  /** adjustment, charged_to_mate or dues_paid. */
  kind: z.string(),
  amountPaise: paiseInt,
  reason: z.string().nullable(),
  jobId: z.string().nullable(),
});

export const earningPayoutSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  amountPaise: paiseInt,
  mode: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type EarningPayout = z.infer<typeof earningPayoutSchema>;

/** One week in full: its jobs, adjustments and payouts, the balance before and after. */
export const weekDetailSchema = z.object({
  totals: weekTotalsSchema,
  openingPaise: paiseInt,
  closingPaise: paiseInt,
  jobs: z.array(earningJobSchema),
  adjustments: z.array(earningAdjustmentSchema),
  payouts: z.array(earningPayoutSchema),
});
export type WeekDetail = z.infer<typeof weekDetailSchema>;

export const weeksQuerySchema = z
  .object({
    /** Past weeks before this Monday (the next page); this week's Monday when left out. */
    before: weekSchema.optional(),
  })
  .strict();

export const mateWeeksSchema = z.object({
  /** What Mates owes the mate now; negative when the mate owes Mates. */
  balancePaise: paiseInt,
  /** What the mate owes Mates (0 unless the balance is negative). */
  owedPaise: paiseInt,
  thisWeek: weekDetailSchema,
  /** Past weeks with any money, newest first (a page of up to 8 calendar weeks). */
  weeks: z.array(weekTotalsSchema),
  /** The next page's `before`, or null when there is nothing older. */
  nextBefore: z.string().nullable(),
});
export type MateWeeks = z.infer<typeof mateWeeksSchema>;

// The console's finance page.

export const financeSchema = z.object({
  commission: z.object({ monthPaise: paiseInt, quarterPaise: paiseInt, allTimePaise: paiseInt }),
  /** TDS deducted by quarter (newest first) and in all. */
  tdsByQuarter: z.array(z.object({ financialYear: z.string(), quarter: z.number().int(), paise: paiseInt })),
  tdsPayablePaise: paiseInt,
  /** What Mates owes mates (the positive balances) and what mates owe Mates (the negative ones). */
  heldForMatesPaise: paiseInt,
  owedByMatesPaise: paiseInt,
  payoutsInFlightPaise: paiseInt,
  payoutsByState: z.array(z.object({ status: z.string(), count: z.number().int(), paise: paiseInt })),
  openDifferences: z.array(
    z.object({
      id: z.string(),
      payoutId: z.string(),
      difference: z.string(),
      ours: z.string(),
      theirs: z.string(),
      foundAt: z.string(),
    }),
  ),
});
export type Finance = z.infer<typeof financeSchema>;

/** Rupees with two decimals from paise, by integer arithmetic ("1234.50", "-0.05"). */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const whole = Math.abs(paise);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** "2026-27", quarter 1–4: the financial years and quarters a mate or the accountant may ask for. */
export const financialYearSchema = z
  .string()
  .regex(/^\d{4}-\d{2}$/, "A financial year is written like 2026-27.")
  .refine((text) => (Number(text.slice(0, 4)) + 1) % 100 === Number(text.slice(5)), "That is not a financial year.");
export const quarterSchema = z.coerce.number().int().min(1).max(4);

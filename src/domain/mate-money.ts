import { z } from "zod";
import { mateProfileSchema } from "./mate-app.ts";
import { checkoutOrderSchema } from "./payments.ts";
import { panSchema, percentToBp, SERVICE_GROUPS } from "./payouts.ts";

/**
 * The mate's side of commission, tax and dues (issue 39, record 063): the console's commission
 * rates, what a job earns the mate, the PAN, and dues paid through Razorpay Checkout.
 */

/** A service's commission as the console shows it: the group's setting, its own rate if any, the one that applies. */
export const commissionRateSchema = z.object({
  service: z.string(),
  title: z.string(),
  group: z.enum(SERVICE_GROUPS),
  groupBp: z.number().int(),
  ownBp: z.number().int().nullable(),
  /** What a job booked now keeps: its own rate, else the group's. */
  bp: z.number().int(),
  setAt: z.string().nullable(),
});
export type CommissionRate = z.infer<typeof commissionRateSchema>;
export const commissionRatesSchema = z.object({ rates: z.array(commissionRateSchema) });
export const commissionRateResponseSchema = z.object({ rate: commissionRateSchema });

/** A service's own rate as an operator types it ("17.5"), or null to go back to the group's setting. */
export const commissionRateInputSchema = z
  .object({
    percent: z
      .string()
      .max(10)
      .refine((text) => percentToBp(text) !== undefined, "A rate is a percentage from 0 to 100, like 20 or 17.5.")
      .nullable(),
  })
  .strict();

export const panInputSchema = z.object({ pan: panSchema }).strict();

/** The mate's tax and dues, beside their profile (GET /api/mate/me). */
export const mateMoneyFields = {
  /** Masked ("XXXXXX234F"), or null when not given. */
  pan: z.string().nullable(),
  /** What the mate owes Mates now, in paise (0 when nothing). */
  duesPaise: z.number().int(),
  /** New jobs are paused: the dues are over the limit (MATE_DUES_LIMIT_RUPEES). */
  paused: z.boolean(),
  /** The limit, in paise. */
  duesLimitPaise: z.number().int(),
  /** The TDS rates: with a PAN and without. */
  tdsBp: z.number().int(),
  tdsNoPanBp: z.number().int(),
};
/** The signed-in mate as GET /api/mate/me answers: the profile with their tax and dues. */
export const mateMeSchema = mateProfileSchema.extend(mateMoneyFields);
export type MateMe = z.infer<typeof mateMeSchema>;
export const panResponseSchema = z.object({ pan: z.string() });

/** A Checkout order for the mate's dues. */
export const duesOrderSchema = checkoutOrderSchema.omit({ purpose: true }).extend({ purpose: z.literal("dues") });
export type DuesOrder = z.infer<typeof duesOrderSchema>;
export const duesPaidSchema = z.object({
  paidPaise: z.number().int(),
  duesPaise: z.number().int(),
  paused: z.boolean(),
});

import { z } from "zod";
import { NO_NUL } from "./text.ts";

/**
 * An operator's adjustment of a mate's balance (issue 39, record 062): whole rupees, positive when
 * Mates pays the mate more, negative when the mate owes Mates; always with the reason the mate
 * reads on their earnings.
 */
export const ADJUSTMENT_RULES = { reasonMin: 5, reasonMax: 200, mostRupees: 1_000_000 } as const;

export const adjustmentSchema = z
  .object({
    amountRupees: z
      .number("Give the amount in whole rupees.")
      .int("Give the amount in whole rupees.")
      .refine((value) => value !== 0, "An adjustment of ₹0 changes nothing.")
      .refine((value) => Math.abs(value) <= ADJUSTMENT_RULES.mostRupees, "That amount is far too large."),
    reason: z
      .string("Say why: the mate reads it on their earnings.")
      .regex(NO_NUL, "The text may not contain NUL characters.")
      .trim()
      .min(ADJUSTMENT_RULES.reasonMin, `Say why, in at least ${ADJUSTMENT_RULES.reasonMin} characters.`)
      .max(ADJUSTMENT_RULES.reasonMax, `Write at most ${ADJUSTMENT_RULES.reasonMax} characters.`),
  })
  .strict();
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

export const adjustmentResponseSchema = z.object({
  adjustment: z.object({
    id: z.string(),
    mateId: z.string(),
    amountRupees: z.number().int(),
    reason: z.string(),
    /** The mate's balance afterwards, in paise: what Mates owes them (negative: what they owe). */
    balancePaise: z.number().int(),
  }),
});
export type AdjustmentResponse = z.infer<typeof adjustmentResponseSchema>;

import { z } from "zod";
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, UPI_PATTERN } from "./payouts.ts";

/**
 * Where a mate is paid (issue 39, record 064): what the mate app sends and what it gets back. A bank
 * account (the holder's name, the number typed twice, the IFSC) or a UPI ID; once given, only a
 * masked form is ever shown or kept.
 */

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

const bankAccountSchema = z
  .object({
    kind: z.literal("bank_account"),
    holderName: z
      .string()
      .trim()
      .min(3, "Write the account holder's name as the bank has it (at least 3 letters).")
      .max(120, "The holder's name is at most 120 characters.")
      .regex(/^[\p{L}\p{M}0-9 .'&-]+$/u, "The holder's name has letters, digits, spaces and . ' & - only."),
    accountNumber: z
      .string()
      .transform(digitsOnly)
      .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, "An account number is 9 to 18 digits.")),
    accountNumberAgain: z.string().transform(digitsOnly),
    ifsc: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        IFSC_PATTERN,
        "An IFSC is 11 characters: four letters, a zero, then six letters or digits, like HDFC0001234.",
      ),
  })
  .strict()
  .refine((value) => value.accountNumber === value.accountNumberAgain, {
    message: "The two account numbers differ. Type the same number twice.",
    path: ["accountNumberAgain"],
  });

const vpaSchema = z
  .object({
    kind: z.literal("vpa"),
    upiId: z.string().trim().regex(UPI_PATTERN, "A UPI ID looks like name@bank, as your UPI app shows it."),
  })
  .strict();

export const payoutDestinationInputSchema = z.discriminatedUnion("kind", [bankAccountSchema, vpaSchema], {
  error: "Choose a bank account or a UPI ID.",
});
export type PayoutDestinationInput = z.infer<typeof payoutDestinationInputSchema>;

export const payoutDestinationSchema = z.object({
  kind: z.enum(["bank_account", "vpa"]),
  holderName: z.string(),
  /** "XXXX XXXX 4321" or "ra••••@okaxis". */
  masked: z.string(),
  ifsc: z.string().nullable(),
  addedAt: z.iso.datetime(),
  /** Until when the next payout waits after this change (a stolen sign-in's guard); null once past. */
  heldUntil: z.iso.datetime().nullable(),
});
export type PayoutDestination = z.infer<typeof payoutDestinationSchema>;

export const payoutDestinationResponseSchema = z.object({ destination: payoutDestinationSchema.nullable() });
export type PayoutDestinationResponse = z.infer<typeof payoutDestinationResponseSchema>;

import { z } from "zod";
import type { CaseDecision, CaseProblem } from "./help.ts";
import { groupIndian } from "./indian-digits.ts";
import { NO_NUL } from "./text.ts";

/**
 * The desk's money and its other actions on a case (issue 38, record 060): a refund to the original
 * payment, Mates credit, declined with a reason, or free re-work; and the limits each amount is
 * checked against. The server works out the facts (what was paid, refunded, covered); the rules
 * are here so the console can say them before the operator sends.
 */

/** The defaults of the settings DAMAGE_COVER_RUPEES, DAMAGE_WINDOW_HOURS and CASE_CREDIT_MAX_RUPEES. */
export const DESK_RULES = {
  /** Most credit one decision grants on a case that is not about damage (damage is held to the cover). */
  caseCreditMaxRupees: 2_000,
  /** The largest amount the form accepts at all; the real limit is the case's own (deskLimit). */
  anyAmountMaxRupees: 1_000_000,
  reasonMax: 2000,
} as const;

/** The desk's settings, read at start-up (config.ts); the defaults when not given. */
export type DeskSettings = { damageCoverRupees: number; damageWindowHours: number; caseCreditMaxRupees: number };

const text = (empty: string) =>
  z
    .string()
    .regex(NO_NUL, "The text may not contain NUL characters.")
    .trim()
    .min(1, empty)
    .max(DESK_RULES.reasonMax, `Write at most ${groupIndian(DESK_RULES.reasonMax)} characters.`);
const rupees = z
  .number("Give the amount in whole rupees.")
  .int("Give the amount in whole rupees.")
  .min(1, "The amount must be at least ₹1.")
  .max(DESK_RULES.anyAmountMaxRupees, "That amount is far above any this case allows.");
const message = text("Write the message the customer will read.");

/**
 * A refund or credit charged to one of the booking's mates instead of borne by Mates (issue 39):
 * the mate's earnings show it with the reason, so one is required.
 */
export const chargeToMateSchema = z
  .object({
    mateId: z.string().min(1, "Choose the mate."),
    reason: z
      .string()
      .regex(NO_NUL, "The text may not contain NUL characters.")
      .trim()
      .min(5, "Say why the mate is charged, in at least 5 characters.")
      .max(200, "Write at most 200 characters."),
  })
  .strict();
export type ChargeToMate = z.infer<typeof chargeToMateSchema>;

/** A money decision on a case; it resolves the case with the message. */
export const deskDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("refund"), rupees, message, chargeToMate: chargeToMateSchema.optional() }).strict(),
    z.object({ decision: z.literal("credit"), rupees, message, chargeToMate: chargeToMateSchema.optional() }).strict(),
    z.object({ decision: z.literal("declined"), reason: text("Say why, in words the customer will read.") }).strict(),
    z
      .object({
        decision: z.literal("rework"),
        /** When the mate comes to redo the work (agreed with the customer). */
        start: z.iso.datetime({ offset: true, error: "Choose when the re-work is done." }),
        message,
      })
      .strict(),
  ],
  { error: "Choose refund, credit, declined or rework." },
);
export type DeskDecision = z.infer<typeof deskDecisionSchema>;

/** Warning or suspending one of the booking's mates. */
export const deskMateActionSchema = z
  .object({
    mateId: z.string().min(1, "Choose the mate."),
    reason: text("Say why; the mate reads a warning's reason."),
    message,
  })
  .strict();

/** Giving the booking's job to another mate: whose job, and what the customer reads. */
export const deskReassignSchema = z.object({ mateId: z.string().min(1, "Choose the mate."), message }).strict();

/** What the desk knows of a booking's money when deciding. Rupees. */
export type MoneyFacts = {
  problem: CaseProblem;
  /** Paid online and not yet refunded (Razorpay refunds go back to these payments). */
  refundableOnline: number;
  /** Whether anything was ever paid online: if not, a refund is paid as Mates credit. */
  paidOnline: boolean;
  /** Collected by the mate in cash or UPI, less what cases already gave back as credit for it. */
  refundableCash: number;
  /** The damage cover not yet used by this booking's cases. */
  coverLeft: number;
  settings: DeskSettings;
};

/** How a refund decision is paid: to the original payment when the booking was paid online, else as credit. */
export const refundPaidAs = (facts: Pick<MoneyFacts, "paidOnline">): Extract<CaseDecision, "refund" | "credit"> =>
  facts.paidOnline ? "refund" : "credit";

/**
 * The most a refund or credit decision may give on this case now, and what the operator is told
 * when the amount is above it.
 */
export function deskLimit(decision: "refund" | "credit", facts: MoneyFacts): { most: number; why: string } {
  const damage = facts.problem === "damage";
  const cover = `Damage is covered up to ₹${groupIndian(facts.settings.damageCoverRupees)} per booking; ₹${groupIndian(facts.coverLeft)} of it is left.`;
  if (decision === "credit") {
    if (damage) return { most: facts.coverLeft, why: cover };
    const most = facts.settings.caseCreditMaxRupees;
    return { most, why: `One decision grants at most ₹${groupIndian(most)} of credit.` };
  }
  const paid = facts.paidOnline ? facts.refundableOnline : facts.refundableCash;
  const paidWhy = facts.paidOnline
    ? `At most ₹${groupIndian(paid)} paid online is left to refund.`
    : `At most ₹${groupIndian(paid)} paid to the mate is left to give back as credit.`;
  if (damage && facts.coverLeft < paid) return { most: facts.coverLeft, why: cover };
  // A damage claim paid to an online payment is held to what was paid: the rest may go as credit.
  return { most: paid, why: damage ? `${paidWhy} Pay the rest of the damage as credit.` : paidWhy };
}

/** What the customer reads of a decision, at the top of their case. */
export function decisionText(
  decision: CaseDecision,
  rupees: number | null,
  declineReason: string | null,
  refundStatus?: string | undefined,
): string {
  const amount = `₹${groupIndian(rupees ?? 0)}`;
  switch (decision) {
    case "refund": {
      const state =
        refundStatus === "processed"
          ? "It has reached your bank."
          : refundStatus === "failed"
            ? "The bank refused it; our team will pay it another way and write to you."
            : "Banks take 5 to 7 working days to show it.";
      return `We are refunding ${amount} to your original payment. ${state}`;
    }
    case "credit":
      return `We have added ${amount} of Mates credit to your account. It is spent on your next bookings and lasts a year.`;
    case "declined":
      return `We could not pay this claim: ${declineReason ?? ""}`;
    case "rework":
      return "A mate will come to redo the work, free.";
  }
}

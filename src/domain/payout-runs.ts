import { z } from "zod";
import { PAYOUT_STATUSES } from "./payouts.ts";

/**
 * The weekly payout run as the console's API answers it (issue 39, record 065): the runs, one run's
 * settlements per mate with the latest payout of each, and what an operator sends to make a run.
 */

export const RUN_STATUSES = ["draft", "approved", "done"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * What a run does with a mate's week: pays it, carries a balance the mate owes, or waits (a
 * destination added too recently, or none); paid and returned follow the payout.
 */
export const SETTLEMENT_STATUSES = ["payable", "carried", "held", "no_destination", "paid", "returned"] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** A week by its Monday, YYYY-MM-DD. */
export const weekSchema = z.iso
  .date("A week is the date of its Monday, YYYY-MM-DD.")
  .refine((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1, "A week is named by its Monday.");

export const makeRunSchema = z.object({ week: weekSchema }).strict();

const paise = z.number().int();

export const payoutRunSchema = z.object({
  id: z.string(),
  week: z.string(),
  cutoff: z.string(),
  status: z.enum(RUN_STATUSES),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  /** Settlements in the run, and of them how many are paid by it. */
  mates: z.number().int(),
  payable: z.number().int(),
  /** What the run pays, in paise. */
  totalPaise: paise,
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const runPayoutSchema = z.object({
  id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  attempt: z.number().int(),
  amountPaise: paise,
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type RunPayout = z.infer<typeof runPayoutSchema>;

export const settlementSchema = z.object({
  id: z.string(),
  mateId: z.string(),
  name: z.string(),
  jobs: z.number().int(),
  grossPaise: paise,
  commissionPaise: paise,
  tdsPaise: paise,
  tipsPaise: paise,
  /** What the mate took from customers in cash or by UPI. */
  collectedPaise: paise,
  /** Operators' adjustments and charges, signed: positive in the mate's favour. */
  adjustmentsPaise: paise,
  /** The mate's whole balance at the cutoff; below zero, what they owe Mates. */
  balancePaise: paise,
  amountPaise: paise,
  status: z.enum(SETTLEMENT_STATUSES),
  /** The latest payout of this settlement, if any. */
  payout: runPayoutSchema.nullable(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const payoutRunListSchema = z.object({ runs: z.array(payoutRunSchema) });
export const payoutRunResponseSchema = z.object({ run: payoutRunSchema, settlements: z.array(settlementSchema) });
export type PayoutRunDetail = z.infer<typeof payoutRunResponseSchema>;

/** What B1's retry answers (POST /api/ops/payouts/:id/retry). */
export const retriedPayoutSchema = z.object({ payout: runPayoutSchema });

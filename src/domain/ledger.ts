import { shareOf } from "./payouts.ts";

/**
 * The ledger's accounts and what each money event posts (issue 39, record 061). Double entry in
 * integer paise: a debit is positive, a credit negative, and every transaction's entries sum to
 * zero (the database refuses one that does not). A recipe here is pure; server/ledger posts it in
 * the transaction of the change that causes it.
 *
 * - `bank`: money Mates holds (received online through Razorpay, paid out through RazorpayX).
 * - `customers`: what customers owe for work done less what they paid; below zero, prepayments.
 * - `credit`: Mates credit customers hold (owed by Mates, in services).
 * - `mate` (one per mate): what Mates owes the mate; below zero, what the mate owes Mates.
 * - `payouts`: payouts sent and not yet confirmed by the bank.
 * - `commission`: Mates' commission income.
 * - `tds`: tax deducted at source, payable to the government.
 * - `platform_cost`: refunds, credit and adjustments Mates bears.
 */
export const ACCOUNTS = [
  "bank",
  "customers",
  "credit",
  "mate",
  "payouts",
  "commission",
  "tds",
  "platform_cost",
] as const;
export type Account = (typeof ACCOUNTS)[number];

/** What an entry is, as the mate's earnings and the accountant's exports group it. */
export const LINES = [
  "payment", // money in from a customer online
  "refund", // money back to a customer
  "service", // work done: booked lines and approved extras
  "visiting_charge",
  "tip",
  "collected", // what the mate took from the customer in cash or by UPI
  "commission",
  "tds",
  "credit_granted",
  "credit_spent",
  "credit_returned",
  "charged_to_mate", // a refund or credit an operator charged to the mate
  "adjustment",
  "payout",
  "payout_returned",
  "payout_processed",
  "dues_paid", // the mate paid what they owed Mates
] as const;
export type Line = (typeof LINES)[number];

export type Entry = { account: Account; mateId?: string; line: Line; amountPaise: number };

/** Whether entries balance: the sum of debits equals the sum of credits. */
export const balanced = (entries: readonly Entry[]) => entries.reduce((sum, entry) => sum + entry.amountPaise, 0) === 0;

/** A pair: `amount` from `credit` side to `debit` side, under one line. Nothing for zero. */
function move(debit: Omit<Entry, "amountPaise">, credit: Omit<Entry, "amountPaise">, amountPaise: number): Entry[] {
  if (amountPaise === 0) return [];
  return [
    { ...debit, amountPaise },
    { ...credit, amountPaise: -amountPaise },
  ];
}

const mate = (mateId: string, line: Line) => ({ account: "mate" as const, mateId, line });
const of = (account: Account, line: Line) => ({ account, line });

/** A customer paid online (a booking up front, a bill, a tip). */
export const paymentReceived = (amountPaise: number): Entry[] =>
  move(of("bank", "payment"), of("customers", "payment"), amountPaise);

/** Money went back to a customer's card or account. */
export const refundPaid = (amountPaise: number): Entry[] =>
  move(of("customers", "refund"), of("bank", "refund"), amountPaise);

/** A refund that finally failed: the money stayed in the bank and the customer is owed it again. */
export const refundFailed = (amountPaise: number): Entry[] =>
  move(of("bank", "refund"), of("customers", "refund"), amountPaise);

/**
 * Earned work: a service amount (or a visiting charge) becomes the mate's, less Mates' commission
 * and the TDS on the gross. Returns the entries and the figures.
 */
export function workEarned(
  mateId: string,
  grossPaise: number,
  rates: { commissionBp: number; tdsBp: number },
  line: "service" | "visiting_charge" = "service",
): { entries: Entry[]; commissionPaise: number; tdsPaise: number; netPaise: number } {
  const commissionPaise = shareOf(grossPaise, rates.commissionBp);
  const tdsPaise = shareOf(grossPaise, rates.tdsBp);
  return {
    entries: [
      ...move(of("customers", line), mate(mateId, line), grossPaise),
      ...move(mate(mateId, "commission"), of("commission", "commission"), commissionPaise),
      ...move(mate(mateId, "tds"), of("tds", "tds"), tdsPaise),
    ],
    commissionPaise,
    tdsPaise,
    netPaise: grossPaise - commissionPaise - tdsPaise,
  };
}

/** A tip the customer added: the mate's in full. */
export const tipAdded = (mateId: string, amountPaise: number): Entry[] =>
  move(of("customers", "tip"), mate(mateId, "tip"), amountPaise);

/** The mate took the customer's money in cash or by UPI: it is Mates' until netted. */
export const collectedByMate = (mateId: string, amountPaise: number): Entry[] =>
  move(mate(mateId, "collected"), of("customers", "collected"), amountPaise);

/** Mates credit given to a customer, borne by Mates or charged to a mate. */
export const creditGranted = (amountPaise: number, chargedToMateId?: string): Entry[] =>
  move(
    chargedToMateId ? mate(chargedToMateId, "charged_to_mate") : of("platform_cost", "credit_granted"),
    of("credit", "credit_granted"),
    amountPaise,
  );

/** Credit spent on a booking pays for it like a prepayment; given back, it is credit again. */
export const creditSpent = (amountPaise: number): Entry[] =>
  move(of("credit", "credit_spent"), of("customers", "credit_spent"), amountPaise);
export const creditReturned = (amountPaise: number): Entry[] =>
  move(of("customers", "credit_returned"), of("credit", "credit_returned"), amountPaise);

/**
 * A refund an operator decided on work already done: Mates forgives that much of what the
 * customer owed (its cost, or the mate's when charged to them); the money itself leaves by refundPaid.
 */
export const refundDecided = (amountPaise: number, chargedToMateId?: string): Entry[] =>
  move(
    chargedToMateId ? mate(chargedToMateId, "charged_to_mate") : of("platform_cost", "refund"),
    of("customers", "refund"),
    amountPaise,
  );

/** An operator's adjustment of a mate's balance: positive Mates pays the mate, negative the mate owes. */
export const adjustment = (mateId: string, amountPaise: number): Entry[] =>
  amountPaise >= 0
    ? move(of("platform_cost", "adjustment"), mate(mateId, "adjustment"), amountPaise)
    : move(mate(mateId, "adjustment"), of("platform_cost", "adjustment"), -amountPaise);

/** A payout approved: the amount leaves the mate's balance and waits in `payouts` until the bank says. */
export const payoutSent = (mateId: string, amountPaise: number): Entry[] =>
  move(mate(mateId, "payout"), of("payouts", "payout"), amountPaise);
/** The bank paid it. */
export const payoutProcessed = (amountPaise: number): Entry[] =>
  move(of("payouts", "payout_processed"), of("bank", "payout_processed"), amountPaise);
/** It failed before paying: the amount is the mate's again. */
export const payoutFailed = (mateId: string, amountPaise: number): Entry[] =>
  move(of("payouts", "payout_returned"), mate(mateId, "payout_returned"), amountPaise);
/** It was paid and came back (reversed): the money is in the bank and the mate's again. */
export const payoutReversed = (mateId: string, amountPaise: number): Entry[] =>
  move(of("bank", "payout_returned"), mate(mateId, "payout_returned"), amountPaise);

/** The mate paid what they owed Mates (Razorpay Checkout). */
export const duesPaid = (mateId: string, amountPaise: number): Entry[] =>
  move(of("bank", "dues_paid"), mate(mateId, "dues_paid"), amountPaise);

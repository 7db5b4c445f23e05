import { z } from "zod";
import { kolkataDay, kolkataInstant } from "./kolkata-time.ts";

/**
 * Paying the mates (issue 39, record 061): the rules of money between Mates and the people who do
 * the work. Rates are basis points (1 % = 100), amounts integer paise; a share of an amount is
 * rounded half up by integer arithmetic, never through floating point.
 */

export const SERVICE_GROUPS = ["Homekit", "Renova", "Nearkart"] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

export const PAYOUT_RULES = {
  /** Commission per service group, in basis points of the service amount. */
  commissionBp: { Homekit: 2000, Renova: 1500, Nearkart: 1000 } satisfies Record<ServiceGroup, number>,
  /** TDS under section 194-O: 0.1 % of the gross with a PAN, 5 % without (an accountant confirms). */
  tdsBp: 10,
  tdsNoPanBp: 500,
  /** The weekly run is made on this weekday (0 Sunday … 6 Saturday, Asia/Kolkata) for the week before. */
  payoutWeekday: 1,
  /** The hour (Asia/Kolkata) the run is made. */
  payoutHour: 6,
  /** Past this much owed to Mates (rupees), a mate's new jobs are paused until it is settled. */
  duesLimitRupees: 2000,
  /** A new payout destination holds the mate's next payout this long (a stolen sign-in's guard). */
  destinationHoldHours: 24,
  /** RazorpayX asks for at most 5–10 requests a second; we keep to the lower figure. */
  requestsPerSecond: 5,
  /** The nightly reconciliation with RazorpayX, at this hour (Asia/Kolkata). */
  reconcileHour: 2,
} as const;

/** What the payout settings hold (config-payouts.ts reads them from the environment). */
export type PayoutSettings = {
  commissionBp: Record<ServiceGroup, number>;
  tdsBp: number;
  tdsNoPanBp: number;
  payoutWeekday: number;
  duesLimitRupees: number;
  destinationHoldHours: number;
  requestsPerSecond: number;
};

export const DEFAULT_PAYOUT_SETTINGS: PayoutSettings = {
  commissionBp: { ...PAYOUT_RULES.commissionBp },
  tdsBp: PAYOUT_RULES.tdsBp,
  tdsNoPanBp: PAYOUT_RULES.tdsNoPanBp,
  payoutWeekday: PAYOUT_RULES.payoutWeekday,
  duesLimitRupees: PAYOUT_RULES.duesLimitRupees,
  destinationHoldHours: PAYOUT_RULES.destinationHoldHours,
  requestsPerSecond: PAYOUT_RULES.requestsPerSecond,
};

/** `bp` basis points of `amountPaise`, rounded half up (amounts are never negative here). */
export function shareOf(amountPaise: number, bp: number): number {
  if (!Number.isSafeInteger(amountPaise) || !Number.isSafeInteger(bp) || amountPaise < 0 || bp < 0) {
    throw new RangeError("shareOf takes whole, non-negative paise and basis points");
  }
  return Math.floor((amountPaise * bp + 5000) / 10000);
}

/** The TDS rate that applies to a mate: the lower one once they have given a PAN. */
export const tdsBpFor = (hasPan: boolean, settings: Pick<PayoutSettings, "tdsBp" | "tdsNoPanBp">) =>
  hasPan ? settings.tdsBp : settings.tdsNoPanBp;

/** "20 %" or "17.5 %" for basis points. */
export function formatBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = bp % 100;
  return `${whole}${rest === 0 ? "" : `.${String(rest).padStart(2, "0").replace(/0$/, "")}`} %`;
}

/** A percentage as people type it ("20", "0.1", "17.5") → basis points, or undefined when it is not one. */
export function percentToBp(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= 10000 ? bp : undefined;
}

// Identity and bank details, as India writes them.

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;

export const panSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PAN_PATTERN, "A PAN is 10 characters: five letters, four digits and a letter, like ABCDE1234F.");

/** "XXXXXX234F": what is shown of a PAN once given. */
export const maskPan = (pan: string) => `${"X".repeat(6)}${pan.slice(6)}`;
/** "XXXX XXXX 4321": what is shown of an account number. */
export const maskAccount = (last4: string) => `XXXX XXXX ${last4}`;
/** "ra••••@okaxis": what is shown of a UPI ID. */
export function maskUpi(vpa: string): string {
  const [name = "", bank = ""] = vpa.split("@");
  return `${name.slice(0, 2)}••••@${bank}`;
}

// Weeks and quarters, in Asia/Kolkata.

const DAY = 86_400_000;

/** The Monday (YYYY-MM-DD, Asia/Kolkata) of the week an instant falls in. */
export function weekOf(at: Date): string {
  const day = kolkataDay(at);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return new Date(Date.parse(`${day}T00:00:00Z`) - weekday * DAY).toISOString().slice(0, 10);
}

/** Adds days to a YYYY-MM-DD day. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A week (from its Monday) as instants: [from, to). */
export function weekBounds(monday: string): { from: Date; to: Date } {
  return { from: kolkataInstant(monday, 0), to: kolkataInstant(addDays(monday, 7), 0) };
}

/**
 * When the weekly run for the week before is due after `now`: the next payout weekday at the
 * payout hour (Asia/Kolkata), and the Monday of the week it settles.
 */
export function nextRunAt(now: Date, weekday: number): { at: Date; week: string } {
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = addDays(kolkataDay(now), ahead);
    const at = kolkataInstant(day, PAYOUT_RULES.payoutHour * 60);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === weekday && at > now) {
      return { at, week: addDays(weekOf(at), -7) };
    }
  }
  throw new Error("unreachable: a weekday comes within a week");
}

/** The Indian financial year's quarter an instant falls in: "2026-27 Q3" (October to December). */
export function quarterOf(at: Date): { financialYear: string; quarter: 1 | 2 | 3 | 4; label: string } {
  const [year, month] = kolkataDay(at).split("-").map(Number) as [number, number];
  const startYear = month >= 4 ? year : year - 1;
  const quarter = (Math.floor(((month + 8) % 12) / 3) + 1) as 1 | 2 | 3 | 4;
  const financialYear = `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
  return { financialYear, quarter, label: `${financialYear} Q${quarter}` };
}

/** A quarter's bounds as instants: [from, to). */
export function quarterBounds(financialYear: string, quarter: 1 | 2 | 3 | 4): { from: Date; to: Date } {
  const startYear = Number(financialYear.slice(0, 4));
  const month = (index: number) => {
    const months = 3 + (index - 1) * 3; // 0-based month offset from January of the start year
    const year = startYear + Math.floor(months / 12);
    return `${year}-${String((months % 12) + 1).padStart(2, "0")}-01`;
  };
  return { from: kolkataInstant(month(quarter), 0), to: kolkataInstant(month(quarter + 1), 0) };
}

// Payouts' states, as RazorpayX names them, moved forward only.

export const PAYOUT_STATUSES = [
  "queued", // ours: approved, not yet accepted by RazorpayX
  "pending",
  "processing",
  "processed",
  "reversed",
  "failed",
  "cancelled",
  "rejected",
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const RANK: Record<PayoutStatus, number> = {
  queued: 0,
  pending: 1,
  processing: 2,
  processed: 3,
  reversed: 4,
  failed: 4,
  cancelled: 4,
  rejected: 4,
};

/** Whether news of `next` may move a payout on from `current` (news arrives in any order). */
export function payoutMovesTo(current: PayoutStatus, next: PayoutStatus): boolean {
  // Processed can still come back (reversed); every other end is the end.
  if (current === "processed") return next === "reversed";
  if (RANK[current] >= RANK.processed) return false;
  return RANK[next] > RANK[current];
}

/** A payout that ended without the money arriving: its amount is the mate's again. */
export const payoutReturned = (status: PayoutStatus) =>
  status === "failed" || status === "reversed" || status === "cancelled" || status === "rejected";

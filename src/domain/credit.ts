import { z } from "zod";

/**
 * Mates credit (issue 38): a customer's balance in whole rupees, given by a resolution or the
 * no-show rescue and spent on their next bookings, never paid out as cash. Each grant is valid for
 * 365 days; spending takes from the grant that expires first, so the oldest credit goes first.
 * The ledger's rows live in server/credit; these rules are pure so a property test can drive them.
 */
export const CREDIT_RULES = {
  validDays: 365,
  /** The default of the NO_SHOW_CREDIT_RUPEES setting: given when a customer cancels a no-show. */
  noShowRupees: 100,
} as const;

const DAY = 86_400_000;

/** When a grant made at `grantedAt` lapses. */
export const creditExpiry = (grantedAt: Date) => new Date(grantedAt.getTime() + CREDIT_RULES.validDays * DAY);

/** A grant as the rules see it: what is left of it, and until when. */
export type CreditGrant = { id: string; leftRupees: number; expiresAt: Date };

const live = (grant: CreditGrant, now: Date) => grant.leftRupees > 0 && grant.expiresAt.getTime() > now.getTime();

/** What the customer may spend now: what is left of every grant not yet expired. */
export function creditBalance(grants: readonly CreditGrant[], now: Date): number {
  return grants.reduce((sum, grant) => sum + (live(grant, now) ? grant.leftRupees : 0), 0);
}

/** How much of each grant a spend of up to `wanted` rupees takes: the first to expire first, never more than is left. */
export function spendPlan(
  grants: readonly CreditGrant[],
  wanted: number,
  now: Date,
): { grantId: string; rupees: number }[] {
  const plan: { grantId: string; rupees: number }[] = [];
  let left = Math.max(0, Math.floor(wanted));
  const usable = grants
    .filter((grant) => live(grant, now))
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.id.localeCompare(b.id));
  for (const grant of usable) {
    if (left === 0) break;
    const rupees = Math.min(left, grant.leftRupees);
    plan.push({ grantId: grant.id, rupees });
    left -= rupees;
  }
  return plan;
}

/**
 * How a booking's credit is applied across its jobs (record 058): service by service in the order
 * of their keys, each taking up to its booked lines, so the same booking always splits the same way
 * however its jobs are read. The credit never exceeds the booking's total, so every rupee lands.
 */
export function creditByService(
  items: readonly { service: string; lineTotalRupees: number }[],
  creditRupees: number,
): Map<string, number> {
  const booked = new Map<string, number>();
  for (const item of items) booked.set(item.service, (booked.get(item.service) ?? 0) + item.lineTotalRupees);
  const shares = new Map<string, number>();
  let left = Math.max(0, Math.floor(creditRupees));
  for (const service of [...booked.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const share = Math.min(left, Math.max(0, booked.get(service) ?? 0));
    shares.set(service, share);
    left -= share;
  }
  return shares;
}

/** The part of a booking's credit that pays for one of its jobs (its service's booked lines). */
export function jobCreditRupees(
  booking: { items: readonly { service: string; lineTotalRupees: number }[]; creditRupees?: number },
  service: string,
): number {
  return creditByService(booking.items, booking.creditRupees ?? 0).get(service) ?? 0;
}

/** A grant as its customer reads it on their account. */
export const creditGrantSchema = z.object({
  id: z.string(),
  rupees: z.number().int(),
  leftRupees: z.number().int(),
  reason: z.string(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  /** Past its expiry: what was left of it can no longer be spent. */
  expired: z.boolean(),
});

/** One movement of the customer's credit, newest first: given, spent on a booking, or given back. */
export const creditEntrySchema = z.object({
  kind: z.enum(["granted", "spent", "given_back"]),
  rupees: z.number().int().positive(),
  reason: z.string(),
  at: z.string(),
  bookingId: z.string().optional(),
  /** For a grant: until when it may be spent. */
  expiresAt: z.string().optional(),
});

/** GET /api/me/credit: the balance that can be spent now, the grants, and every movement. */
export const creditAccountSchema = z.object({
  balanceRupees: z.number().int().nonnegative(),
  grants: z.array(creditGrantSchema),
  history: z.array(creditEntrySchema),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

/** What the ledger's movements say, as the customer reads them beside each one. */
export const CREDIT_REASONS = {
  spent: "Paid towards a booking",
  cancelled: "Booking cancelled",
  notPaid: "Booking not paid in time",
  cancelledByTeam: "Booking cancelled by the Mates team",
} as const;

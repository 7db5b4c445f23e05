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

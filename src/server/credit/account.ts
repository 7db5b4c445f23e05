import { desc, eq } from "drizzle-orm";
import { type CreditAccount, creditBalance } from "#domain/credit.ts";
import type { Database } from "#server/db/client.ts";
import { creditGrants, creditSpends } from "./schema.ts";

const SAME_INSTANT = { given_back: 0, spent: 1, granted: 2 } as const;

/** How many movements the account shows at most (years of normal use). */
const HISTORY_LIMIT = 200;

/**
 * A customer's credit as they read it on their account: what they can spend now, each grant with
 * what is left of it and until when, and every movement (given, spent, given back), newest first.
 * Two queries whatever the history's length.
 */
export async function creditAccount(db: Pick<Database, "select">, userId: string, now: Date): Promise<CreditAccount> {
  const [grants, moves] = await Promise.all([
    db.select().from(creditGrants).where(eq(creditGrants.userId, userId)).orderBy(desc(creditGrants.grantedAt)),
    db
      .select()
      .from(creditSpends)
      .where(eq(creditSpends.userId, userId))
      .orderBy(desc(creditSpends.at), desc(creditSpends.id))
      .limit(HISTORY_LIMIT),
  ]);
  const history: CreditAccount["history"] = [
    ...grants.map((grant) => ({
      kind: "granted" as const,
      rupees: grant.rupees,
      reason: grant.reason,
      at: grant.grantedAt.toISOString(),
      ...(grant.bookingId ? { bookingId: grant.bookingId } : {}),
      expiresAt: grant.expiresAt.toISOString(),
    })),
    ...moves.map((move) => ({
      kind: move.rupees > 0 ? ("spent" as const) : ("given_back" as const),
      rupees: Math.abs(move.rupees),
      reason: move.reason,
      at: move.at.toISOString(),
      ...(move.bookingId ? { bookingId: move.bookingId } : {}),
    })),
  ];
  // Newest first; at the same instant, what can only have followed first: a give-back follows a
  // spend, which follows a grant.
  history.sort((a, b) => b.at.localeCompare(a.at) || SAME_INSTANT[a.kind] - SAME_INSTANT[b.kind]);
  return {
    balanceRupees: creditBalance(grants, now),
    grants: grants.map((grant) => ({
      id: grant.id,
      rupees: grant.rupees,
      leftRupees: grant.leftRupees,
      reason: grant.reason,
      grantedAt: grant.grantedAt.toISOString(),
      expiresAt: grant.expiresAt.toISOString(),
      expired: grant.expiresAt.getTime() <= now.getTime(),
    })),
    history: history.slice(0, HISTORY_LIMIT),
  };
}

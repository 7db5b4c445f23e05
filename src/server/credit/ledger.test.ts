import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "#testing/customers.ts";
import { MANY_SIGN_UPS, SEED_NOW, seedCustomer } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { balanceOf, giveBackCredit, grantCredit, spendCredit } from "./ledger.ts";
import { creditGrants, creditSpends } from "./schema.ts";

/**
 * The ledger's rows against a real database, driven by random sequences of grants, spends on
 * bookings, give-backs and time passing: whatever happens, no grant goes below zero or above what
 * was given, expired credit is never spent, and what was given equals what is left plus what was
 * spent less what came back.
 */
let t: TestApp;
const bookingIds: string[] = [];
const DAY = 86_400_000;
const SYSTEM = { actor: "system" as const };

beforeAll(async () => {
  t = await createTestApp({ now: () => SEED_NOW, authLimits: MANY_SIGN_UPS });
  // Bookings to spend on: the ledger's rows only name them.
  for (const slot of ["09:00", "11:00", "13:00"]) bookingIds.push((await seedCustomer(t, slot)).bookingId);
});
afterAll(() => t.close());

/** One step: what happens, an amount (rupees, or days for "advance") and which booking. */
const step = fc.tuple(
  fc.constantFrom("grant", "spend", "giveBack", "advance"),
  fc.integer({ min: 1, max: 1500 }),
  fc.integer({ min: 0, max: 2 }),
);

describe("the credit ledger in the database", () => {
  it("keeps its books over random sequences of grants, spends, give-backs and time", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const { id: userId } = await signUpCustomer(t);
        const db = t.database.db;
        let now = SEED_NOW;
        for (const [kind, amount, booking] of steps) {
          if (kind === "advance") {
            now = new Date(now.getTime() + (amount % 250) * DAY);
            continue;
          }
          const bookingId = bookingIds[booking] ?? "";
          const before = await balanceOf(db, userId, now);
          const at = now;
          if (kind === "grant") {
            await db.transaction((tx) => grantCredit(tx, { userId, rupees: amount, reason: "test", who: SYSTEM }, at));
            expect(await balanceOf(db, userId, now)).toBe(before + amount);
          } else if (kind === "spend") {
            const spent = await db.transaction((tx) =>
              spendCredit(tx, { userId, bookingId, wanted: amount, reason: "test", who: SYSTEM }, at),
            );
            expect(spent).toBe(Math.min(amount, before));
            expect(await balanceOf(db, userId, now)).toBe(before - spent);
          } else {
            await db.transaction((tx) => giveBackCredit(tx, bookingId, "test", SYSTEM, at));
          }
        }
        const grants = await db.select().from(creditGrants).where(eq(creditGrants.userId, userId));
        const moves = await db.select().from(creditSpends).where(eq(creditSpends.userId, userId));
        for (const grant of grants) {
          expect(grant.leftRupees).toBeGreaterThanOrEqual(0);
          expect(grant.leftRupees).toBeLessThanOrEqual(grant.rupees);
          // Nothing was spent from a grant after it expired.
          for (const move of moves.filter((m) => m.grantId === grant.id && m.rupees > 0)) {
            expect(move.at.getTime()).toBeLessThan(grant.expiresAt.getTime());
          }
        }
        const granted = grants.reduce((sum, grant) => sum + grant.rupees, 0);
        const left = grants.reduce((sum, grant) => sum + grant.leftRupees, 0);
        const spent = moves.filter((m) => m.rupees > 0).reduce((sum, m) => sum + m.rupees, 0);
        const givenBack = moves.filter((m) => m.rupees < 0).reduce((sum, m) => sum - m.rupees, 0);
        expect(granted).toBe(left + spent - givenBack);
      }),
      { numRuns: 15 },
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CREDIT_RULES,
  type CreditGrant,
  creditBalance,
  creditByService,
  creditExpiry,
  jobCreditRupees,
  spendPlan,
} from "./credit.ts";
import { creditOnInvoice } from "./invoice.ts";
import { jobBalancePaise } from "./payments.ts";

const DAY = 86_400_000;
const START = new Date("2026-11-23T02:30:00Z");
const at = (days: number) => new Date(START.getTime() + days * DAY);
const grant = (id: string, leftRupees: number, expiresAt: Date): CreditGrant => ({ id, leftRupees, expiresAt });

describe("a grant's life", () => {
  it("lapses 365 days after it was given", () => {
    expect(CREDIT_RULES.validDays).toBe(365);
    expect(creditExpiry(START).getTime() - START.getTime()).toBe(365 * DAY);
  });

  it("counts in the balance what is left of the grants not yet expired", () => {
    const grants = [grant("a", 100, at(10)), grant("b", 50, at(400)), grant("c", 0, at(400))];
    expect(creditBalance(grants, START)).toBe(150);
    expect(creditBalance(grants, at(10))).toBe(50);
    expect(creditBalance([], START)).toBe(0);
  });
});

describe("a spend", () => {
  it("takes from the grant that expires first, then the next, never more than is left", () => {
    const grants = [grant("late", 300, at(300)), grant("early", 100, at(20)), grant("mid", 200, at(100))];
    expect(spendPlan(grants, 250, START)).toEqual([
      { grantId: "early", rupees: 100 },
      { grantId: "mid", rupees: 150 },
    ]);
    expect(spendPlan(grants, 10_000, START).reduce((sum, step) => sum + step.rupees, 0)).toBe(600);
  });

  it("never takes expired credit, nor anything for nothing wanted", () => {
    const grants = [grant("gone", 100, at(5)), grant("live", 40, at(50))];
    expect(spendPlan(grants, 100, at(5))).toEqual([{ grantId: "live", rupees: 40 }]);
    expect(spendPlan(grants, 0, START)).toEqual([]);
    expect(spendPlan(grants, -20, START)).toEqual([]);
  });
});

describe("a booking's credit over its jobs", () => {
  const items = [
    { service: "plumber", lineTotalRupees: 449 },
    { service: "electrician", lineTotalRupees: 299 },
    { service: "electrician", lineTotalRupees: 100 },
  ];

  it("fills its services' booked lines in the order of their keys, each at most its lines", () => {
    expect([...creditByService(items, 500)]).toEqual([
      ["electrician", 399],
      ["plumber", 101],
    ]);
    expect(jobCreditRupees({ items, creditRupees: 100 }, "electrician")).toBe(100);
    expect(jobCreditRupees({ items, creditRupees: 100 }, "plumber")).toBe(0);
    expect(jobCreditRupees({ items }, "plumber")).toBe(0);
  });

  it("is the same whatever order the lines come in", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(items, { minLength: 3, maxLength: 3 }), fc.nat(848), (shuffled, credit) => {
        expect([...creditByService(shuffled, credit)].sort()).toEqual([...creditByService(items, credit)].sort());
      }),
    );
  });

  it("comes off what a job owes after the work, never below nothing, and not twice when paid up front", () => {
    const booking = { items, creditRupees: 500 };
    const electrician = { id: "e", service: "electrician", tipRupees: 20 };
    const extras = [{ jobId: "e", priceRupees: 150, status: "approved" }];
    // ₹399 booked + ₹150 extra − ₹399 credit + ₹20 tip.
    expect(jobBalancePaise(booking, electrician, extras, false)).toBe(17_000);
    expect(jobBalancePaise(booking, { id: "p", service: "plumber" }, [], false)).toBe(34_800);
    // Paid up front (the total less the credit): only the extra and the tip are left.
    expect(jobBalancePaise(booking, electrician, extras, true)).toBe(17_000);
    expect(jobBalancePaise(booking, { id: "p", service: "plumber" }, [], true)).toBe(0);
  });

  it("is shown on the invoice as a payment, never more than its total", () => {
    expect(creditOnInvoice(44_900, 10_000)).toEqual({ creditPaise: 10_000, afterCreditPaise: 34_900 });
    expect(creditOnInvoice(44_900, 50_000)).toEqual({ creditPaise: 44_900, afterCreditPaise: 0 });
    expect(creditOnInvoice(44_900, 0)).toEqual({});
  });
});

/*
 * The ledger as the rules drive it (server/credit/ledger.ts does the same under row locks): grants
 * made, spends planned by spendPlan, give-backs to the grants a booking's spends came from, and
 * time passing. Whatever the sequence, the books balance.
 */
type Op =
  | { kind: "grant"; rupees: number }
  | { kind: "spend"; booking: number; wanted: number }
  | { kind: "giveBack"; booking: number }
  | { kind: "advance"; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("grant" as const), rupees: fc.integer({ min: 1, max: 2000 }) }),
  fc.record({
    kind: fc.constant("spend" as const),
    booking: fc.integer({ min: 0, max: 4 }),
    wanted: fc.integer({ min: 0, max: 3000 }),
  }),
  fc.record({ kind: fc.constant("giveBack" as const), booking: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant("advance" as const), days: fc.integer({ min: 0, max: 200 }) }),
);

describe("the ledger, over random sequences of grants, spends, give-backs and time", () => {
  it("never goes negative, spends the first to expire first, never spends expired credit, and balances", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let now = START;
        const grants: (CreditGrant & { rupees: number })[] = [];
        const moves: { grantId: string; booking: number; rupees: number }[] = [];
        for (const [index, step] of ops.entries()) {
          if (step.kind === "grant") {
            grants.push({
              id: `g${index}`,
              rupees: step.rupees,
              leftRupees: step.rupees,
              expiresAt: creditExpiry(now),
            });
          } else if (step.kind === "advance") {
            now = new Date(now.getTime() + step.days * DAY);
          } else if (step.kind === "spend") {
            const balance = creditBalance(grants, now);
            const plan = spendPlan(grants, step.wanted, now);
            expect(plan.reduce((sum, part) => sum + part.rupees, 0)).toBe(Math.min(step.wanted, balance));
            for (const part of plan) {
              const taken = grants.find((candidate) => candidate.id === part.grantId);
              if (!taken) throw new Error("a plan named an unknown grant");
              // Expired credit is never spent, nor more than is left of a grant.
              expect(taken.expiresAt.getTime()).toBeGreaterThan(now.getTime());
              expect(part.rupees).toBeGreaterThan(0);
              expect(part.rupees).toBeLessThanOrEqual(taken.leftRupees);
              taken.leftRupees -= part.rupees;
              moves.push({ grantId: taken.id, booking: step.booking, rupees: part.rupees });
            }
            // The first to expire first: a live grant still holding credit expires no earlier than any spent from.
            const last = Math.max(
              0,
              ...plan.map((part) => grants.find((g) => g.id === part.grantId)?.expiresAt.getTime() ?? 0),
            );
            for (const kept of grants) {
              if (kept.leftRupees > 0 && kept.expiresAt.getTime() > now.getTime()) {
                expect(kept.expiresAt.getTime()).toBeGreaterThanOrEqual(last);
              }
            }
          } else {
            const owed = new Map<string, number>();
            for (const move of moves.filter((m) => m.booking === step.booking)) {
              owed.set(move.grantId, (owed.get(move.grantId) ?? 0) + move.rupees);
            }
            for (const [grantId, rupees] of owed) {
              if (rupees <= 0) continue;
              const back = grants.find((candidate) => candidate.id === grantId);
              if (back) back.leftRupees += rupees;
              moves.push({ grantId, booking: step.booking, rupees: -rupees });
            }
          }
          // Never below zero, never above what was given, and the books balance.
          expect(creditBalance(grants, now)).toBeGreaterThanOrEqual(0);
          for (const each of grants) {
            expect(each.leftRupees).toBeGreaterThanOrEqual(0);
            expect(each.leftRupees).toBeLessThanOrEqual(each.rupees);
          }
          const granted = grants.reduce((sum, each) => sum + each.rupees, 0);
          const left = grants.reduce((sum, each) => sum + each.leftRupees, 0);
          const spent = moves.filter((m) => m.rupees > 0).reduce((sum, m) => sum + m.rupees, 0);
          const givenBack = moves.filter((m) => m.rupees < 0).reduce((sum, m) => sum - m.rupees, 0);
          expect(granted).toBe(left + spent - givenBack);
        }
      }),
      { numRuns: 300 },
    );
  });
});

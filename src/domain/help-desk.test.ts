import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deskDecisionSchema, deskLimit, type MoneyFacts, refundPaidAs } from "./help-desk.ts";

const settings = { damageCoverRupees: 10_000, damageWindowHours: 72, caseCreditMaxRupees: 2_000 };
const facts = (over: Partial<MoneyFacts>): MoneyFacts => ({
  problem: "quality",
  refundableOnline: 0,
  paidOnline: false,
  refundableCash: 0,
  coverLeft: 10_000,
  settings,
  ...over,
});

describe("the desk's limits on a decision", () => {
  it("refunds at most what is left of what was paid: online to the payment, in cash as credit", () => {
    expect(deskLimit("refund", facts({ paidOnline: true, refundableOnline: 449 })).most).toBe(449);
    expect(refundPaidAs({ paidOnline: true })).toBe("refund");
    expect(deskLimit("refund", facts({ refundableCash: 300 }))).toMatchObject({ most: 300 });
    expect(refundPaidAs({ paidOnline: false })).toBe("credit");
  });

  it("holds damage to the cover left, and other credit to its setting", () => {
    const damage = facts({ problem: "damage", paidOnline: true, refundableOnline: 5_000, coverLeft: 1_000 });
    expect(deskLimit("refund", damage)).toMatchObject({ most: 1_000, why: expect.stringContaining("₹1,000 of it") });
    expect(deskLimit("credit", damage).most).toBe(1_000);
    expect(deskLimit("credit", facts({})).most).toBe(2_000);
  });

  it("never allows more than the cover, whatever was paid", () => {
    fc.assert(
      fc.property(fc.nat(50_000), fc.nat(50_000), fc.nat(10_000), fc.boolean(), (online, cash, coverLeft, paid) => {
        const damage = facts({
          problem: "damage",
          refundableOnline: online,
          refundableCash: cash,
          coverLeft,
          paidOnline: paid,
        });
        expect(deskLimit("refund", damage).most).toBeLessThanOrEqual(Math.min(coverLeft, paid ? online : cash));
        expect(deskLimit("credit", damage).most).toBe(coverLeft);
      }),
    );
  });

  it("refuses amounts below ₹1, in part rupees, and a decline without a reason", () => {
    const bad = [
      { decision: "refund", rupees: 0, message: "x" },
      { decision: "credit", rupees: 10.5, message: "x" },
      { decision: "declined", reason: " " },
      { decision: "rework", start: "tomorrow", message: "x" },
      { decision: "cash", rupees: 10, message: "x" },
    ];
    for (const input of bad) expect(deskDecisionSchema.safeParse(input).success).toBe(false);
    expect(deskDecisionSchema.safeParse({ decision: "credit", rupees: 1, message: "Sorry." }).success).toBe(true);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { workEarned } from "./ledger.ts";
import {
  formatBp,
  IFSC_PATTERN,
  maskAccount,
  maskPan,
  maskUpi,
  nextRunAt,
  PAN_PATTERN,
  payoutMovesTo,
  percentToBp,
  quarterBounds,
  quarterOf,
  shareOf,
  tdsBpFor,
  UPI_PATTERN,
  weekBounds,
  weekOf,
} from "./payouts.ts";

describe("shares of an amount", () => {
  it("rounds half up in whole paise: a ₹3,499 deep clean at 20 % and 0.1 %", () => {
    expect(shareOf(349_900, 2000)).toBe(69_980);
    expect(shareOf(349_900, 10)).toBe(350); // 349.9 paise, rounded up
    expect(shareOf(349_900, 500)).toBe(17_495);
    expect(shareOf(5, 1000)).toBe(1); // half a paisa goes up
    expect(shareOf(4, 1000)).toBe(0);
  });

  it("never leaves the mate, Mates and the tax office more or less than the gross", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, bp) => {
        const earned = workEarned("mate-001", gross, { commissionBp: bp, tdsBp: 10 });
        expect(earned.netPaise + earned.commissionPaise + earned.tdsPaise).toBe(gross);
        expect(earned.entries.reduce((sum, entry) => sum + entry.amountPaise, 0)).toBe(0);
      }),
    );
  });

  it("refuses fractions and negatives", () => {
    expect(() => shareOf(10.5, 100)).toThrow(RangeError);
    expect(() => shareOf(-1, 100)).toThrow(RangeError);
  });

  it("takes 0.1 % TDS with a PAN and 5 % without", () => {
    const settings = { tdsBp: 10, tdsNoPanBp: 500 };
    expect(tdsBpFor(true, settings)).toBe(10);
    expect(tdsBpFor(false, settings)).toBe(500);
  });
});

describe("percentages", () => {
  it("reads what people type and writes it back", () => {
    expect(percentToBp("20")).toBe(2000);
    expect(percentToBp("0.1")).toBe(10);
    expect(percentToBp("17.5")).toBe(1750);
    expect(percentToBp("100")).toBe(10000);
    for (const bad of ["101", "-1", "20%", "1.234", "", "abc"]) expect(percentToBp(bad)).toBeUndefined();
    expect(formatBp(2000)).toBe("20 %");
    expect(formatBp(10)).toBe("0.1 %");
    expect(formatBp(1750)).toBe("17.5 %");
    expect(formatBp(1725)).toBe("17.25 %");
  });
});

describe("identity and bank details", () => {
  it("knows a PAN, an IFSC and a UPI ID by their shape, and masks them", () => {
    expect(PAN_PATTERN.test("ABCDE1234F")).toBe(true);
    expect(PAN_PATTERN.test("ABCD1234F")).toBe(false);
    expect(IFSC_PATTERN.test("HDFC0001234")).toBe(true);
    expect(IFSC_PATTERN.test("HDFC1001234")).toBe(false);
    expect(UPI_PATTERN.test("ramesh.k@okaxis")).toBe(true);
    expect(UPI_PATTERN.test("ramesh@")).toBe(false);
    expect(maskPan("ABCDE1234F")).toBe("XXXXXX234F");
    expect(maskAccount("4321")).toBe("XXXX XXXX 4321");
    expect(maskUpi("ramesh.k@okaxis")).toBe("ra••••@okaxis");
  });
});

describe("weeks and quarters in Asia/Kolkata", () => {
  it("starts a week on Monday at midnight in Mumbai", () => {
    // Sunday 29 November 2026, 11:30 PM in Mumbai, is still the week of Monday the 23rd.
    expect(weekOf(new Date("2026-11-29T18:00:00Z"))).toBe("2026-11-23");
    expect(weekOf(new Date("2026-11-29T18:30:00Z"))).toBe("2026-11-30");
    expect(weekBounds("2026-11-23")).toEqual({
      from: new Date("2026-11-22T18:30:00Z"),
      to: new Date("2026-11-29T18:30:00Z"),
    });
  });

  it("makes the run on the next payout day at 6 AM for the week before", () => {
    // Friday 27 November 2026 → Monday 30 November, 6 AM IST, settling the week of the 23rd.
    expect(nextRunAt(new Date("2026-11-27T10:00:00Z"), 1)).toEqual({
      at: new Date("2026-11-30T00:30:00Z"),
      week: "2026-11-23",
    });
    // On the Monday itself, before 6 AM: that morning; after: a week on.
    expect(nextRunAt(new Date("2026-11-30T00:00:00Z"), 1).at).toEqual(new Date("2026-11-30T00:30:00Z"));
    expect(nextRunAt(new Date("2026-11-30T01:00:00Z"), 1).at).toEqual(new Date("2026-12-07T00:30:00Z"));
  });

  it("names the financial year's quarter and its bounds", () => {
    expect(quarterOf(new Date("2026-11-27T10:00:00Z")).label).toBe("2026-27 Q3");
    expect(quarterOf(new Date("2027-03-31T18:29:00Z")).label).toBe("2026-27 Q4");
    expect(quarterOf(new Date("2027-03-31T18:30:00Z")).label).toBe("2027-28 Q1");
    expect(quarterBounds("2026-27", 4)).toEqual({
      from: new Date("2026-12-31T18:30:00Z"),
      to: new Date("2027-03-31T18:30:00Z"),
    });
    expect(quarterBounds("2026-27", 1).from).toEqual(new Date("2026-03-31T18:30:00Z"));
  });
});

describe("a payout's state", () => {
  it("moves only forward, whatever order the news comes in", () => {
    expect(payoutMovesTo("queued", "processing")).toBe(true);
    expect(payoutMovesTo("processing", "pending")).toBe(false);
    expect(payoutMovesTo("processing", "processed")).toBe(true);
    expect(payoutMovesTo("processed", "reversed")).toBe(true);
    expect(payoutMovesTo("processed", "failed")).toBe(false);
    expect(payoutMovesTo("failed", "processed")).toBe(false);
    expect(payoutMovesTo("reversed", "processed")).toBe(false);
    expect(payoutMovesTo("processed", "processed")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { formatRupees } from "./catalogue.ts";
import { groupIndian } from "./indian-digits.ts";

// The written-out grouping must read exactly as the browser's Intl would: Node's Intl is the oracle.
const intlGrouping = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const intlRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

const samples = [
  0, 1, 9, 10, 99, 100, 999, 1_000, 1_499, 9_999, 10_000, 12_345, 99_999, 1_00_000, 1_49_999, 9_99_999, 10_00_000,
  12_34_567, 99_99_999, 1_00_00_000, 12_34_56_789, 1_23_45_67_890, 0.5, 1.5, 2.5, 999.5, 1_499.49, 99_999.5, -0, -0.4,
  -1, -999, -1_000, -1_49_999, -2.5, -12_34_567,
];

describe("Indian digit grouping without Intl", () => {
  it.each(samples)("writes %d as Intl's en-IN format does", (value) => {
    expect(groupIndian(value)).toBe(intlGrouping.format(value));
    expect(formatRupees(value)).toBe(intlRupees.format(value));
  });

  it("agrees with Intl on every whole number around each grouping boundary and on a spread of prices", () => {
    const values: number[] = [];
    for (let power = 1; power <= 1e11; power *= 10)
      for (let offset = -3; offset <= 3; offset++) values.push(power + offset);
    for (let price = 0; price <= 2_00_000; price += 37) values.push(price);
    for (const value of values) expect(formatRupees(value)).toBe(intlRupees.format(value));
  });

  it("returns what String() writes where there is nothing to group", () => {
    expect(groupIndian(Number.NaN)).toBe("NaN");
    expect(groupIndian(Number.POSITIVE_INFINITY)).toBe("Infinity");
    expect(groupIndian(1e21)).toBe("1e+21");
  });

  it("reads the spec's prices as a customer sees them", () => {
    expect(formatRupees(1_499)).toBe("₹1,499");
    expect(formatRupees(1_49_999)).toBe("₹1,49,999");
    expect(formatRupees(0)).toBe("₹0");
  });
});

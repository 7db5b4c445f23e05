import { describe, expect, it } from "vitest";
import { keyMonth, userKeyBase, userKeyCandidate } from "./user-key.ts";

describe("userKeyBase (spec §3)", () => {
  const november = new Date("2026-11-22T10:00:00Z");

  it("removes all whitespace from the full name and appends YYYYMM", () => {
    expect(userKeyBase("Priya Sharma", november)).toBe("PriyaSharma202611");
    expect(userKeyBase("  Anil \t Kumar  Rao ", november)).toBe("AnilKumarRao202611");
  });

  it('uses "user" for a Google account with no name', () => {
    expect(userKeyBase(null, november)).toBe("user202611");
    expect(userKeyBase("   ", november)).toBe("user202611");
  });

  it("takes the month in Mumbai, not UTC", () => {
    // 31 Oct 2026, 20:00 UTC is already 1 Nov 2026, 01:30 in Mumbai.
    expect(keyMonth(new Date("2026-10-31T20:00:00Z"))).toBe("202611");
    expect(keyMonth(new Date("2026-01-05T00:00:00Z"))).toBe("202601");
  });

  it("gives later people with the same name a numeric suffix", () => {
    expect(userKeyCandidate("PriyaSharma202611", 1)).toBe("PriyaSharma202611");
    expect(userKeyCandidate("PriyaSharma202611", 2)).toBe("PriyaSharma202611-2");
  });
});

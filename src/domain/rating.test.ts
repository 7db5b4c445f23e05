import { describe, expect, it } from "vitest";
import { formatStars, mateRating, RATING_RULES, ratingInputSchema, ratingOpenUntil } from "./rating.ts";

const day = 86_400_000;
const now = new Date("2026-11-25T10:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * day);

describe("a mate's rating", () => {
  it("keeps the earlier rating until there are 3 ratings, then is their average", () => {
    expect(mateRating([], 4.6, now)).toBe(4.6);
    expect(mateRating([{ stars: 1, at: ago(1) }], 4.6, now)).toBe(4.6);
    expect(mateRating([{ stars: 1, at: ago(1) }], null, now)).toBeNull();
    const three = [1, 4, 5].map((stars, index) => ({ stars, at: ago(index) }));
    expect(mateRating(three, 4.6, now)).toBeCloseTo(10 / 3, 10);
  });

  it("counts only the last 365 days", () => {
    const old = [5, 5, 5].map((stars) => ({ stars, at: ago(RATING_RULES.windowDays + 1) }));
    expect(mateRating(old, 4.2, now)).toBe(4.2);
    const recent = [2, 3, 4].map((stars) => ({ stars, at: ago(RATING_RULES.windowDays - 1) }));
    expect(mateRating([...old, ...recent], 4.2, now)).toBe(3);
  });
});

describe("the rating window", () => {
  it("is open for 7 days after completion, and closed before completion", () => {
    expect(ratingOpenUntil(undefined, now)).toBeNull();
    expect(ratingOpenUntil(ago(6), now)?.toISOString()).toBe(new Date(ago(6).getTime() + 7 * day).toISOString());
    expect(ratingOpenUntil(ago(7), now)).toBeNull();
  });
});

describe("a rating as the customer sends it", () => {
  it("needs whole stars 1 to 5 and fills the rest with defaults", () => {
    expect(ratingInputSchema.parse({ stars: 5 })).toEqual({ stars: 5, tags: [], comment: "", tipRupees: 0 });
    expect(ratingInputSchema.parse({ stars: 3, comment: "  Good work  " }).comment).toBe("Good work");
    for (const stars of [0, 6, 4.5, "5"]) {
      expect(ratingInputSchema.safeParse({ stars }).success, String(stars)).toBe(false);
    }
  });

  it("refuses unknown or repeated tags, long comments and tips beyond ₹2,000 or in paise", () => {
    for (const body of [
      { stars: 5, tags: ["rude"] },
      { stars: 5, tags: ["polite", "polite"] },
      { stars: 5, comment: "x".repeat(RATING_RULES.commentMax + 1) },
      { stars: 5, comment: "a\u0000b" },
      { stars: 5, tipRupees: RATING_RULES.tipMaxRupees + 1 },
      { stars: 5, tipRupees: -1 },
      { stars: 5, tipRupees: 10.5 },
      { stars: 5, name: "someone" },
    ]) {
      expect(ratingInputSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(ratingInputSchema.safeParse({ stars: 5, tipRupees: RATING_RULES.tipMaxRupees }).success).toBe(true);
  });
});

describe("stars as text", () => {
  it("has one decimal", () => {
    expect(formatStars(4)).toBe("4.0");
    expect(formatStars(10 / 3)).toBe("3.3");
    expect(formatStars(4.75)).toBe("4.8");
  });
});

import { describe, expect, it } from "vitest";
import { source, translation } from "#domain/i18n/messages.ts";
import { translator } from "./translator.ts";

const en = source({
  jobs: { message: "{count, plural, one {# job} other {# jobs}} today", comment: "test" },
  price: { message: "You pay {amount, number}", comment: "test" },
});
const t = translator(en, {
  "hi-IN": translation<typeof en>()({
    jobs: "आज {count, plural, one {# काम} other {# काम}}",
    price: "आप {amount, number} देंगे",
  }),
  "mr-IN": translation<typeof en>()({
    jobs: "आज {count, plural, one {# काम} other {# कामे}}",
    price: "तुम्ही {amount, number} द्याल",
  }),
});

describe("the server's translator", () => {
  it("writes each language, with Latin digits and Indian grouping in all three", () => {
    expect(t("en-IN", "price", { amount: 123456 })).toBe("You pay 1,23,456");
    expect(t("hi-IN", "price", { amount: 123456 })).toBe("आप 1,23,456 देंगे");
    expect(t("mr-IN", "price", { amount: 123456 })).toBe("तुम्ही 1,23,456 द्याल");
  });

  it("follows each language's plural rules: Hindi counts 0 as one, Marathi does not", () => {
    expect(t("en-IN", "jobs", { count: 0 })).toBe("0 jobs today");
    expect(t("hi-IN", "jobs", { count: 0 })).toBe("आज 0 काम");
    expect(t("mr-IN", "jobs", { count: 0 })).toBe("आज 0 कामे");
    expect(t("mr-IN", "jobs", { count: 1 })).toBe("आज 1 काम");
  });
});

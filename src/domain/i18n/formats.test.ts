import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "#domain/date-format.ts";
import { groupIndian } from "#domain/indian-digits.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { formatLocale, preferredLocale } from "./locales.ts";

const at = new Date("2026-11-24T05:30:00Z");

describe("numbers and dates in each language (decision 068)", () => {
  it("writes a slot with the language's day and month names, Latin digits, Mumbai's time", () => {
    expect(formatSlotTime(at, "en-IN")).toBe("Tue, 24 Nov, 11:00 AM");
    expect(formatSlotTime(at, "hi-IN")).toBe("मंगल, 24 नव॰, 11:00 AM");
    expect(formatSlotTime(at, "mr-IN")).toBe("मंगळ, 24 नोव्हें, 11:00 AM");
  });

  it("writes a calendar day in each language", () => {
    expect(formatCalendarDate("2026-11-27", "en-IN")).toBe("27 Nov 2026");
    expect(formatCalendarDate("2026-11-27", "hi-IN")).toBe("27 नव॰ 2026");
    expect(formatCalendarDate("2026-11-27", "mr-IN")).toMatch(/^27 नोव्हें/);
  });

  it("keeps Latin digits in Marathi, whose default in Intl is Devanagari", () => {
    expect(new Intl.NumberFormat("mr-IN").format(123456)).toBe("१,२३,४५६");
    expect(new Intl.NumberFormat(formatLocale("mr-IN")).format(123456)).toBe("1,23,456");
    expect(new Intl.NumberFormat(formatLocale("hi-IN")).format(123456)).toBe("1,23,456");
    expect(groupIndian(123456)).toBe("1,23,456");
  });

  it("follows the language's plural rules: Hindi counts 0 as one", () => {
    expect(new Intl.PluralRules("hi-IN").select(0)).toBe("one");
    expect(new Intl.PluralRules("mr-IN").select(0)).toBe("other");
    expect(new Intl.PluralRules("en-IN").select(0)).toBe("other");
  });

  it("offers the browser's first language of ours, and nothing for English", () => {
    expect(preferredLocale(["hi-IN", "en-US"])).toBe("hi-IN");
    expect(preferredLocale(["mr", "hi"])).toBe("mr-IN");
    expect(preferredLocale(["en-GB", "hi"])).toBe("en-IN");
    expect(preferredLocale(["ta-IN", "fr"])).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCalendarDate, lazyDateFormat } from "./date-format.ts";

afterEach(() => vi.restoreAllMocks());

describe("a date format made on first use", () => {
  const options: Intl.DateTimeFormatOptions = {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  };

  it("writes what Intl writes", () => {
    const at = new Date("2026-11-25T20:00:00Z");
    const lazy = lazyDateFormat("en-IN", options);
    expect(lazy.format(at)).toBe(new Intl.DateTimeFormat("en-IN", options).format(at));
    expect(lazy.formatToParts(at)).toEqual(new Intl.DateTimeFormat("en-IN", options).formatToParts(at));
  });

  it("makes its Intl.DateTimeFormat only when first asked, and only once", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    const lazy = lazyDateFormat("en-IN", options);
    expect(made).not.toHaveBeenCalled();
    lazy.format(new Date("2026-11-26T00:00:00Z"));
    lazy.format(new Date("2026-11-27T00:00:00Z"));
    lazy.formatToParts(new Date("2026-11-28T00:00:00Z"));
    expect(made).toHaveBeenCalledTimes(1);
  });
});

describe("a calendar day as a person reads it", () => {
  it("writes day, short month and year, never the ISO form", () => {
    expect(formatCalendarDate("2026-11-23")).toBe("23 Nov 2026");
    expect(formatCalendarDate("2027-01-05")).toBe("5 Jan 2027");
  });

  it("keeps the day at the turn of a year (a date, not an instant)", () => {
    expect(formatCalendarDate("2026-12-31")).toBe("31 Dec 2026");
    expect(formatCalendarDate("2027-01-01")).toBe("1 Jan 2027");
  });

  it("refuses what is not a YYYY-MM-DD day", () => {
    expect(() => formatCalendarDate("23/11/2026")).toThrow(RangeError);
    expect(() => formatCalendarDate("2026-11-23T00:00:00Z")).toThrow(RangeError);
  });
});

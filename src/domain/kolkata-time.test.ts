import { describe, expect, it } from "vitest";
import { kolkataDay, kolkataInstant, kolkataMinuteOfDay } from "./kolkata-time.ts";

// The arithmetic must agree with the time zone database: Node's Intl is the oracle.
const kolkataParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function kolkataByIntl(at: Date): { day: string; minute: number } {
  const part = (type: string) => kolkataParts.formatToParts(at).find((p) => p.type === type)?.value ?? "";
  return {
    day: `${part("year")}-${part("month")}-${part("day")}`,
    minute: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

describe("Kolkata wall-clock time by arithmetic", () => {
  it("reads 00:30 UTC as 6:00 AM in Mumbai, whatever the device's zone", () => {
    expect(kolkataMinuteOfDay(new Date("2025-03-10T00:30:00Z"))).toBe(6 * 60);
    expect(kolkataDay(new Date("2025-03-09T18:29:59Z"))).toBe("2025-03-09");
    expect(kolkataDay(new Date("2025-03-09T18:30:00Z"))).toBe("2025-03-10");
  });

  it("agrees with the time zone database every 7 hours and 13 minutes from 1990 to 2040", () => {
    const step = (7 * 60 + 13) * 60_000;
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2040, 0, 1); t += step) {
      const at = new Date(t);
      const expected = kolkataByIntl(at);
      expect({ day: kolkataDay(at), minute: kolkataMinuteOfDay(at) }).toEqual(expected);
    }
  });

  it("turns a Kolkata day and minute back into the instant", () => {
    const at = kolkataInstant("2026-11-26", 6 * 60);
    expect(at.toISOString()).toBe("2026-11-26T00:30:00.000Z");
    expect(kolkataMinuteOfDay(at)).toBe(6 * 60);
    expect(kolkataDay(at)).toBe("2026-11-26");
  });
});

import { describe, expect, it } from "vitest";
import { formatServiceHours, isWithinServiceHours } from "./service-hours.ts";

describe("service hours", () => {
  it("reads as the footer shows them", () => {
    expect(formatServiceHours()).toBe("Monday to Sunday, 6:00 AM to 9:00 PM");
  });

  it("is open from 6:00 AM up to, not including, 9:00 PM", () => {
    expect(isWithinServiceHours(new Date("2025-03-10T00:29:00Z"))).toBe(false); // 05:59 IST
    expect(isWithinServiceHours(new Date("2025-03-10T00:30:00Z"))).toBe(true); // 06:00 IST
    expect(isWithinServiceHours(new Date("2025-03-16T15:29:00Z"))).toBe(true); // Sunday 20:59 IST
    expect(isWithinServiceHours(new Date("2025-03-16T15:30:00Z"))).toBe(false); // 21:00 IST
  });
});

import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "./booking.ts";
import { decide } from "./job.ts";
import { NO_SHOW_RULES, noShowCheckAt, rescueOpen, rescueRefusal, waitingForMate } from "./no-show.ts";

const start = new Date("2026-11-24T05:30:00Z");
const offeredAt = new Date("2026-11-24T05:45:00Z");

describe("the no-show rule", () => {
  it("looks 15 minutes after the start by default, or as the setting says", () => {
    expect(NO_SHOW_RULES.afterMinutes).toBe(15);
    expect(noShowCheckAt(start).toISOString()).toBe("2026-11-24T05:45:00.000Z");
    expect(noShowCheckAt(start, -60).toISOString()).toBe("2026-11-24T04:30:00.000Z");
  });

  it("waits for a mate only while none has arrived, and the booking is neither cancelled nor done", () => {
    const waiting = BOOKING_STATUSES.filter(waitingForMate);
    expect(waiting).toEqual(["finding", "assigned", "unassigned", "on_the_way"]);
  });

  it("is open only once offered and while still waiting", () => {
    expect(rescueOpen({ status: "assigned", noShowOfferedAt: null })).toBe(false);
    expect(rescueOpen({ status: "assigned", noShowOfferedAt: offeredAt })).toBe(true);
    expect(rescueOpen({ status: "unassigned", noShowOfferedAt: offeredAt })).toBe(true);
    expect(rescueOpen({ status: "arrived", noShowOfferedAt: offeredAt })).toBe(false);
    expect(rescueOpen({ status: "cancelled", noShowOfferedAt: offeredAt })).toBe(false);
  });

  it("refuses a tap with the reason: cancelled, arrived, or not offered yet", () => {
    expect(rescueRefusal({ status: "on_the_way", noShowOfferedAt: offeredAt })).toBeUndefined();
    expect(rescueRefusal({ status: "cancelled", noShowOfferedAt: offeredAt })?.code).toBe("booking_cancelled");
    for (const status of ["arrived", "in_progress", "completed"] as const) {
      expect(rescueRefusal({ status, noShowOfferedAt: offeredAt })?.code).toBe("mate_arrived");
    }
    expect(rescueRefusal({ status: "assigned", noShowOfferedAt: null })?.code).toBe("rescue_not_open");
  });

  it("records a no-show only by the customer, from assigned or on the way, back to finding a mate", () => {
    const context = { start, now: offeredAt };
    expect(decide("no_show", "customer", "assigned", context)).toEqual({ allowed: true, to: "finding" });
    expect(decide("no_show", "customer", "on_the_way", context)).toEqual({ allowed: true, to: "finding" });
    expect(decide("no_show", "customer", "arrived", context)).toMatchObject({ allowed: false, code: "bad_transition" });
    expect(decide("no_show", "mate", "assigned", context)).toMatchObject({ allowed: false, code: "forbidden_action" });
  });
});

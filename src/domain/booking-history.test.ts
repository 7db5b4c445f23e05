import { describe, expect, it } from "vitest";
import { HISTORY_DETAILS, historyDetails, historyLabel, mateNamedIn } from "./booking-history.ts";
import { JOB_ACTION_NAMES } from "./job.ts";

describe("a history entry's details", () => {
  it("has a schema for every step of the job state machine, and a label for every action", () => {
    for (const action of JOB_ACTION_NAMES) expect(Object.hasOwn(HISTORY_DETAILS, action), action).toBe(true);
    for (const action of Object.keys(HISTORY_DETAILS)) expect(historyLabel(action), action).not.toBe(action);
  });

  it("reads what the writers write today, told apart by the action", () => {
    expect(historyDetails("assign", { mateId: "mate-001" })).toEqual({
      action: "assign",
      details: { mateId: "mate-001" },
    });
    expect(historyDetails("withdraw", { mateId: "mate-002", reason: "suspended" })?.details).toEqual({
      mateId: "mate-002",
      reason: "suspended",
    });
    expect(
      historyDetails("payment_received", { amountPaise: 89_800, paymentId: "pay_1", purpose: "booking" })?.details,
    ).toEqual({ amountPaise: 89_800, paymentId: "pay_1", purpose: "booking" });
    expect(historyDetails("rework", { mateId: null, reworkOf: "b-1" })?.details).toEqual({
      mateId: null,
      reworkOf: "b-1",
    });
  });

  it("reads a null column as no details, for the actions that write none or may", () => {
    for (const action of ["unassign", "on_the_way", "arrive", "start", "settle_free", "expire", "at_risk"]) {
      expect(historyDetails(action, null), action).toEqual({ action, details: {} });
    }
    expect(historyDetails("complete", null)?.details).toEqual({});
    expect(historyDetails("complete", { reason: "auto_closed" })?.details).toEqual({ reason: "auto_closed" });
    expect(historyDetails("cancel", null)?.details).toEqual({});
    expect(historyDetails("place", null)?.details).toEqual({});
    expect(historyDetails("place", { reworkOf: "b-1" })?.details).toEqual({ reworkOf: "b-1" });
  });

  it("reads rows written before a field was added", () => {
    // Before 8a0bada a move did not name the mate; before 436f14e paying online kept no tip.
    expect(historyDetails("reschedule", { from: "2026-11-24T05:30:00.000Z", to: "2026-11-24T08:30:00.000Z" })).toEqual({
      action: "reschedule",
      details: { from: "2026-11-24T05:30:00.000Z", to: "2026-11-24T08:30:00.000Z" },
    });
    expect(historyDetails("settle_online", { paymentId: "pay_1", amountRupees: 449 })?.details).toEqual({
      paymentId: "pay_1",
      amountRupees: 449,
    });
  });

  it("answers undefined, never throws, for a row that does not fit", () => {
    expect(historyDetails("teleport", { mateId: "mate-001" })).toBeUndefined();
    expect(historyDetails("toString", {})).toBeUndefined();
    expect(historyDetails("assign", null)).toBeUndefined();
    expect(historyDetails("assign", { mateId: 7 })).toBeUndefined();
    expect(historyDetails("assign", "mate-001")).toBeUndefined();
    expect(historyDetails("withdraw", { mateId: "mate-002", reason: "bored" })).toBeUndefined();
    expect(historyDetails("refund_processed", [1, 2])).toBeUndefined();
  });

  it("names the mate of the entries that name one", () => {
    expect(mateNamedIn(historyDetails("release", { mateId: "mate-003", reason: "Unwell" }))).toBe("mate-003");
    expect(mateNamedIn(historyDetails("reschedule", { from: "a", to: "b", mateId: null }))).toBeUndefined();
    expect(mateNamedIn(historyDetails("reschedule", { from: "a", to: "b" }))).toBeUndefined();
    expect(mateNamedIn(historyDetails("rated", { stars: 5, tipRupees: 0 }))).toBeUndefined();
    expect(mateNamedIn(undefined)).toBeUndefined();
  });
});

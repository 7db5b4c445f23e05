import { describe, expect, it } from "vitest";
import {
  ACTORS,
  arrivalMinutes,
  bookingStatusOf,
  decide,
  JOB_ACTION_NAMES,
  JOB_ACTIONS,
  JOB_STATUSES,
  jobBillRupees,
  NEXT_STEP,
  setOffFrom,
  setOffTimeText,
} from "./job.ts";

const START = new Date("2026-11-24T06:30:00Z");
const EARLY = { start: START, now: new Date("2026-11-23T06:30:00Z") };
const LATE = { start: START, now: new Date("2026-11-24T05:00:00Z") };
/** The steps of the day are judged within the set-off window, the other actions a day early. */
const SET_OFF_STEPS: readonly string[] = ["on_the_way", "arrive", "start"];
const contextOf = (action: string) => (SET_OFF_STEPS.includes(action) ? LATE : EARLY);

/** The whole table written out by hand: action → [from states, to state, actors]. */
const EXPECTED: Record<string, [string[], string, string[]]> = {
  assign: [["finding", "unassigned"], "assigned", ["system", "operator"]],
  unassign: [["finding"], "unassigned", ["system"]],
  release: [["assigned"], "finding", ["mate", "operator"]],
  withdraw: [["assigned"], "finding", ["operator"]],
  reschedule: [["unassigned", "assigned"], "finding", ["customer"]],
  no_show: [["assigned", "on_the_way"], "finding", ["customer"]],
  on_the_way: [["assigned"], "on_the_way", ["mate"]],
  arrive: [["on_the_way"], "arrived", ["mate"]],
  start: [["arrived"], "in_progress", ["mate"]],
  complete: [["in_progress"], "completed", ["mate", "operator", "system"]],
  collect: [["completed"], "paid", ["mate", "operator"]],
  settle_online: [["completed"], "paid", ["system"]],
  settle_free: [["completed"], "paid", ["system"]],
  expire: [["finding", "unassigned", "assigned"], "cancelled", ["system"]],
  cancel: [["finding", "unassigned", "assigned", "on_the_way", "arrived"], "cancelled", ["customer", "operator"]],
};

describe("the job state machine", () => {
  it("has exactly the actions written out here", () => {
    expect(JOB_ACTION_NAMES.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const action of JOB_ACTION_NAMES) {
    const [from, to, by] = EXPECTED[action] as [string[], string, string[]];
    it(`${action}: allowed only to ${by.join(", ")} from ${from.join(", ")}, refused otherwise`, () => {
      for (const actor of ACTORS) {
        for (const status of JOB_STATUSES) {
          const verdict = decide(action, actor, status, contextOf(action));
          if (!by.includes(actor)) {
            expect(verdict, `${actor} ${status}`).toMatchObject({ allowed: false, code: "forbidden_action" });
          } else if (!from.includes(status)) {
            expect(verdict, `${actor} ${status}`).toMatchObject({ allowed: false, code: "bad_transition" });
          } else {
            expect(verdict, `${actor} ${status}`).toEqual({ allowed: true, to });
          }
        }
      }
    });
  }

  it("lets the operations team withdraw a job from its mate up to the start, unlike a release", () => {
    expect(decide("withdraw", "operator", "assigned", LATE)).toEqual({ allowed: true, to: "finding" });
    expect(decide("release", "operator", "assigned", LATE)).toMatchObject({ allowed: false, code: "too_late" });
  });

  it("lets a mate release a job only until 3 hours before its start", () => {
    expect(decide("release", "mate", "assigned", EARLY)).toEqual({ allowed: true, to: "finding" });
    const threeHoursBefore = { start: START, now: new Date(START.getTime() - 180 * 60_000) };
    expect(decide("release", "mate", "assigned", threeHoursBefore)).toEqual({ allowed: true, to: "finding" });
    const justAfter = { start: START, now: new Date(START.getTime() - 179 * 60_000) };
    expect(decide("release", "mate", "assigned", justAfter)).toMatchObject({ allowed: false, code: "too_late" });
    expect(decide("on_the_way", "mate", "assigned", LATE)).toEqual({ allowed: true, to: "on_the_way" });
  });

  it("lets a mate set off, arrive and start only from 2 hours before the start by default", () => {
    const twoHoursBefore = new Date(START.getTime() - 120 * 60_000);
    const justBefore = new Date(twoHoursBefore.getTime() - 1);
    for (const [action, from, to] of [
      ["on_the_way", "assigned", "on_the_way"],
      ["arrive", "on_the_way", "arrived"],
      ["start", "arrived", "in_progress"],
    ] as const) {
      expect(decide(action, "mate", from, { start: START, now: twoHoursBefore })).toEqual({ allowed: true, to });
      expect(decide(action, "mate", from, { start: START, now: START })).toEqual({ allowed: true, to });
      expect(decide(action, "mate", from, { start: START, now: justBefore })).toEqual({
        allowed: false,
        code: "too_early",
        // START is 12:00 PM on Tue 24 Nov in Mumbai: the window opens at 10:00 AM the same day.
        message: "It is too early for this job: you can set off from 10:00 AM, 2 hours before its start.",
      });
    }
  });

  it("opens the set-off window as the setting says, and names the day when it is not today", () => {
    expect(setOffFrom(START)).toEqual(new Date("2026-11-24T04:30:00Z"));
    expect(setOffFrom(START, 45)).toEqual(new Date("2026-11-24T05:45:00Z"));
    const wide = { start: START, setOffWindowMinutes: 45 };
    expect(decide("on_the_way", "mate", "assigned", { ...wide, now: new Date("2026-11-24T05:45:00Z") })).toEqual({
      allowed: true,
      to: "on_the_way",
    });
    // A day early (1:24 AM the day before, as in issue 36): refused, with the day and time it opens.
    expect(decide("on_the_way", "mate", "assigned", { ...wide, now: new Date("2026-11-22T19:54:00Z") })).toEqual({
      allowed: false,
      code: "too_early",
      message: "It is too early for this job: you can set off from Tue, 24 Nov, 11:15 AM, 45 minutes before its start.",
    });
    expect(setOffTimeText(new Date("2026-11-24T00:30:00Z"), new Date("2026-11-23T18:31:00Z"))).toBe("6:00 AM");
    expect(setOffTimeText(new Date("2026-11-24T00:30:00Z"), new Date("2026-11-23T18:29:00Z"))).toBe(
      "Tue, 24 Nov, 6:00 AM",
    );
  });

  it("offers the mate one next step in every state they work in, each a mate action of the table", () => {
    for (const [status, step] of Object.entries(NEXT_STEP)) {
      const rule = JOB_ACTIONS[step.action];
      expect(rule.by).toContain("mate");
      expect(rule.from).toContain(status);
    }
  });
});

describe("a booking's status from its jobs", () => {
  it("is the most advanced active step; completed or cancelled only when every job is", () => {
    expect(bookingStatusOf(["finding"])).toBe("finding");
    expect(bookingStatusOf(["assigned", "finding"])).toBe("finding");
    expect(bookingStatusOf(["assigned", "unassigned"])).toBe("unassigned");
    expect(bookingStatusOf(["assigned", "assigned"])).toBe("assigned");
    expect(bookingStatusOf(["assigned", "on_the_way"])).toBe("on_the_way");
    expect(bookingStatusOf(["on_the_way", "arrived"])).toBe("arrived");
    expect(bookingStatusOf(["arrived", "in_progress"])).toBe("in_progress");
    expect(bookingStatusOf(["completed", "assigned"])).toBe("in_progress");
    expect(bookingStatusOf(["completed", "paid"])).toBe("completed");
    expect(bookingStatusOf(["paid", "cancelled"])).toBe("completed");
    expect(bookingStatusOf(["cancelled", "cancelled"])).toBe("cancelled");
  });
});

describe("the bill and the arrival estimate", () => {
  it("bills a job's booked lines and its approved extras only", () => {
    const items = [
      { service: "plumber", lineTotalRupees: 349 },
      { service: "plumber", lineTotalRupees: 200 },
      { service: "electrician", lineTotalRupees: 999 },
    ];
    const extras = [
      { priceRupees: 150, status: "approved" as const },
      { priceRupees: 500, status: "declined" as const },
      { priceRupees: 70, status: "proposed" as const },
    ];
    expect(jobBillRupees(items, "plumber", extras)).toBe(699);
    expect(jobBillRupees(items, "electrician", [])).toBe(999);
  });

  it("estimates minutes by road in city traffic, at least 5, in steps of 5", () => {
    expect(arrivalMinutes(0)).toBe(5);
    expect(arrivalMinutes(1)).toBe(5);
    expect(arrivalMinutes(6)).toBe(30);
    expect(arrivalMinutes(10)).toBe(45);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CASE_STATUSES,
  CASE_STEPS,
  type CaseStatus,
  type CaseStep,
  firstAnswerDue,
  helpProblems,
  nextCaseStatus,
  nextStepText,
  openCaseSchema,
  resolutionDue,
} from "./help.ts";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe("the case's state machine", () => {
  it("takes each step only from the statuses it names", () => {
    expect(nextCaseStatus("ask", "open")).toBe("waiting");
    expect(nextCaseStatus("reply", "waiting")).toBe("open");
    expect(nextCaseStatus("answer", "waiting")).toBe("waiting");
    expect(nextCaseStatus("resolve", "waiting")).toBe("resolved");
    expect(nextCaseStatus("not_solved", "resolved")).toBe("open");
    expect(nextCaseStatus("solved", "resolved")).toBe("closed");
    expect(nextCaseStatus("close", "resolved")).toBe("closed");
    expect(nextCaseStatus("resolve", "resolved")).toBeNull();
    expect(nextCaseStatus("reply", "resolved")).toBeNull();
    expect(nextCaseStatus("solved", "open")).toBeNull();
    // A money decision resolves the case, once: a decided case is not decided again until reopened.
    expect(nextCaseStatus("decide", "open")).toBe("resolved");
    expect(nextCaseStatus("decide", "resolved")).toBeNull();
    expect(nextCaseStatus("ask_mate", "waiting")).toBe("waiting");
    expect(nextCaseStatus("mate_reply", "open")).toBe("open");
    expect(nextCaseStatus("mate_reply", "closed")).toBeNull();
  });

  it("never leaves a closed case, whatever the steps", () => {
    const steps = Object.keys(CASE_STEPS) as CaseStep[];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...steps), { maxLength: 30 }), (sequence) => {
        let status: CaseStatus = "open";
        let closed = false;
        for (const step of sequence) {
          const next = nextCaseStatus(step, status);
          if (closed) expect(next).toBeNull();
          if (next) status = next;
          if (status === "closed") closed = true;
          expect(CASE_STATUSES).toContain(status);
        }
      }),
    );
  });
});

describe("the desk's clock", () => {
  it("gives two hours for the first answer within service hours", () => {
    // 10:00 AM in Mumbai → 12:00 noon.
    expect(firstAnswerDue(at("2026-11-23T04:30:00Z")).toISOString()).toBe("2026-11-23T06:30:00.000Z");
  });

  it("does not count the night: a case opened at 8:30 PM is due at 7:30 AM", () => {
    expect(firstAnswerDue(at("2026-11-23T15:00:00Z")).toISOString()).toBe("2026-11-24T02:00:00.000Z");
  });

  it("starts counting at 6:00 AM for a case opened in the night", () => {
    // 2:00 AM → 8:00 AM; 11:00 PM → 8:00 AM the next morning.
    expect(firstAnswerDue(at("2026-11-22T20:30:00Z")).toISOString()).toBe("2026-11-23T02:30:00.000Z");
    expect(firstAnswerDue(at("2026-11-23T17:30:00Z")).toISOString()).toBe("2026-11-24T02:30:00.000Z");
  });

  it("gives the resolution 48 hours, day or night", () => {
    const opened = at("2026-11-23T15:00:00Z");
    expect(resolutionDue(opened).getTime() - opened.getTime()).toBe(48 * HOUR);
  });

  it("says when the answer comes, and sends the unsafe to 112 at once", () => {
    const by = at("2026-11-23T06:30:00Z");
    expect(nextStepText("quality", by)).toContain("by Mon, 23 Nov, 12:00 PM");
    expect(nextStepText("safety", by)).toContain("call 112");
  });
});

describe("what a booking offers", () => {
  const start = at("2026-11-24T04:30:00Z");
  it("offers no-show and lateness once the start has passed without the mate", () => {
    expect(helpProblems({ status: "assigned", start }, at("2026-11-24T03:00:00Z"))).toEqual([
      "charge",
      "safety",
      "other",
    ]);
    expect(helpProblems({ status: "assigned", start }, at("2026-11-24T04:50:00Z"))).toEqual([
      "no_show",
      "late",
      "charge",
      "safety",
      "other",
    ]);
  });

  it("offers damage for 72 hours after completion and help for 30 days", () => {
    const completedAt = at("2026-11-24T06:00:00Z");
    const done = { status: "completed", start, completedAt };
    expect(helpProblems(done, new Date(completedAt.getTime() + 71 * HOUR))).toContain("damage");
    expect(helpProblems(done, new Date(completedAt.getTime() + 73 * HOUR))).not.toContain("damage");
    // The claim window is a setting (DAMAGE_WINDOW_HOURS).
    expect(helpProblems(done, new Date(completedAt.getTime() + 73 * HOUR), 96)).toContain("damage");
    expect(helpProblems(done, new Date(completedAt.getTime() + 25 * HOUR), 24)).not.toContain("damage");
    expect(helpProblems(done, new Date(completedAt.getTime() + 29 * 24 * HOUR))).toContain("quality");
    expect(helpProblems(done, new Date(completedAt.getTime() + 31 * 24 * HOUR))).toEqual([]);
  });

  it("offers help for 7 days after cancelling", () => {
    const cancelledAt = at("2026-11-23T06:00:00Z");
    const cancelled = { status: "cancelled", start, cancelledAt };
    expect(helpProblems(cancelled, new Date(cancelledAt.getTime() + 6 * 24 * HOUR))).toEqual([
      "charge",
      "safety",
      "other",
    ]);
    expect(helpProblems(cancelled, new Date(cancelledAt.getTime() + 8 * 24 * HOUR))).toEqual([]);
  });
});

describe("opening a case asks only for what the problem needs", () => {
  const refusal = (input: unknown) => {
    const parsed = openCaseSchema.safeParse(input);
    return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message);
  };
  it("takes a no-show with nothing more", () => {
    expect(refusal({ problem: "no_show" })).toBeUndefined();
  });
  it("wants a description where it needs one", () => {
    expect(refusal({ problem: "quality", description: "  bad " })).toEqual([
      "Tell us what happened, in a sentence or two.",
    ]);
  });
  it("wants the damage's value, from ₹1 to the cover", () => {
    const damage = { problem: "damage", description: "The mirror cracked when it was moved." };
    expect(refusal(damage)).toEqual(["Say what the damaged thing is worth."]);
    expect(refusal({ ...damage, amountRupees: 0 })).toEqual(["The amount must be at least ₹1."]);
    expect(refusal({ ...damage, amountRupees: 10_001 })).toEqual(["Damage is covered up to ₹10,000 per booking."]);
    expect(refusal({ ...damage, amountRupees: 2500 })).toBeUndefined();
  });
  it("takes no amount where none belongs, and no unknown fields", () => {
    expect(refusal({ problem: "late", amountRupees: 100 })).toEqual(["This kind of problem takes no amount."]);
    expect(refusal({ problem: "late", tip: 1 })).toBeDefined();
  });
});

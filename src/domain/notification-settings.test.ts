import { describe, expect, it } from "vitest";
import { NOTIFICATION_SETTING_NAMES, whyYouGetThis } from "./notification-settings.ts";

describe("why a person gets a mail they may turn off", () => {
  it("names rating reminders as a sentence does", () => {
    expect(whyYouGetThis(NOTIFICATION_SETTING_NAMES.ratingPrompts)).toEqual({
      why: "You get this because rating reminders are on in your profile.",
      turnOff: "Turn them off",
    });
  });
  it("gives a singular name its verb, and keeps an acronym's capitals", () => {
    expect(whyYouGetThis({ label: "Weekly digest", plural: false })).toEqual({
      why: "You get this because weekly digest is on in your profile.",
      turnOff: "Turn it off",
    });
    expect(whyYouGetThis({ label: "SMS alerts", plural: true }).why).toBe(
      "You get this because SMS alerts are on in your profile.",
    );
  });
  it("reads as one sentence for every setting", () => {
    for (const name of Object.values(NOTIFICATION_SETTING_NAMES)) {
      const { why } = whyYouGetThis(name);
      expect(why).toMatch(/^You get this because [a-z].* (is|are) on in your profile\.$/);
      expect(why).not.toContain(name.label);
    }
  });
});

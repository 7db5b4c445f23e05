import { describe, expect, it } from "vitest";
import { chatOpen, EMAIL_HIDDEN, maskContacts, PHONE_HIDDEN } from "./chat.ts";

describe("masking contacts in chat", () => {
  it("hides phone numbers as people type them, and e-mail addresses", () => {
    expect(maskContacts("Call me on 98200 12345 please")).toBe(`Call me on ${PHONE_HIDDEN} please`);
    expect(maskContacts("+91-98200-12345")).toBe(PHONE_HIDDEN);
    expect(maskContacts("landline (022) 2890 1234.")).toBe(`landline ${PHONE_HIDDEN}.`);
    expect(maskContacts("9820012345")).toBe(PHONE_HIDDEN);
    expect(maskContacts("mail rohan.m@example.com or call")).toBe(`mail ${EMAIL_HIDDEN} or call`);
  });
  it("leaves times, prices, flat numbers and short codes alone", () => {
    for (const text of ["Reaching at 10:30", "That is ₹1,499", "Flat B-402, wing 3", "Code 1234", "2 taps, 1 drain"]) {
      expect(maskContacts(text)).toBe(text);
    }
  });
});

describe("when a thread is open", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const withMate = [{ status: "assigned", hasMate: true }];
  it("opens at assignment and closes 24 hours after completion, or on cancelling", () => {
    expect(chatOpen({ status: "finding", jobs: [{ status: "finding", hasMate: false }] }, now).open).toBe(false);
    expect(chatOpen({ status: "assigned", jobs: withMate }, now).open).toBe(true);
    const completed = { status: "completed", jobs: [{ status: "paid", hasMate: true }] };
    expect(chatOpen({ ...completed, completedAt: new Date("2026-11-23T12:00:01Z") }, now).open).toBe(true);
    expect(chatOpen({ ...completed, completedAt: new Date("2026-11-23T12:00:00Z") }, now).open).toBe(false);
    expect(chatOpen({ status: "cancelled", jobs: withMate }, now)).toEqual({
      open: false,
      reason: "This booking is cancelled.",
    });
  });
});

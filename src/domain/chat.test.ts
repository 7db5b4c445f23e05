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
  it("replaces only the address or number: the punctuation and spaces around it stay", () => {
    expect(maskContacts("Write to rohan.m@example.com; flat 12B")).toBe(`Write to ${EMAIL_HIDDEN}; flat 12B`);
    expect(maskContacts("rohan@example.com, or call")).toBe(`${EMAIL_HIDDEN}, or call`);
    expect(maskContacts("My mail is rohan@example.co.in.")).toBe(`My mail is ${EMAIL_HIDDEN}.`);
    expect(maskContacts("(rohan@example.com)")).toBe(`(${EMAIL_HIDDEN})`);
    expect(maskContacts("<rohan@example.com>")).toBe(`<${EMAIL_HIDDEN}>`);
    expect(maskContacts('"rohan@example.com"?')).toBe(`"${EMAIL_HIDDEN}"?`);
    expect(maskContacts("Mail:rohan@example.com!")).toBe(`Mail:${EMAIL_HIDDEN}!`);
    expect(maskContacts("Call 98200 12345; flat 12B")).toBe(`Call ${PHONE_HIDDEN}; flat 12B`);
    expect(maskContacts("Call 98200 12345, or mail")).toBe(`Call ${PHONE_HIDDEN}, or mail`);
    expect(maskContacts("My number is +91-98200-12345.")).toBe(`My number is ${PHONE_HIDDEN}.`);
    expect(maskContacts("(9820012345)")).toBe(`(${PHONE_HIDDEN})`);
    expect(maskContacts("(call 98200 12345)")).toBe(`(call ${PHONE_HIDDEN})`);
    expect(maskContacts("Home: (022) 2890 1234!")).toBe(`Home: ${PHONE_HIDDEN}!`);
  });
  it("hides a number whose groups are spread apart by spaces, tabs, dots or dashes", () => {
    for (const number of ["98200   12345", "98200\t12345", "98200 -- 12345", "98200 . 12345", "982 00 123 45"]) {
      expect(maskContacts(`call ${number} now`), number).toBe(`call ${PHONE_HIDDEN} now`);
    }
  });
  it("keeps the lines, and the figures that follow a whole number", () => {
    expect(maskContacts("9820012345\n\n10 am works")).toBe(`${PHONE_HIDDEN}\n\n10 am works`);
    expect(maskContacts("Call 98200 12345 2 taps leak")).toBe(`Call ${PHONE_HIDDEN} 2 taps leak`);
    expect(maskContacts("Call 0 98200 12345 - 10 am")).toBe(`Call ${PHONE_HIDDEN} - 10 am`);
    expect(maskContacts("+91 98200 12345 3 rooms")).toBe(`${PHONE_HIDDEN} 3 rooms`);
    expect(maskContacts("Call 98200  12345 then")).toBe(`Call ${PHONE_HIDDEN} then`);
    expect(maskContacts("a@b.in / 98200 12345")).toBe(`${EMAIL_HIDDEN} / ${PHONE_HIDDEN}`);
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

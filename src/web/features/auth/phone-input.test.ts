import { describe, expect, it } from "vitest";
import { PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";
import type { messages as source } from "./phone/messages/en-IN.ts";
import {
  codeDigits,
  displayNumber,
  isWholeCode,
  minutesAndSeconds,
  nationalDigits,
  phoneNumberError,
} from "./phone-input.ts";

// `?source`: the catalog as written (vite-messages.ts compiles it otherwise).
const en = (
  (await import(`${new URL("./phone/messages/en-IN.ts", import.meta.url).pathname}?source`)) as {
    messages: typeof source;
  }
).messages;

describe("the mobile number field (issue 41: 10 digits starting 6-9, +91 shown fixed)", () => {
  it("takes the number as people type or paste it, and sends the 10 digits alone", () => {
    expect(nationalDigits("98200 12345")).toBe("9820012345");
    expect(nationalDigits("+91 98200-12345")).toBe("9820012345");
    expect(nationalDigits("0091 9820012345")).toBe("9820012345");
    expect(nationalDigits("09820012345")).toBe("9820012345");
    expect(nationalDigits("919820012345")).toBe("9820012345");
  });

  it("refuses at once what is not an Indian mobile number, with the API's own sentence", () => {
    for (const typed of ["982001234", "98200123456", "5820012345", "1234567890", "98200 1234x"]) {
      const key = phoneNumberError(typed);
      expect(key, typed).toBe("invalid_phone_number");
      expect(en[key ?? "numberEmpty"].message).toBe(PHONE_SIGN_IN_ERRORS.invalid_phone_number);
    }
    expect(phoneNumberError("  ")).toBe("numberEmpty");
    for (const typed of ["6000000000", "7999999999", "8888888888", "98200 12345", "+91 9820012345"]) {
      expect(phoneNumberError(typed), typed).toBeUndefined();
    }
  });

  it("shows a number as +91 and two halves of five digits", () => {
    expect(displayNumber("9820012345")).toBe("+91 98200 12345");
  });
});

describe("the code field and the countdown", () => {
  it("keeps the code's digits, six at most", () => {
    expect(codeDigits(" 12 34-56 ")).toBe("123456");
    expect(codeDigits("12345678")).toBe("123456");
    expect(isWholeCode("123456")).toBe(true);
    expect(isWholeCode("12345")).toBe(false);
  });

  it("says minutes and seconds", () => {
    expect(minutesAndSeconds(27)).toBe("0:27");
    expect(minutesAndSeconds(30)).toBe("0:30");
    expect(minutesAndSeconds(65)).toBe("1:05");
    expect(minutesAndSeconds(0.2)).toBe("0:01");
    expect(minutesAndSeconds(-3)).toBe("0:00");
  });
});

import { PHONE_CODE, phoneNumberSchema } from "#domain/phone-sign-in.ts";
import type { PhoneKey } from "./phone/phone-messages.ts";

/**
 * What the mobile number and code fields take (issue 41): the number as the wire wants it (10
 * digits, no +91), checked at once with the server's own rule; the code's digits; the countdown.
 */

/**
 * The 10 digits of what was typed or pasted: spaces and hyphens go, and so does a +91, 0091 or 0
 * in front (the field shows +91 already; people paste their number as their phone writes it).
 */
export function nationalDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) return digits.slice(2);
  if (digits.length === 14 && digits.startsWith("0091")) return digits.slice(4);
  if (digits.length === 11 && digits.startsWith("0")) return digits.slice(1);
  return digits;
}

/** Why a typed number cannot be sent, as a message id; undefined when it can. */
export function phoneNumberError(typed: string): PhoneKey | undefined {
  if (typed.trim() === "") return "numberEmpty";
  return phoneNumberSchema.safeParse(nationalDigits(typed)).success ? undefined : "invalid_phone_number";
}

/** A code as typed: digits only, at most PHONE_CODE.length of them. */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, "").slice(0, PHONE_CODE.length);
}

export const isWholeCode = (code: string): boolean => code.length === PHONE_CODE.length;

/** +91 98200 12345, as people read a number (the two halves of five digits). */
export function displayNumber(phoneNumber: string): string {
  return `+91 ${phoneNumber.slice(0, 5)} ${phoneNumber.slice(5)}`;
}

/** 0:27, 1:05: minutes and seconds, for the countdown and the wait after too many tries. */
export function minutesAndSeconds(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

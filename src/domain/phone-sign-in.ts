import { z } from "zod";

/**
 * Signing in with a mobile number and a code sent by SMS (issue 41), shared by the server and the
 * login popup. The endpoints are Better Auth's phone-number plugin under /api/auth (record 072):
 *
 * - POST /api/auth/phone-number/send-otp `{ phoneNumber }` → `{ message: "code sent" }`
 * - POST /api/auth/phone-number/verify `{ phoneNumber, code }` → `{ status: true, token, user }`:
 *   signs a known number in; a new number makes a customer account (name "" until given) and signs
 *   it in. With `updatePhoneNumber: true` and a session, the number is added to the signed-in account.
 * - A name after the first phone sign-in: the app's own profile route, PATCH /api/me `{ fullName }`.
 *
 * The session's user (GET /api/auth/get-session, GET /api/me) carries `phoneNumber` (string or null)
 * and `phoneNumberVerified` (boolean); `email` is "" for an account made by phone.
 */

/** The rules of a code: 6 digits, valid 5 minutes, 3 wrong tries, a new one not before 30 seconds. */
export const PHONE_CODE = { length: 6, ttlSeconds: 300, maxWrongTries: 3, resendAfterSeconds: 30 } as const;

/** India's country code: the web shows +91 as a fixed prefix; the wire carries the 10 digits alone. */
export const INDIA_DIALLING_CODE = "91";

/** The sentences of the phone sign-in's errors, by the API's error code. */
export const PHONE_SIGN_IN_ERRORS = {
  invalid_phone_number: "Enter a 10-digit Indian mobile number.",
  sms_unavailable: "We could not send the code. Please try again.",
  invalid_otp: "That code is not right. Check the SMS and try again.",
  otp_expired: "This code has expired. Ask for a new one.",
  otp_not_found: "Ask for a code first.",
  too_many_attempts: "Too many wrong tries. Ask for a new code.",
  phone_number_taken: "This number belongs to another account.",
  mate_phone_number:
    "This number belongs to a Mates professional. Mates professionals sign in through the invitation the Mates team sends them by SMS.",
} as const;
export type PhoneSignInErrorCode = keyof typeof PHONE_SIGN_IN_ERRORS;

/** A mobile number on the wire: exactly 10 digits, the first 6 to 9; no +91, no spaces. */
export const phoneNumberSchema = z
  .string({ error: PHONE_SIGN_IN_ERRORS.invalid_phone_number })
  .regex(/^[6-9]\d{9}$/, PHONE_SIGN_IN_ERRORS.invalid_phone_number);

/** A code as typed: exactly PHONE_CODE.length digits. */
export const phoneCodeSchema = z
  .string({ error: PHONE_SIGN_IN_ERRORS.invalid_otp })
  .regex(new RegExp(`^\\d{${PHONE_CODE.length}}$`), PHONE_SIGN_IN_ERRORS.invalid_otp);

/** POST /api/auth/phone-number/send-otp */
export const sendPhoneCodeSchema = z.object({ phoneNumber: phoneNumberSchema }).strict();
export type SendPhoneCode = z.infer<typeof sendPhoneCodeSchema>;

/** POST /api/auth/phone-number/verify */
export const verifyPhoneCodeSchema = z
  .object({ phoneNumber: phoneNumberSchema, code: phoneCodeSchema, updatePhoneNumber: z.boolean().optional() })
  .strict();
export type VerifyPhoneCode = z.infer<typeof verifyPhoneCodeSchema>;

export const sendPhoneCodeResponseSchema = z.object({ message: z.string() });

/** The user as the verify answer and the session carry it (Better Auth's user with our fields). */
export const phoneUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  mobile: z.string().nullable().optional(),
  key: z.string().optional(),
  role: z.string().optional(),
});
export type PhoneUser = z.infer<typeof phoneUserSchema>;

export const verifyPhoneCodeResponseSchema = z.object({
  status: z.literal(true),
  token: z.string().nullable(),
  user: phoneUserSchema,
});

/** The SMS's last line in the Web OTP format, so that Android's Chrome offers the code: `@host #code`. */
export function webOtpLine(host: string, code: string): string {
  return `@${host} #${code}`;
}

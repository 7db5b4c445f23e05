import { z } from "zod";
import { reasonSchema } from "./ops.ts";
import { phoneCodeSchema, phoneNumberSchema } from "./phone-sign-in.ts";
import { NO_NUL } from "./text.ts";

/**
 * Mates invited by SMS (issue 41, record 073). An operator sends a mate a link by SMS to their
 * number (the one on their verified application unless the operator gives another); the link opens
 * `/mate/join?t=<token>`, where the mate asks for a code by SMS to that number and is signed in with
 * it, no password. The link works once and for as long as an e-mail invitation's. From then on the
 * mate signs in with the number like anyone (the phone sign-in); the number is changed only by an
 * operator, audited.
 *
 * - POST /api/ops/mates/:id/sms-invitation `{ phoneNumber? }` → the mate (operators only)
 * - PUT /api/ops/mates/:id/phone-number `{ phoneNumber, reason }` → the mate (operators only)
 * - POST /api/mate-invitations/check `{ token }` → `{ name, phoneNumber }` (the number masked)
 * - POST /api/mate-invitations/send-code `{ token }` → `{ message }` (the phone sign-in's limits)
 * - POST /api/mate-invitations/verify `{ token, code }` → the phone sign-in's answer and session
 */

/** The page the invitation's link opens, and its parameter. */
export const MATE_JOIN = { path: "/mate/join", param: "t" } as const;

/** The link's token: 24 characters of base64url (a DLT variable holds 30 at most). */
export const joinTokenSchema = z
  .string({ error: "The link is not valid." })
  .regex(NO_NUL, "The link is not valid.")
  .regex(/^[\w-]{16,40}$/, "The link is not valid.");

export const smsInvitationSchema = z.object({ phoneNumber: phoneNumberSchema.optional() }).strict();
export type SmsInvitation = z.infer<typeof smsInvitationSchema>;

export const matePhoneNumberSchema = reasonSchema.extend({ phoneNumber: phoneNumberSchema }).strict();
export type MatePhoneNumber = z.infer<typeof matePhoneNumberSchema>;

export const joinCheckSchema = z.object({ token: joinTokenSchema }).strict();
export const joinVerifySchema = z.object({ token: joinTokenSchema, code: phoneCodeSchema }).strict();

export const joinCheckResponseSchema = z.object({
  name: z.string(),
  /** The number the code goes to, all but its last three digits hidden: "+91 ••••• ••210". */
  phoneNumber: z.string(),
});
export type JoinCheck = z.infer<typeof joinCheckResponseSchema>;

export const INVALID_JOIN_LINK = "This invitation link is invalid, used or expired. Ask the Mates team for a new one.";

/** "9820012603" → "+91 ••••• ••603". */
export function maskedNumber(phoneNumber: string): string {
  return `+91 ••••• ••${phoneNumber.slice(-3)}`;
}

/** "9820012603" → "+91 98200 12603", as mates' numbers are shown. */
export function shownNumber(phoneNumber: string): string {
  return `+91 ${phoneNumber.slice(0, 5)} ${phoneNumber.slice(5)}`;
}

/** A shown number ("+91 98200 12603") back to its 10 digits, or undefined. */
export function digitsOfShown(shown: string | null | undefined): string | undefined {
  const digits = (shown ?? "").replace(/\D/g, "").replace(/^91(?=\d{10}$)/, "");
  return phoneNumberSchema.safeParse(digits).success ? digits : undefined;
}

import {
  type PhoneUser,
  sendPhoneCodeResponseSchema,
  type VerifyPhoneCode,
  verifyPhoneCodeResponseSchema,
} from "#domain/phone-sign-in.ts";
import { apiSend } from "#web/lib/api-client.ts";

/**
 * The phone-number calls (Better Auth's phone-number plugin under /api/auth, issue 41). Errors are
 * ApiError with the server's code (`invalid_otp`, `rate_limited` with its Retry-After, …).
 */

/** POST /api/auth/phone-number/send-otp: a code by SMS to the 10-digit number. */
export async function sendPhoneCode(phoneNumber: string, signal?: AbortSignal): Promise<void> {
  await apiSend(
    "POST",
    "/api/auth/phone-number/send-otp",
    { phoneNumber },
    sendPhoneCodeResponseSchema,
    signal ? { signal } : {},
  );
}

/**
 * POST /api/auth/phone-number/verify: signs the number in (a new number makes a customer account)
 * and sets the session cookie; with `updatePhoneNumber`, adds the number to the signed-in account.
 */
export async function verifyPhoneCode(input: VerifyPhoneCode, signal?: AbortSignal): Promise<PhoneUser> {
  const answer = await apiSend(
    "POST",
    "/api/auth/phone-number/verify",
    input,
    verifyPhoneCodeResponseSchema,
    signal ? { signal } : {},
  );
  return answer.user;
}

import { PHONE_SIGN_IN_ERRORS, type PhoneSignInErrorCode } from "#domain/phone-sign-in.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#domain/user.ts";
import type { Auth } from "./auth.ts";

/**
 * Better Auth answers `{ message, code }`; our API answers `{ error: { code, message } }` with a short,
 * human sentence that the popup shows after "Login failed: " and the like.
 */
const friendly: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Log in instead.",
  USER_ALREADY_EXISTS: "An account with this email already exists. Log in instead.",
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN} characters.`,
  PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX} characters.`,
  INVALID_TOKEN: "This reset link is invalid or has expired. Ask for a new one.",
  INVALID_EMAIL: "Please enter a valid email address.",
  MISSING_OR_NULL_ORIGIN: "This request did not come from the Mates app.",
  INVALID_ORIGIN: "This request did not come from the Mates app.",
  FAILED_TO_CREATE_USER: "We could not create your account. Please try again.",
  MOBILE_REQUIRED: "Enter your mobile number.",
  ACCOUNT_DISABLED: "This account is disabled. Please write to the Mates support team.",
};

/**
 * The phone-number plugin's codes (issue 41) under the API's names, with the status when it is not
 * the plugin's: a number on another account is a conflict (409).
 */
const phoneCodes: Record<string, { code: PhoneSignInErrorCode; status?: number }> = {
  INVALID_PHONE_NUMBER: { code: "invalid_phone_number" },
  SMS_UNAVAILABLE: { code: "sms_unavailable" },
  INVALID_OTP: { code: "invalid_otp" },
  OTP_EXPIRED: { code: "otp_expired" },
  OTP_NOT_FOUND: { code: "otp_not_found" },
  TOO_MANY_ATTEMPTS: { code: "too_many_attempts" },
  PHONE_NUMBER_EXIST: { code: "phone_number_taken", status: 409 },
};

/** The API's error and status for one of Better Auth's: its own status unless the code says otherwise. */
export function authErrorOf(status: number, body: { code?: unknown; message?: unknown }) {
  const phone = typeof body.code === "string" ? phoneCodes[body.code] : undefined;
  if (phone) {
    return { status: phone.status ?? status, error: { code: phone.code, message: PHONE_SIGN_IN_ERRORS[phone.code] } };
  }
  return { status, error: translateAuthError(status, body) };
}

export function translateAuthError(status: number, body: { code?: unknown; message?: unknown }) {
  const code = typeof body.code === "string" ? body.code : status === 429 ? "RATE_LIMITED" : "AUTH_ERROR";
  let message = friendly[code];
  if (!message && code === "VALIDATION_ERROR" && typeof body.message === "string") {
    message = /email/i.test(body.message)
      ? "Please enter a valid email address."
      : /mobile/i.test(body.message)
        ? "Enter a 10-digit Indian mobile number."
        : "Please check the details you entered.";
  }
  if (!message && typeof body.message === "string" && body.message.length < 140) message = body.message;
  return { code: code.toLowerCase(), message: message ?? "Something went wrong. Please try again." };
}

/** The error of an answer from Better Auth with no JSON body: a code and a sentence from its status. */
export function bareAuthError(status: number, method: string, path: string) {
  if (status === 404) return { code: "not_found", message: `Nothing at ${method} ${path}.` };
  if (status === 405) return { code: "method_not_allowed", message: `${method} is not allowed at ${path}.` };
  if (status === 429)
    return { code: "rate_limited", message: "Too many attempts. Please wait a few minutes and try again." };
  if (status >= 500) return { code: "internal", message: "Something went wrong on our side. Please try again." };
  return { code: "auth_error", message: "Something went wrong. Please try again." };
}

/**
 * Passes a request to Better Auth and answers its errors in the API's one error shape, whatever it
 * sent: its JSON errors (`{ code, message }`) are translated, and its bare answers (a 404 with no
 * body for a path it has no endpoint for, such as `/api/auth/callback/` or `/api/auth/nope`) get a
 * code and a sentence from their status. The status is kept, but for a number on another account (409).
 */
export async function authAnswer(auth: Auth, request: Request): Promise<Response> {
  const response = await auth.handler(request);
  if (response.status < 400) return response;
  const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
  const { status, error } = isJson
    ? authErrorOf(
        response.status,
        (await response
          .clone()
          .json()
          .catch(() => ({}))) as { code?: unknown; message?: unknown },
      )
    : { status: response.status, error: bareAuthError(response.status, request.method, new URL(request.url).pathname) };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ error }), { status, headers });
}

import { createHmac } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { phoneNumber } from "better-auth/plugins";
import { PHONE_CODE, PHONE_SIGN_IN_ERRORS, phoneNumberSchema } from "#domain/phone-sign-in.ts";
import { type SmsSender, SmsUnavailable } from "#server/sms/sms.ts";

/**
 * Sign-in with a mobile number and a code by SMS (issue 41, record 072), on Better Auth's
 * phone-number plugin: it makes the code, keeps it in `verifications` as `code:tries` with its
 * expiry, counts wrong tries, signs a known number in and makes the account of a new one. What
 * Mates adds: the SMS itself (MSG91 or the outbox), the number's format, an account made by phone
 * with no e-mail address and no name yet, and codes kept hashed (below). Limits: phone-guard.ts.
 */

export const PHONE_CODE_IDENTIFIER = "phone-number-otp-";

/** A code as it is kept: HMAC-SHA256 of the number and the code under the auth secret, in hex. */
export function hashPhoneCode(secret: string, phoneNumber: string, code: string): string {
  return createHmac("sha256", secret).update(`phone-code:${phoneNumber}:${code}`).digest("hex");
}

const plainCode = new RegExp(`^(\\d{${PHONE_CODE.length}}):(\\d+)$`);

/**
 * Codes are never kept in the clear. The plugin stores `${code}:${tries}`; the verification's
 * create hook replaces a plain code by its hash (a wrong try writes the hash back with one more try,
 * which is left alone), and a hook before /phone-number/verify replaces the code sent by its hash,
 * so the plugin's own comparison, expiry and counting of tries work on hashes.
 */
function hashedPhoneCodes(secret: string): BetterAuthPlugin {
  return {
    id: "mates-hashed-phone-codes",
    init: () => ({
      options: {
        databaseHooks: {
          verification: {
            create: {
              before: async (verification) => {
                if (!verification.identifier.startsWith(PHONE_CODE_IDENTIFIER)) return;
                const parts = plainCode.exec(verification.value);
                if (!parts) return;
                const number = verification.identifier.slice(PHONE_CODE_IDENTIFIER.length);
                return {
                  data: { ...verification, value: `${hashPhoneCode(secret, number, parts[1] ?? "")}:${parts[2]}` },
                };
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/phone-number/verify",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { phoneNumber?: unknown; code?: unknown } | undefined;
            if (typeof body?.phoneNumber !== "string" || typeof body.code !== "string") return;
            return { context: { body: { ...body, code: hashPhoneCode(secret, body.phoneNumber, body.code) } } };
          }),
        },
      ],
    },
  };
}

/** The phone-number plugin as Mates uses it, and the hashing of its codes. */
export function phoneSignInPlugins(sms: SmsSender, secret: string): BetterAuthPlugin[] {
  return [
    phoneNumber({
      otpLength: PHONE_CODE.length,
      expiresIn: PHONE_CODE.ttlSeconds,
      allowedAttempts: PHONE_CODE.maxWrongTries,
      phoneNumberValidator: (number) => phoneNumberSchema.safeParse(number).success,
      sendOTP: async ({ phoneNumber: number, code }, ctx) => {
        try {
          await sms.sendCode({ phoneNumber: number, code });
        } catch (error) {
          if (!(error instanceof SmsUnavailable)) throw error;
          // A code nobody received is no code: asking to verify it says "Ask for a code first".
          await ctx?.context.internalAdapter.deleteVerificationByIdentifier(`${PHONE_CODE_IDENTIFIER}${number}`);
          throw new APIError("SERVICE_UNAVAILABLE", {
            code: "SMS_UNAVAILABLE",
            message: PHONE_SIGN_IN_ERRORS.sms_unavailable,
          });
        }
      },
      // A new number makes a customer account: no e-mail address ("") and no name until given.
      signUpOnVerification: { getTempEmail: () => "", getTempName: () => "" },
    }),
    hashedPhoneCodes(secret),
  ];
}

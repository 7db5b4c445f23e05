import { z } from "zod";
import { PHONE_CODE } from "#domain/phone-sign-in.ts";
import { optionalString, url, wholeNumber } from "./config-values.ts";

/**
 * The SMS settings (issue 41, record 072): MSG91's OTP API when SMS_PROVIDER=msg91, else the outbox
 * folder; and the limits on codes. Part of config.ts's environment schema.
 */
export const smsEnv = {
  SMS_PROVIDER: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(["msg91"], { error: "must be msg91, or unset to write each SMS to DATA_DIR/outbox" }).optional(),
  ),
  MSG91_AUTH_KEY: optionalString,
  MSG91_OTP_TEMPLATE_ID: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9]{8,40}$/.test(value),
    "must be the id of the OTP template in MSG91's panel (letters and digits)",
  ),
  MSG91_INVITE_TEMPLATE_ID: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9]{8,40}$/.test(value),
    "must be the id of the mate invitation's template in MSG91's panel (letters and digits)",
  ),
  MSG91_SENDER_ID: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z]{6}$/.test(value),
    "must be the 6-letter DLT sender id (header) the template is registered with",
  ),
  MSG91_API_URL: url(["https:", "http:"], "an HTTP(S) URL").default("https://control.msg91.com"),
  SMS_TIMEOUT_SECONDS: wholeNumber(10, "seconds", { min: 1, max: 60 }),
  SMS_RESEND_AFTER_SECONDS: wholeNumber(PHONE_CODE.resendAfterSeconds, "seconds", { min: 1, max: 3600 }),
  SMS_CODES_PER_NUMBER_PER_HOUR: wholeNumber(5, "codes per hour", { min: 1 }),
  SMS_CODES_PER_ADDRESS_PER_HOUR: wholeNumber(20, "codes per hour", { min: 1 }),
  PHONE_VERIFY_PER_NUMBER_PER_HOUR: wholeNumber(20, "tries per hour", { min: 1 }),
  PHONE_VERIFY_PER_ADDRESS_PER_HOUR: wholeNumber(60, "tries per hour", { min: 1 }),
};

type SmsEnv = z.output<z.ZodObject<typeof smsEnv>>;

/**
 * MSG91: the account's key, the DLT-registered templates (the code's; a mate's invitation's, without
 * which inviting by SMS answers 503) and sender, where the API is.
 */
export type Msg91Config = {
  authKey: string;
  templateId: string;
  inviteTemplateId?: string | undefined;
  senderId: string;
  apiUrl: string;
};

/** The limits on codes by SMS, shared across instances through Redis when it is set. */
export type PhoneLimits = {
  resendAfterSeconds: number;
  codesPerNumberPerHour: number;
  codesPerAddressPerHour: number;
  verifyPerNumberPerHour: number;
  verifyPerAddressPerHour: number;
};

export type SmsSettings = {
  /** undefined: each SMS is written to DATA_DIR/outbox (development, tests, embedded defaults). */
  msg91: Msg91Config | undefined;
  timeoutMs: number;
  limits: PhoneLimits;
};

/** The SMS settings from the parsed environment; a problem is a line for ConfigError, or undefined. */
export function smsSettings(e: SmsEnv): { settings: SmsSettings; problem?: string } {
  const settings: SmsSettings = {
    msg91: undefined,
    timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
    limits: {
      resendAfterSeconds: e.SMS_RESEND_AFTER_SECONDS,
      codesPerNumberPerHour: e.SMS_CODES_PER_NUMBER_PER_HOUR,
      codesPerAddressPerHour: e.SMS_CODES_PER_ADDRESS_PER_HOUR,
      verifyPerNumberPerHour: e.PHONE_VERIFY_PER_NUMBER_PER_HOUR,
      verifyPerAddressPerHour: e.PHONE_VERIFY_PER_ADDRESS_PER_HOUR,
    },
  };
  if (e.SMS_PROVIDER !== "msg91") return { settings };
  const { MSG91_AUTH_KEY: authKey, MSG91_OTP_TEMPLATE_ID: templateId, MSG91_SENDER_ID: senderId } = e;
  if (!authKey || !templateId || !senderId) {
    const missing = !authKey ? "MSG91_AUTH_KEY" : !templateId ? "MSG91_OTP_TEMPLATE_ID" : "MSG91_SENDER_ID";
    return {
      settings,
      problem: `${missing}: SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_OTP_TEMPLATE_ID and MSG91_SENDER_ID`,
    };
  }
  return {
    settings: {
      ...settings,
      msg91: {
        authKey,
        templateId,
        inviteTemplateId: e.MSG91_INVITE_TEMPLATE_ID,
        senderId: senderId.toUpperCase(),
        apiUrl: e.MSG91_API_URL.replace(/\/+$/, ""),
      },
    },
  };
}

import { INDIA_DIALLING_CODE, PHONE_CODE, webOtpLine } from "#domain/phone-sign-in.ts";

/**
 * Texts to mobile numbers (issue 41, record 072). Under TRAI's DLT rules every commercial SMS in
 * India is a template registered with the operators, with variables; the product sends a
 * template's id and its variables, never free text: the sign-in code (MSG91's OTP API) and a mate's
 * invitation (MSG91's Flow API, its own template, record 073).
 */

/** A sign-in code for a 10-digit Indian mobile number. */
export type CodeSms = { phoneNumber: string; code: string };

/**
 * A mate's invitation: the link's token is the template's one variable (a DLT variable holds 30
 * characters at most); the registered text holds the rest of the link. `link` is the whole link, for
 * the outbox's copy of the text.
 */
export type InvitationSms = { phoneNumber: string; token: string; link: string; days: number };

export type SmsSender = {
  /** Sends the code, or throws SmsUnavailable (the provider failed, answered an error or took too long). */
  sendCode: (sms: CodeSms) => Promise<void>;
  /** Sends a mate's invitation, or throws SmsUnavailable. */
  sendInvitation: (sms: InvitationSms) => Promise<void>;
};

/** The provider did not take the SMS: the person is asked to try again (503 sms_unavailable). */
export class SmsUnavailable extends Error {
  override name = "SmsUnavailable";
}

/** The sign-in code's template: its name here and its variables. */
export const CODE_TEMPLATE = "sign-in-code";

/**
 * The sign-in code's SMS as registered with DLT (the outbox writes it out in full; MSG91 fills the
 * registered copy from the variables). Its last line is the Web OTP line, so that Android's Chrome
 * offers the code to the page of `host`.
 */
export function codeSmsText(code: string, host: string): string {
  const minutes = Math.round(PHONE_CODE.ttlSeconds / 60);
  return [
    `${code} is your Mates sign-in code. It is valid for ${minutes} minutes. Do not share it with anyone.`,
    "",
    webOtpLine(host, code),
  ].join("\n");
}

/** A mate's invitation's template: its name here. */
export const INVITATION_TEMPLATE = "mate-invitation";

/** The invitation's SMS as registered with DLT, with the whole link (the outbox writes it out). */
export function invitationSmsText(link: string, days: number): string {
  return `Mates: you are invited to take jobs as a Mates mate. Open ${link} to sign in with this mobile number and a code by SMS. The link works once, for ${days} days.`;
}

/** The number as providers take it: with India's country code, no plus sign. */
export const withCountryCode = (phoneNumber: string) => `${INDIA_DIALLING_CODE}${phoneNumber}`;

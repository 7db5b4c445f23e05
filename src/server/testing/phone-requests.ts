import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { post } from "./requests.ts";
import type { TestApp } from "./test-app.ts";

// Requests to the phone sign-in (issue 41) and the codes the outbox received, for the API tests.

let counter = 0;
/** A 10-digit number no other test of this run uses (first digit 9). */
export const uniqueNumber = () =>
  `9${String((Date.now() % 1_000_000) * 1000 + (++counter % 1000)).padStart(9, "0")}`.slice(0, 10);

export function sendCode(t: Pick<TestApp, "request">, phoneNumber: unknown, headers: Record<string, string> = {}) {
  return t.request("/api/auth/phone-number/send-otp", post({ phoneNumber }, headers));
}

export function verifyCode(
  t: Pick<TestApp, "request">,
  body: { phoneNumber: unknown; code: unknown; updatePhoneNumber?: boolean },
  headers: Record<string, string> = {},
) {
  return t.request("/api/auth/phone-number/verify", post(body, headers));
}

/** The SMS files the outbox holds for a number, oldest first, as the contract shapes them. */
export function outboxSms(dataDir: string, phoneNumber: string) {
  const folder = join(dataDir, "outbox");
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(`-sms-${phoneNumber}.json`))
    .sort()
    .map(
      (name) =>
        JSON.parse(readFileSync(join(folder, name), "utf8")) as {
          to: string;
          template: string;
          variables: Record<string, string>;
          text: string;
        },
    );
}

/** The last code the outbox received for a number. */
export function lastCode(t: Pick<TestApp, "config">, phoneNumber: string): string {
  const code = outboxSms(t.config.dataDir, phoneNumber).at(-1)?.variables.otp;
  if (!code) throw new Error(`no SMS to ${phoneNumber} in the outbox`);
  return code;
}

/** A code other than `code`, of the same length. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The link of the last SMS invitation the outbox received for a number, and its token. */
export function lastInvitation(t: Pick<TestApp, "config">, phoneNumber: string) {
  const sms = outboxSms(t.config.dataDir, phoneNumber).findLast((sent) => sent.template === "mate-invitation");
  const link = sms?.text.match(/https?:\/\/\S+/)?.[0];
  if (!sms?.variables.token || !link) throw new Error(`no invitation SMS to ${phoneNumber} in the outbox`);
  return { token: sms.variables.token, link, text: sms.text };
}

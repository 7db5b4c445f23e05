import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, expect } from "@playwright/test";
import { PHONE_CODE } from "#domain/phone-sign-in.ts";
import { clientAddress } from "./auth.ts";
import { E2E } from "./e2e-env.ts";

/**
 * The SMS the e2e server sends (issue 41): without SMS_PROVIDER each one is a file
 * `<timestamp>-sms-<number>.json` in DATA_DIR/outbox, `{ to, template, variables: { otp }, text }`,
 * as the person's phone would receive it.
 */
const outbox = fileURLToPath(new URL(`../../../${E2E.dataDir}/outbox/`, import.meta.url));

type Sms = { to: string; variables: { otp: string }; text: string };

/** The outbox's files of the SMS sent to a 10-digit number, oldest first. */
async function filesTo(phoneNumber: string): Promise<string[]> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  return files
    .filter((file) => file.endsWith(`-sms-${phoneNumber}.json`))
    .sort()
    .map((file) => join(outbox, file));
}

/** Every SMS sent to a 10-digit number so far, oldest first. */
export async function smsTo(phoneNumber: string): Promise<Sms[]> {
  const files = await filesTo(phoneNumber);
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(file, "utf8")) as Sms));
}

/**
 * Waits until the number may have a new code: the server refuses one sooner than 30 seconds after
 * the last (PHONE_CODE.resendAfterSeconds), as a person would find by waiting for the countdown.
 */
export async function untilNewCodeAllowed(phoneNumber: string): Promise<void> {
  const last = (await filesTo(phoneNumber)).at(-1);
  if (!last) return;
  const wait = (await stat(last)).mtimeMs + (PHONE_CODE.resendAfterSeconds + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Waits for an SMS to the number beyond the `seen` first ones, and answers its code. */
export async function nextSmsCode(phoneNumber: string, seen: number): Promise<string> {
  await expect
    .poll(async () => (await smsTo(phoneNumber)).length, { message: `a new SMS to ${phoneNumber}` })
    .toBeGreaterThan(seen);
  const sms = (await smsTo(phoneNumber)).at(-1);
  if (!sms) throw new Error(`no SMS to ${phoneNumber}`);
  // The Web OTP line, so that Android's Chrome offers the code: the SMS's last line is `@host #code`.
  expect(sms.text.split("\n").at(-1)).toBe(`@${new URL(E2E.origin).hostname} #${sms.variables.otp}`);
  return sms.variables.otp;
}

/** A mobile number nobody has used yet: 10 digits starting with 7, 8 or 9. */
export function uniquePhoneNumber(): string {
  const first = String(7 + Math.floor(Math.random() * 3));
  return `${first}${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

/** +91 98200 12345, as the screens show a number. */
export const shownNumber = (phoneNumber: string) => `+91 ${phoneNumber.slice(0, 5)} ${phoneNumber.slice(5)}`;

/**
 * Makes an account of a number through the API, as another person's phone would (the `request`
 * fixture: this test's browser stays signed out).
 */
export async function signUpByPhoneThroughApi(request: APIRequestContext, phoneNumber: string): Promise<void> {
  const headers = { origin: E2E.origin, ...clientAddress() };
  const seen = (await smsTo(phoneNumber)).length;
  const sent = await request.post("/api/auth/phone-number/send-otp", { data: { phoneNumber }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await nextSmsCode(phoneNumber, seen);
  const verified = await request.post("/api/auth/phone-number/verify", { data: { phoneNumber, code }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
}

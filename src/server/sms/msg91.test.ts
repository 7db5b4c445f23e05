import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";
import { startFakeMsg91 } from "#testing/fake-msg91.ts";
import { outboxSms, sendCode, uniqueNumber, verifyCode } from "#testing/phone-requests.ts";
import { errorOf } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { msg91Sender } from "./msg91.ts";
import { outboxSender } from "./outbox.ts";

/** A logger whose lines are kept, to read what was logged. */
function keptLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe("codes by SMS through MSG91's OTP API (the local stand-in)", () => {
  let msg91: Awaited<ReturnType<typeof startFakeMsg91>>;
  let t: TestApp;
  beforeAll(async () => {
    msg91 = await startFakeMsg91();
    t = await createTestApp({ env: { ...msg91.env(), SMS_TIMEOUT_SECONDS: "1" }, limitStore: {} });
  });
  afterAll(async () => {
    await t.close();
    await msg91.close();
  });

  it("sends the template's id and variables only, with the authkey and the number with 91", async () => {
    const phoneNumber = uniqueNumber();
    expect((await sendCode(t, phoneNumber)).status).toBe(200);
    const sent = msg91.requests.at(-1);
    expect(sent).toMatchObject({
      authkey: msg91.env().MSG91_AUTH_KEY,
      templateId: msg91.env().MSG91_OTP_TEMPLATE_ID,
      mobile: `91${phoneNumber}`,
      sender: "MATESI",
    });
    expect(sent?.otp).toMatch(/^\d{6}$/);
    expect(Object.keys(sent?.query ?? {}).sort()).toEqual([
      "mobile",
      "otp",
      "otp_expiry",
      "otp_length",
      "sender",
      "template_id",
    ]);
    expect(outboxSms(t.config.dataDir, phoneNumber)).toEqual([]);
    const signedIn = await verifyCode(t, { phoneNumber, code: msg91.lastCode(phoneNumber) });
    expect(signedIn.status).toBe(200);
  });

  it("answers 503 when MSG91 answers an error body, and lets the person ask again at once", async () => {
    const phoneNumber = uniqueNumber();
    msg91.setMode("fail");
    const failed = await sendCode(t, phoneNumber);
    msg91.setMode("ok");
    expect(failed.status).toBe(503);
    expect(await errorOf(failed)).toEqual({ code: "sms_unavailable", message: PHONE_SIGN_IN_ERRORS.sms_unavailable });
    // The code nobody received is gone.
    const stale = await verifyCode(t, { phoneNumber, code: msg91.lastCode(phoneNumber) });
    expect((await errorOf(stale)).code).toBe("otp_not_found");
    expect((await sendCode(t, phoneNumber)).status).toBe(200);
  });

  it("answers 503 when MSG91 does not answer within the timeout", async () => {
    msg91.setMode("hang");
    const started = Date.now();
    const failed = await sendCode(t, uniqueNumber());
    msg91.setMode("ok");
    expect(failed.status).toBe(503);
    expect((await errorOf(failed)).code).toBe("sms_unavailable");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("sends a mate's invitation through the Flow API: its template, the number with 91, the token only", async () => {
    const { logger, lines } = keptLogger();
    const sender = msg91Sender(
      {
        authKey: msg91.env().MSG91_AUTH_KEY,
        templateId: msg91.env().MSG91_OTP_TEMPLATE_ID,
        inviteTemplateId: msg91.env().MSG91_INVITE_TEMPLATE_ID,
        senderId: "MATESI",
        apiUrl: msg91.url,
      },
      1000,
      logger,
    );
    const token = "AbCdEfGhIjKlMnOpQrStUvWx";
    await sender.sendInvitation({
      phoneNumber: "9820012345",
      token,
      link: `https://mates.in/mate/join?t=${token}`,
      days: 7,
    });
    expect(msg91.flows.at(-1)).toEqual({
      mobile: "919820012345",
      templateId: msg91.env().MSG91_INVITE_TEMPLATE_ID,
      variables: { token },
    });
    expect(lines.join("")).not.toContain(token);
    msg91.setMode("fail");
    await expect(
      sender.sendInvitation({ phoneNumber: "9820012345", token, link: "https://mates.in/", days: 7 }),
    ).rejects.toThrow(/Insufficient balance/);
    msg91.setMode("ok");
    const unset = msg91Sender({ authKey: "k", templateId: "t", senderId: "MATESI", apiUrl: msg91.url }, 1000, logger);
    await expect(unset.sendInvitation({ phoneNumber: "9820012345", token, link: "x", days: 7 })).rejects.toThrow(
      /MSG91_INVITE_TEMPLATE_ID/,
    );
  });

  it("refuses a wrong authkey or template, and logs MSG91's message but never the code", async () => {
    const { logger, lines } = keptLogger();
    const sender = msg91Sender(
      { authKey: "not-the-key", templateId: msg91.env().MSG91_OTP_TEMPLATE_ID, senderId: "MATESI", apiUrl: msg91.url },
      1000,
      logger,
    );
    await expect(sender.sendCode({ phoneNumber: "9820012345", code: "482913" })).rejects.toThrow(/401/);
    expect(lines.join("")).toContain("invalid authkey");
    expect(lines.join("")).not.toContain("482913");
  });
});

describe("codes by SMS in the outbox", () => {
  it("writes the contract's file and logs the code outside production only", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-sms-"));
    const development = keptLogger();
    await outboxSender({ dataDir, host: "mates.in", logCodes: true, logger: development.logger }).sendCode({
      phoneNumber: "9820012345",
      code: "104729",
    });
    expect(outboxSms(dataDir, "9820012345")).toEqual([
      {
        to: "919820012345",
        template: "sign-in-code",
        variables: { otp: "104729" },
        text: "104729 is your Mates sign-in code. It is valid for 5 minutes. Do not share it with anyone.\n\n@mates.in #104729",
      },
    ]);
    expect(development.lines.join("")).toContain('"code":"104729"');

    const production = keptLogger();
    await outboxSender({ dataDir, host: "mates.in", logCodes: false, logger: production.logger }).sendCode({
      phoneNumber: "9820012346",
      code: "558201",
    });
    expect(production.lines).toHaveLength(1);
    expect(production.lines.join("")).not.toContain("558201");
  });

  it("writes a mate's invitation with its one variable and the whole text", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-sms-"));
    const { logger } = keptLogger();
    const link = "https://mates.in/mate/join?t=AbCdEfGhIjKlMnOpQrStUvWx";
    await outboxSender({ dataDir, host: "mates.in", logCodes: false, logger }).sendInvitation({
      phoneNumber: "9820012345",
      token: "AbCdEfGhIjKlMnOpQrStUvWx",
      link,
      days: 7,
    });
    expect(outboxSms(dataDir, "9820012345")).toEqual([
      {
        to: "919820012345",
        template: "mate-invitation",
        variables: { token: "AbCdEfGhIjKlMnOpQrStUvWx" },
        text: `Mates: you are invited to take jobs as a Mates mate. Open ${link} to sign in with this mobile number and a code by SMS. The link works once, for 7 days.`,
      },
    ]);
  });
});

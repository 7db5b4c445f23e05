import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PHONE_CODE, PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";
import { lastCode, sendCode, uniqueNumber, verifyCode, wrongCode } from "#testing/phone-requests.ts";
import { errorOf } from "#testing/requests.ts";
import { createTestApp, type TestApp, testRedisClient } from "#testing/test-app.ts";

/** The clock moves on past the wait before a new code (the limits are in memory here, and read Date). */
const pastTheResendWait = () => vi.setSystemTime(Date.now() + (PHONE_CODE.resendAfterSeconds + 1) * 1000);

let addresses = 0;
/** A client address of its own for each test, seen through the one trusted proxy. */
const fromAddress = () => ({ "x-forwarded-for": `203.0.113.${++addresses}` });

/** Issue 41: the limits on codes by SMS, with the default settings. */
describe("phone sign-in limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    t = await createTestApp({ env: { TRUST_PROXY: "loopback" }, limitStore: {} });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it("refuses a new code before 30 seconds, saying when, and takes it after", async () => {
    const phoneNumber = uniqueNumber();
    const from = fromAddress();
    expect((await sendCode(t, phoneNumber, from)).status).toBe(200);
    const early = await sendCode(t, phoneNumber, from);
    expect(early.status).toBe(429);
    const wait = Number(early.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(PHONE_CODE.resendAfterSeconds);
    expect(await errorOf(early)).toEqual({
      code: "rate_limited",
      message: `You can ask for a new code in ${wait} second${wait === 1 ? "" : "s"}.`,
    });
    pastTheResendWait();
    expect((await sendCode(t, phoneNumber, from)).status).toBe(200);
  });

  it("sends at most 5 codes to a number an hour", async () => {
    const phoneNumber = uniqueNumber();
    const from = fromAddress();
    for (let i = 0; i < 5; i++) {
      pastTheResendWait();
      expect((await sendCode(t, phoneNumber, from)).status).toBe(200);
    }
    pastTheResendWait();
    const sixth = await sendCode(t, phoneNumber, from);
    expect(sixth.status).toBe(429);
    expect((await errorOf(sixth)).message).toMatch(
      /^Too many codes for this number\. Please try again in \d+ minutes\.$/,
    );
  });

  it("sends at most 20 codes an hour for one client address, whatever the numbers", async () => {
    const from = fromAddress();
    for (let i = 0; i < 20; i++) expect((await sendCode(t, uniqueNumber(), from)).status).toBe(200);
    const refused = await sendCode(t, uniqueNumber(), from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect((await sendCode(t, uniqueNumber(), fromAddress())).status).toBe(200);
  });

  it("finds nothing in 1,000 guesses against one number, and ends with the number locked", async () => {
    const phoneNumber = uniqueNumber();
    let from = fromAddress();
    await sendCode(t, phoneNumber, from);
    let guess = wrongCode(lastCode(t, phoneNumber));
    const statuses = new Map<number, number>();
    // Guesses from many addresses, a new code asked for whenever the last one is used up: none signs in.
    for (let i = 0; i < 1000; i++) {
      if (i % 50 === 0) from = fromAddress();
      const response = await verifyCode(t, { phoneNumber, code: guess }, from);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 403 || (response.status === 400 && (await errorOf(response)).code === "otp_not_found")) {
        pastTheResendWait();
        if ((await sendCode(t, phoneNumber, from)).status === 200) guess = wrongCode(lastCode(t, phoneNumber));
      }
    }
    expect(statuses.get(200)).toBeUndefined();
    // At most 5 codes an hour, each dead after 3 wrong tries: the number is locked until the hour is out.
    pastTheResendWait();
    const locked = await sendCode(t, phoneNumber, fromAddress());
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).message).toMatch(/^Too many codes for this number\./);
    vi.setSystemTime(Date.now() + 3601 * 1000);
    from = fromAddress();
    await sendCode(t, phoneNumber, from);
    expect((await verifyCode(t, { phoneNumber, code: lastCode(t, phoneNumber) }, from)).status).toBe(200);
  });

  it("spends no number's codes for an address out of codes", async () => {
    const attacker = fromAddress();
    for (let i = 0; i < 20; i++) expect((await sendCode(t, uniqueNumber(), attacker)).status).toBe(200);
    const victim = uniqueNumber();
    for (let i = 0; i < 5; i++) {
      pastTheResendWait();
      expect((await sendCode(t, victim, attacker)).status).toBe(429);
    }
    const owner = fromAddress();
    for (let i = 0; i < 5; i++) {
      pastTheResendWait();
      expect((await sendCode(t, victim, owner)).status).toBe(200);
    }
  });

  it("counts a try against a number only while a code waits for it, and at most 60 tries an address", async () => {
    const phoneNumber = uniqueNumber();
    for (let i = 0; i < 25; i++) {
      const response = await verifyCode(t, { phoneNumber, code: "123456" }, fromAddress());
      expect(await errorOf(response)).toEqual({ code: "otp_not_found", message: PHONE_SIGN_IN_ERRORS.otp_not_found });
    }
    const from = fromAddress();
    await sendCode(t, phoneNumber, from);
    expect((await verifyCode(t, { phoneNumber, code: lastCode(t, phoneNumber) }, from)).status).toBe(200);

    const busy = fromAddress();
    for (let i = 0; i < 60; i++) {
      expect((await verifyCode(t, { phoneNumber: uniqueNumber(), code: "123456" }, busy)).status).toBe(400);
    }
    const refused = await verifyCode(t, { phoneNumber: uniqueNumber(), code: "123456" }, busy);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toMatch(/^Too many tries from your network\./);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("phone sign-in limits on two instances sharing one database and Redis", () => {
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    redis = await testRedisClient(redisUrl as string);
    const limitStore = { redis, prefix: `mates:test:${randomBytes(6).toString("hex")}:rl:` };
    const env = { TRUST_PROXY: "loopback", SMS_CODES_PER_ADDRESS_PER_HOUR: "4", PHONE_VERIFY_PER_NUMBER_PER_HOUR: "3" };
    first = await createTestApp({ env, limitStore });
    second = await createTestApp({ env, limitStore, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    redis.disconnect();
  });

  it("counts the wait before a new code, the codes per address and the tries per number across both", async () => {
    const phoneNumber = uniqueNumber();
    const from = fromAddress();
    expect((await sendCode(first, phoneNumber, from)).status).toBe(200);
    expect((await sendCode(second, phoneNumber, from)).status).toBe(429);

    for (const app of [second, first, second]) expect((await sendCode(app, uniqueNumber(), from)).status).toBe(200);
    expect((await sendCode(first, uniqueNumber(), from)).status).toBe(429);

    // A code sent by one instance is verified by the other; the tries count on both.
    const code = lastCode(first, phoneNumber);
    for (const app of [second, first, second]) {
      expect((await verifyCode(app, { phoneNumber, code: wrongCode(code) }, from)).status).toBe(400);
    }
    expect((await verifyCode(first, { phoneNumber, code }, from)).status).toBe(429);
  });
});

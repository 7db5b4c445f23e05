import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PHONE_CODE, PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";
import { meResponseSchema } from "#domain/user.ts";
import { keyMonth } from "#domain/user-key.ts";
import { sessionCookie, signUp, uniqueEmail } from "#testing/auth-requests.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { lastCode, outboxSms, sendCode, uniqueNumber, verifyCode, wrongCode } from "#testing/phone-requests.ts";
import { errorOf, post } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { hashPhoneCode, PHONE_CODE_IDENTIFIER } from "./phone-sign-in.ts";
import { users, verifications } from "./schema.ts";

/** The clock moves on past the wait before a new code (limits and expiry read Date; limits here in memory). */
const pastTheResendWait = () => vi.setSystemTime(Date.now() + (PHONE_CODE.resendAfterSeconds + 1) * 1000);

/**
 * Issue 41: signing in with a mobile number and a code by SMS (the outbox plays the SMS here). The
 * limits are in memory here, where a moved clock reaches them; phone-limits.test.ts tests them on Redis.
 */
describe("phone sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    t = await createTestApp({ limitStore: {} });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  /** Sends a code and signs in with it: the answer, its cookie and the user. */
  async function signInByPhone(phoneNumber: string) {
    pastTheResendWait();
    expect((await sendCode(t, phoneNumber)).status).toBe(200);
    const response = await verifyCode(t, { phoneNumber, code: lastCode(t, phoneNumber) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: Record<string, unknown> };
    return { cookie: sessionCookie(response), body };
  }

  it("takes exactly 10 digits starting 6 to 9, and nothing else", async () => {
    for (const bad of ["5812345678", "98200 12345", "+919820012345", "982001234", "98200123456", 9820012345, ""]) {
      const response = await sendCode(t, bad);
      expect(response.status, String(bad)).toBe(400);
      expect(await errorOf(response)).toEqual({
        code: "invalid_phone_number",
        message: PHONE_SIGN_IN_ERRORS.invalid_phone_number,
      });
    }
    const extra = await t.request(
      "/api/auth/phone-number/send-otp",
      post({ phoneNumber: uniqueNumber(), message: "free text" }),
    );
    expect(extra.status).toBe(400);
    const badCode = await verifyCode(t, { phoneNumber: uniqueNumber(), code: "12ab56" });
    expect(await errorOf(badCode)).toEqual({ code: "invalid_otp", message: PHONE_SIGN_IN_ERRORS.invalid_otp });
    // The plugin's password routes are not offered.
    expect((await t.request("/api/auth/sign-in/phone-number", post({ phoneNumber: "9820012345" }))).status).toBe(404);
  });

  it("makes a customer account for a new number: no e-mail, no name, the number as mobile, the key rule", async () => {
    const phoneNumber = uniqueNumber();
    const sent = await sendCode(t, phoneNumber);
    expect(await sent.json()).toEqual({ message: "code sent" });
    const [sms] = outboxSms(t.config.dataDir, phoneNumber);
    expect(sms).toMatchObject({ to: `91${phoneNumber}`, template: "sign-in-code" });
    expect(sms?.variables.otp).toMatch(/^\d{6}$/);
    expect(sms?.text.split("\n").at(-1)).toBe(`@localhost #${sms?.variables.otp}`);

    const { cookie, body } = await signInByPhone(phoneNumber);
    expect(body.user).toMatchObject({ email: "", name: "", phoneNumber, phoneNumberVerified: true, role: "customer" });
    expect(JSON.stringify(body)).not.toContain(sms?.variables.otp);
    const me = meResponseSchema.parse(await (await t.request("/api/me", { headers: { cookie } })).json());
    expect(me.user).toMatchObject({
      uid: expect.stringMatching(new RegExp(`^user${keyMonth(new Date())}(-\\d+)?$`)),
      fullName: "",
      email: "",
      mobile: phoneNumber,
      photoURL: null,
      role: "customer",
      phoneNumber,
      phoneNumberVerified: true,
    });
    const session = (await (await t.request("/api/auth/get-session", { headers: { cookie } })).json()) as {
      user: Record<string, unknown>;
    };
    expect(session.user).toMatchObject({ email: "", phoneNumber, phoneNumberVerified: true });
    // The name is given afterwards through the profile's own route.
    const named = await t.request("/api/me", {
      method: "PATCH",
      body: JSON.stringify({ fullName: "Kavita Rao" }),
      headers: { cookie },
    });
    expect(meResponseSchema.parse(await named.json()).user.fullName).toBe("Kavita Rao");
  });

  it("signs a known number in to the same account, and two phone-only accounts coexist with empty e-mail", async () => {
    const phoneNumber = uniqueNumber();
    const first = await signInByPhone(phoneNumber);
    const again = await signInByPhone(phoneNumber);
    expect(again.body.user.id).toBe(first.body.user.id);
    const other = await signInByPhone(uniqueNumber());
    expect(other.body.user.id).not.toBe(first.body.user.id);
    expect(
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phoneNumber)),
    ).toHaveLength(1);
  });

  it("says a wrong code is wrong and an expired one expired, and ends a code after 3 wrong tries", async () => {
    const phoneNumber = uniqueNumber();
    await sendCode(t, phoneNumber);
    const code = lastCode(t, phoneNumber);
    const wrong = await verifyCode(t, { phoneNumber, code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual({ code: "invalid_otp", message: PHONE_SIGN_IN_ERRORS.invalid_otp });

    vi.setSystemTime(Date.now() + (PHONE_CODE.ttlSeconds + 1) * 1000);
    const expired = await verifyCode(t, { phoneNumber, code });
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toEqual({ code: "otp_expired", message: PHONE_SIGN_IN_ERRORS.otp_expired });
    const gone = await verifyCode(t, { phoneNumber, code });
    expect(await errorOf(gone)).toEqual({ code: "otp_not_found", message: PHONE_SIGN_IN_ERRORS.otp_not_found });

    const next = uniqueNumber();
    await sendCode(t, next);
    const right = lastCode(t, next);
    for (let i = 0; i < PHONE_CODE.maxWrongTries; i++) {
      expect((await verifyCode(t, { phoneNumber: next, code: wrongCode(right) })).status).toBe(400);
    }
    const locked = await verifyCode(t, { phoneNumber: next, code: right });
    expect(locked.status).toBe(403);
    expect(await errorOf(locked)).toEqual({
      code: "too_many_attempts",
      message: PHONE_SIGN_IN_ERRORS.too_many_attempts,
    });
    expect((await verifyCode(t, { phoneNumber: next, code: right })).status).toBe(400);
  });

  it("keeps codes hashed at rest, with the tries beside them", async () => {
    const phoneNumber = uniqueNumber();
    await sendCode(t, phoneNumber);
    const code = lastCode(t, phoneNumber);
    const stored = () =>
      t.database.db
        .select({ value: verifications.value })
        .from(verifications)
        .where(like(verifications.identifier, `${PHONE_CODE_IDENTIFIER}${phoneNumber}`));
    const hash = hashPhoneCode("test-secret-that-is-at-least-32-characters-long", phoneNumber, code);
    expect(await stored()).toEqual([{ value: `${hash}:0` }]);
    expect(JSON.stringify(await stored())).not.toContain(code);
    await verifyCode(t, { phoneNumber, code: wrongCode(code) });
    expect(await stored()).toEqual([{ value: `${hash}:1` }]);
    expect((await verifyCode(t, { phoneNumber, code })).status).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it("adds a number to an e-mail account, and never puts one number on two accounts", async () => {
    const response = await signUp(t, {
      name: "Meera Iyer",
      email: uniqueEmail("meera"),
      password: "filter-coffee",
      mobile: "9820012345",
    });
    const cookie = sessionCookie(response);
    const phoneNumber = uniqueNumber();
    await sendCode(t, phoneNumber);
    const added = await verifyCode(
      t,
      { phoneNumber, code: lastCode(t, phoneNumber), updatePhoneNumber: true },
      { cookie },
    );
    expect(added.status).toBe(200);
    const me = meResponseSchema.parse(await (await t.request("/api/me", { headers: { cookie } })).json());
    expect(me.user).toMatchObject({ phoneNumber, phoneNumberVerified: true, mobile: "9820012345" });
    // Signing in by phone now reaches the same account.
    const byPhone = await signInByPhone(phoneNumber);
    expect(byPhone.body.user.email).toBe(me.user.email);

    // Another account cannot take it.
    const taken = await signInByPhone(uniqueNumber());
    pastTheResendWait();
    await sendCode(t, phoneNumber);
    const refused = await verifyCode(
      t,
      { phoneNumber, code: lastCode(t, phoneNumber), updatePhoneNumber: true },
      { cookie: taken.cookie },
    );
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: "phone_number_taken",
      message: PHONE_SIGN_IN_ERRORS.phone_number_taken,
    });
  });

  it("refuses a disabled account by phone as by e-mail", async () => {
    const phoneNumber = uniqueNumber();
    const { body } = await signInByPhone(phoneNumber);
    const operator = await signInAsOperator(t);
    const disabled = await operator.request(`/api/ops/customers/${body.user.id}/disable`, post({ reason: "Fraud" }));
    expect(disabled.status).toBe(200);
    pastTheResendWait();
    await sendCode(t, phoneNumber);
    const refused = await verifyCode(t, { phoneNumber, code: lastCode(t, phoneNumber) });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("account_disabled");
  });
});

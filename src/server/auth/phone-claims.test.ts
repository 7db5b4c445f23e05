import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PHONE_CODE, PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";
import { applications } from "#server/applications/schema.ts";
import { mates } from "#server/mates/schema.ts";
import { sessionCookie, signUp, uniqueEmail } from "#testing/auth-requests.ts";
import { signInAsMate } from "#testing/mates.ts";
import { outboxSms, sendCode, uniqueNumber, verifyCode } from "#testing/phone-requests.ts";
import { errorOf, post } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { users } from "./schema.ts";

/** The clock moves on past the wait before a new code to the same number. */
const nextCodeAllowed = () => vi.setSystemTime(Date.now() + (PHONE_CODE.resendAfterSeconds + 1) * 1000);

let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  t = await createTestApp({ limitStore: {} });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/**
 * Issue 41: a number is an account's only through a code sent to it (never a field of another
 * route), and a mate's number is theirs before they are invited by SMS. Seeded mates 005
 * (+91 98200 10685, given an e-mail account here) and 006 (+91 98200 10822, no account).
 */
describe("who may claim a number", () => {
  const refusedField = { code: "validation_error", message: "A mobile number is added only by the code sent to it." };
  const customer = () => ({
    name: "Asha Kulkarni",
    email: uniqueEmail("asha"),
    password: "monsoon-chai",
    mobile: "9820099999",
  });

  it("refuses a phone field at e-mail sign-up, as JSON or as a form, and makes no account", async () => {
    for (const extra of [{ phoneNumber: uniqueNumber() }, { phoneNumberVerified: true }]) {
      const body = { ...customer(), ...extra };
      const response = await signUp(t, body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual(refusedField);
      expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    }
    const form = { ...customer(), phoneNumber: uniqueNumber() };
    const asForm = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    expect(asForm.status).toBe(400);
    expect(await errorOf(asForm)).toEqual(refusedField);
    expect(await t.database.db.select().from(users).where(eq(users.email, form.email))).toEqual([]);
  });

  it("refuses a phone field, null or a number, at update-user, and the number stays as it was", async () => {
    const response = await signUp(t, customer());
    const cookie = sessionCookie(response);
    const { id } = ((await response.json()) as { user: { id: string } }).user;
    for (const phoneNumber of [null, uniqueNumber()]) {
      const refused = await t.request("/api/auth/update-user", post({ name: "Asha K", phoneNumber }, { cookie }));
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toEqual(refusedField);
    }
    const nested = await t.request("/api/auth/update-user", post({ name: "Asha K", x: { phoneNumberVerified: true } }));
    expect(nested.status).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ name: "Asha Kulkarni", phoneNumber: null, phoneNumberVerified: false });
  });

  it("refuses a mate's number to a stranger, in the same words whether or not the mate has an account", async () => {
    await signInAsMate(t, "mate-005");
    const mateRefusal = { code: "mate_phone_number", message: PHONE_SIGN_IN_ERRORS.mate_phone_number };
    for (const phoneNumber of ["9820010685", "9820010822"]) {
      nextCodeAllowed();
      const sent = await sendCode(t, phoneNumber);
      expect(sent.status, phoneNumber).toBe(403);
      expect(await errorOf(sent)).toEqual(mateRefusal);
      expect(outboxSms(t.config.dataDir, phoneNumber)).toEqual([]);
      const verified = await verifyCode(t, { phoneNumber, code: "123456" });
      expect(verified.status).toBe(403);
      expect(await errorOf(verified)).toEqual(mateRefusal);
    }
    expect(await t.database.db.select().from(users).where(eq(users.phoneNumber, "9820010822"))).toEqual([]);
  });

  it("tells a customer adding a mate's number that it is taken", async () => {
    const cookie = sessionCookie(await signUp(t, customer()));
    nextCodeAllowed();
    const sent = await sendCode(t, "9820010822", { cookie });
    expect(sent.status).toBe(409);
    expect(await errorOf(sent)).toEqual({
      code: "phone_number_taken",
      message: PHONE_SIGN_IN_ERRORS.phone_number_taken,
    });
    const added = await verifyCode(
      t,
      { phoneNumber: "9820010822", code: "123456", updatePhoneNumber: true },
      { cookie },
    );
    expect(added.status).toBe(409);
    expect((await errorOf(added)).code).toBe("phone_number_taken");
  });

  it("keeps the number on a mate's verified application for them", async () => {
    const mobile = uniqueNumber();
    await t.database.db.update(mates).set({ phone: null }).where(eq(mates.id, "mate-007"));
    await t.database.db.insert(applications).values({
      id: `application-${mobile}`,
      fullName: "Vijay Pawar",
      mobile,
      email: uniqueEmail("vijay"),
      skills: ["Plumbing"],
      homeLocality: "Dadar",
      lat: 19.02,
      lon: 72.84,
      yearsExperience: 6,
      status: "verified",
      mateId: "mate-007",
    });
    const sent = await sendCode(t, mobile);
    expect(sent.status).toBe(403);
    expect((await errorOf(sent)).code).toBe("mate_phone_number");
  });
});

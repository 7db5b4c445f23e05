import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INVALID_JOIN_LINK, joinCheckResponseSchema } from "#domain/mate-sms-invitation.ts";
import { opsMateResponseSchema } from "#domain/ops.ts";
import { PHONE_CODE, PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";
import { applications } from "#server/applications/schema.ts";
import { users } from "#server/auth/schema.ts";
import { errorHandler } from "#server/http/errors.ts";
import { createLogger } from "#server/logger.ts";
import { signedIn, signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { auditOf } from "#testing/operator-console.ts";
import { lastCode, lastInvitation, sendCode, uniqueNumber, verifyCode, wrongCode } from "#testing/phone-requests.ts";
import { errorOf, post } from "#testing/requests.ts";
import { MANY_SIGN_UPS } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * Issue 41, mates: an operator invites a mate by SMS; the link signs them in with a code to their
 * number, once, for 7 days; an operator changes a mate's number, audited; nobody else takes it.
 * Seeded mates 019 (+91 98200 12603) and 020 (+91 98200 12740) are invited here.
 */
const RAMESH = { id: "mate-019", number: "9820012603" };
const SUNIL = { id: "mate-020", number: "9820012740" };

/** The clock moves on past the wait before a new code to the same number. */
const pastTheResendWait = () => vi.setSystemTime(Date.now() + (PHONE_CODE.resendAfterSeconds + 1) * 1000);

let t: TestApp;
let operator: TestCustomer;
let customer: TestCustomer;
let mate: TestCustomer;
let later = 0;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  // The app's clock (links' expiry) can be moved on by `later` milliseconds.
  t = await createTestApp({ limitStore: {}, authLimits: MANY_SIGN_UPS, now: () => new Date(Date.now() + later) });
  operator = await signInAsOperator(t);
  customer = await signUpCustomer(t);
  mate = await signInAsMate(t, "mate-004");
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const invite = (as: TestCustomer | undefined, mateId: string, body: object = {}) =>
  (as ?? { request: t.request }).request(`/api/ops/mates/${mateId}/sms-invitation`, post(body));
const changeNumber = (as: TestCustomer, mateId: string, phoneNumber: string) =>
  as.request(`/api/ops/mates/${mateId}/phone-number`, {
    method: "PUT",
    body: JSON.stringify({ phoneNumber, reason: "Lost their phone; new SIM" }),
  });
const join = (path: "check" | "send-code" | "verify", body: object) =>
  t.request(`/api/mate-invitations/${path}`, post(body));

/** Signs in by phone through the popup's way: the account it lands on, and its session. */
async function phoneSignIn(phoneNumber: string) {
  pastTheResendWait();
  expect((await sendCode(t, phoneNumber)).status).toBe(200);
  const response = await verifyCode(t, { phoneNumber, code: lastCode(t, phoneNumber) });
  expect(response.status).toBe(200);
  const { user } = (await response.json()) as { user: { id: string; role: string } };
  return { ...user, session: signedIn(t, user.id, "", response) };
}

describe("inviting a mate by SMS", () => {
  it("is the operators' alone: a visitor 401, a customer or a mate 403", async () => {
    expect((await invite(undefined, RAMESH.id)).status).toBe(401);
    for (const who of [customer, mate]) {
      const refused = await invite(who, RAMESH.id);
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).code).toBe("wrong_role");
      expect((await changeNumber(who, RAMESH.id, uniqueNumber())).status).toBe(403);
    }
  });

  it("sends a one-use link to the mate's number, whose code signs them in as the mate", async () => {
    const answer = await invite(operator, RAMESH.id);
    expect(answer.status).toBe(200);
    const { mate: invited } = opsMateResponseSchema.parse(await answer.json());
    expect(invited).toMatchObject({ signInNumber: RAMESH.number, invitationNumber: RAMESH.number, email: null });
    const sms = lastInvitation(t, RAMESH.number);
    expect(sms.link).toBe(`${t.config.appOrigin}/mate/join?t=${sms.token}`);
    expect(sms.token.length).toBeLessThanOrEqual(30);
    const [audited] = (await auditOf(t, RAMESH.id)).filter((entry) => entry.action === "mate.sms_invite");
    expect(audited).toMatchObject({ actorId: operator.id, after: { phoneNumber: RAMESH.number } });

    const check = await join("check", { token: sms.token });
    expect(joinCheckResponseSchema.parse(await check.json())).toEqual({
      name: "Ramesh Gupta",
      phoneNumber: "+91 ••••• ••603",
    });
    expect((await join("send-code", { token: sms.token })).status).toBe(200);
    const code = lastCode(t, RAMESH.number);
    // A wrong code leaves the link for the next try.
    const wrong = await join("verify", { token: sms.token, code: wrongCode(code) });
    expect(await errorOf(wrong)).toEqual({ code: "invalid_otp", message: PHONE_SIGN_IN_ERRORS.invalid_otp });
    const signedInAnswer = await join("verify", { token: sms.token, code });
    expect(signedInAnswer.status).toBe(200);
    const body = (await signedInAnswer.json()) as { user: { id: string; role: string; phoneNumberVerified: boolean } };
    expect(body.user).toMatchObject({ role: "mate", phoneNumberVerified: true });
    const asMate = signedIn(t, body.user.id, "", signedInAnswer);
    const jobs = await asMate.request("/api/mate/jobs");
    expect(jobs.status).toBe(200);
    const me = (await (await asMate.request("/api/mate/me")).json()) as { mate: { id: string } };
    expect(me.mate.id).toBe(RAMESH.id);

    // Used once: the link says so; the mate signs in with their number from now on.
    for (const path of ["check", "send-code", "verify"] as const) {
      const used = await join(path, { token: sms.token, ...(path === "verify" ? { code } : {}) });
      expect(await errorOf(used)).toEqual({ code: "invalid_token", message: INVALID_JOIN_LINK });
    }
    expect(await phoneSignIn(RAMESH.number)).toMatchObject({ id: body.user.id, role: "mate" });
  });

  it("stops working after 7 days, and a link nobody sent is refused", async () => {
    expect((await invite(operator, SUNIL.id)).status).toBe(200);
    const { token } = lastInvitation(t, SUNIL.number);
    later = 7 * 86_400_000 + 1000;
    try {
      expect((await errorOf(await join("check", { token }))).code).toBe("invalid_token");
      expect((await errorOf(await join("send-code", { token }))).code).toBe("invalid_token");
    } finally {
      later = 0;
    }
    expect((await join("check", { token })).status).toBe(200);
    expect((await errorOf(await join("check", { token: "A".repeat(24) }))).code).toBe("invalid_token");
    expect((await errorOf(await join("check", { token: "short" }))).code).toBe("invalid_input");
  });
});

describe("a mate's number", () => {
  it("is changed by an operator, audited; the old number no longer signs in and the mate is signed out", async () => {
    const [account] = await t.database.db.select().from(users).where(eq(users.phoneNumber, RAMESH.number));
    expect(account?.role).toBe("mate");
    const { session } = await phoneSignIn(RAMESH.number);
    expect((await session.request("/api/mate/me")).status).toBe(200);
    const next = uniqueNumber();
    const changed = await changeNumber(operator, RAMESH.id, next);
    expect(changed.status).toBe(200);
    expect(opsMateResponseSchema.parse(await changed.json()).mate).toMatchObject({
      signInNumber: next,
      phone: `+91 ${next.slice(0, 5)} ${next.slice(5)}`,
    });
    const [audited] = (await auditOf(t, RAMESH.id)).filter((entry) => entry.action === "mate.phone_number");
    expect(audited).toMatchObject({
      actorId: operator.id,
      before: { phoneNumber: RAMESH.number },
      after: { phoneNumber: next, sessionsEnded: expect.any(Number) },
      reason: "Lost their phone; new SIM",
    });
    expect(audited?.at).toBeInstanceOf(Date);
    // The lost phone's session ends at once, though its cookie would still vouch for it.
    expect((await session.request("/api/mate/me")).status).toBe(401);
    const old = await phoneSignIn(RAMESH.number);
    expect(old.id).not.toBe(account?.id);
    expect(old.role).toBe("customer");
    expect(await phoneSignIn(next)).toMatchObject({ id: account?.id, role: "mate" });
  });

  it("is not the mate's to change, and no customer can take it", async () => {
    pastTheResendWait();
    const mine = await t.request("/api/auth/phone-number/send-otp", post({ phoneNumber: SUNIL.number }));
    expect(mine.status).toBe(200);
    const taken = await customer.request(
      "/api/auth/phone-number/verify",
      post({ phoneNumber: SUNIL.number, code: lastCode(t, SUNIL.number), updatePhoneNumber: true }),
    );
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe("phone_number_taken");
    const [sunil] = await t.database.db.select().from(users).where(eq(users.phoneNumber, SUNIL.number));
    expect(sunil?.role).toBe("mate");

    // The operator cannot give a mate a customer's number, nor invite to it.
    const customerNumber = uniqueNumber();
    const customerAccount = await phoneSignIn(customerNumber);
    expect(customerAccount.role).toBe("customer");
    expect((await errorOf(await changeNumber(operator, SUNIL.id, customerNumber))).code).toBe("phone_number_taken");
    const differs = await invite(operator, SUNIL.id, { phoneNumber: customerNumber });
    expect(differs.status).toBe(409);
    expect((await errorOf(await invite(operator, "mate-017", { phoneNumber: customerNumber }))).code).toBe(
      "phone_number_taken",
    );
    // A mate's own attempt is refused (the plugin's updatePhoneNumber is a customer's alone).
    pastTheResendWait();
    const own = uniqueNumber();
    await sendCode(t, own);
    const refused = await mate.request(
      "/api/auth/phone-number/verify",
      post({ phoneNumber: own, code: lastCode(t, own), updatePhoneNumber: true }),
    );
    expect(refused.status).toBe(403);
  });

  it("once changed for a mate with no account, is the one the invitation goes to", async () => {
    // Sachin (mate-018) has no account; his verified application gave another mobile.
    const application = uniqueNumber();
    await t.database.db.insert(applications).values({
      id: "application-sachin",
      fullName: "Sachin Chavan",
      mobile: application,
      email: "sachin@example.in",
      skills: ["electrician"],
      homeLocality: "Borivali",
      lat: 19.2204,
      lon: 72.84944,
      yearsExperience: 6,
      status: "verified",
      mateId: "mate-018",
    });
    const next = uniqueNumber();
    expect((await changeNumber(operator, "mate-018", next)).status).toBe(200);
    expect((await invite(operator, "mate-018")).status).toBe(200);
    expect(lastInvitation(t, next).link).toContain("/mate/join?t=");
    expect(() => lastInvitation(t, application)).toThrow();
  });

  it("taken by another write at the same moment is a 409, not a 500", async () => {
    // What the unique index answers the second of two writes of one number that both found it free.
    const phoneNumber = uniqueNumber();
    const account = (id: string) => ({ id, name: "", email: "", key: id, phoneNumber, role: "customer" });
    await t.database.db.insert(users).values(account("first-of-two"));
    const unique = await t.database.db
      .insert(users)
      .values(account("second-of-two"))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(unique).toBeInstanceOf(Error);
    const app = new Hono().onError(errorHandler(createLogger("silent")));
    app.get("/", () => {
      throw unique;
    });
    const answer = await app.request("/");
    expect(answer.status).toBe(409);
    expect(await errorOf(answer)).toEqual({
      code: "phone_number_taken",
      message: PHONE_SIGN_IN_ERRORS.phone_number_taken,
    });

    // Two operators giving two mates one number at once: one wins, the other is told (on PostgreSQL
    // both checks may find it free, and the index refuses the second).
    const contested = uniqueNumber();
    const answers = await Promise.all([RAMESH.id, SUNIL.id].map((id) => changeNumber(operator, id, contested)));
    expect(answers.map((one) => one.status).sort()).toEqual([200, 409]);
    for (const lost of answers.filter((one) => one.status === 409)) {
      expect((await errorOf(lost)).code).toBe("phone_number_taken");
    }
  });
});

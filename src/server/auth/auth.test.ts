import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { meResponseSchema } from "#domain/user.ts";
import { keyMonth } from "#domain/user-key.ts";
import { errorOf } from "#testing/requests.ts";
import { startSmtpCatcher } from "#testing/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { verifyAuthToken } from "./auth-token.ts";
import { verifications } from "./schema.ts";

const month = keyMonth(new Date());
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

async function signUp(t: TestApp, body: Record<string, unknown>) {
  return t.request("/api/auth/sign-up/email", { method: "POST", body: JSON.stringify(body) });
}
async function signIn(t: TestApp, email: string, password: string) {
  return t.request("/api/auth/sign-in/email", { method: "POST", body: JSON.stringify({ email, password }) });
}
const sessionCookie = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("mates.session_token="));
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(";")[0] as string;
};

describe("e-mail sign-up, login and the user record", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates the spec's user record at sign-up and signs the customer in", async () => {
    const email = uniqueEmail("priya");
    const response = await signUp(t, { name: "Priya Sharma", email, password: "chai-and-rain", mobile: "98200 12345" });
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly/);
    expect(response.headers.getSetCookie().join()).toMatch(/SameSite=Lax/);

    const me = meResponseSchema.parse(await (await t.request("/api/me", { headers: { cookie } })).json());
    expect(me.user).toMatchObject({
      uid: `PriyaSharma${month}`,
      fullName: "Priya Sharma",
      email,
      mobile: "9820012345",
      photoURL: null,
      role: "customer",
      fcmToken: "",
      zone: "Zone001",
    });
    expect(new Date(me.user.createdAt).toISOString()).toBe(me.user.createdAt);
    expect(verifyAuthToken("test-secret-that-is-at-least-32-characters-long", me.authToken)?.sub).toBe(me.user.uid);
  });

  it("gives a second person with the same name a key of their own", async () => {
    const first = await signUp(t, {
      name: "Rahul  Mehta",
      email: uniqueEmail("rahul"),
      password: "password-one",
      mobile: "9876543210",
    });
    const second = await signUp(t, {
      name: "Rahul Mehta",
      email: uniqueEmail("rahul"),
      password: "password-two",
      mobile: "9876543211",
    });
    const a = meResponseSchema.parse(
      await (await t.request("/api/me", { headers: { cookie: sessionCookie(first) } })).json(),
    );
    const b = meResponseSchema.parse(
      await (await t.request("/api/me", { headers: { cookie: sessionCookie(second) } })).json(),
    );
    expect(a.user.uid).toBe(`RahulMehta${month}`);
    expect(b.user.uid).toBe(`RahulMehta${month}-2`);
    expect(a.user.email).not.toBe(b.user.email);
  });

  it("refuses an e-mail already in use, whatever its case", async () => {
    const email = uniqueEmail("asha");
    await signUp(t, { name: "Asha", email, password: "first-password", mobile: "9000000001" });
    const again = await signUp(t, {
      name: "Other Asha",
      email: email.toUpperCase(),
      password: "second-password",
      mobile: "9000000002",
    });
    expect(again.status).toBe(422);
    expect((await errorOf(again)).message).toBe("An account with this email already exists. Log in instead.");
  });

  it.each([
    [{ password: "short7!" }, 400, "Password must be at least 8 characters."],
    [{ password: "x".repeat(129) }, 400, "Password must be at most 128 characters."],
    [{ mobile: "12345" }, 400, "Enter a 10-digit Indian mobile number."],
    [{ mobile: undefined }, 400, "Enter your mobile number."],
    [{ email: "not-an-email" }, 400, "Please enter a valid email address."],
  ])("rejects bad sign-up input %o with a human message", async (override, status, message) => {
    const body = {
      name: "Test Person",
      email: uniqueEmail("bad"),
      password: "good-password",
      mobile: "9123456789",
      ...override,
    };
    const response = await signUp(t, body);
    expect(response.status).toBe(status);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("does not let sign-up set the role or the key", async () => {
    const response = await signUp(t, {
      name: "Sneaky",
      email: uniqueEmail("sneaky"),
      password: "good-password",
      mobile: "9123456780",
      key: "Admin",
    });
    expect(response.status).toBe(400);
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const email = uniqueEmail("kiran");
    await signUp(t, { name: "Kiran", email, password: "right-password", mobile: "9988776655" });
    const wrong = await signIn(t, email, "wrong-password");
    const unknown = await signIn(t, uniqueEmail("nobody"), "whatever-password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await errorOf(wrong)).message).toBe("Invalid email or password.");
    expect((await errorOf(unknown)).message).toBe("Invalid email or password.");
    const right = await signIn(t, email.toUpperCase(), "right-password");
    expect(right.status).toBe(200);
  });

  it("GET /api/me without a session is a JSON 401", async () => {
    const response = await t.request("/api/me");
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ code: "unauthenticated", message: "Please log in to continue." });
  });

  it("PATCH /api/me changes the name and mobile, validated, and nothing else", async () => {
    const cookie = sessionCookie(
      await signUp(t, {
        name: "Meera Iyer",
        email: uniqueEmail("meera"),
        password: "good-password",
        mobile: "9811111111",
      }),
    );
    const patch = (body: unknown, headers: Record<string, string> = {}) =>
      t.request("/api/me", { method: "PATCH", headers: { cookie, ...headers }, body: JSON.stringify(body) });

    const ok = await patch({ fullName: "Meera S. Iyer", mobile: "+91 98222 22222" });
    expect(ok.status).toBe(200);
    const { user } = meResponseSchema.parse(await ok.json());
    expect(user.fullName).toBe("Meera S. Iyer");
    expect(user.mobile).toBe("9822222222");
    expect(user.uid).toBe(`MeeraIyer${month}`); // the key never changes

    expect((await patch({ role: "admin" })).status).toBe(400);
    expect((await patch({ fullName: "" })).status).toBe(400);
    expect((await patch({ mobile: "555" })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    const foreign = await patch({ fullName: "Evil" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("bad_origin");
  });

  it("keeps a name with markup as plain text", async () => {
    const name = '<img src=x onerror="alert(1)">';
    const cookie = sessionCookie(
      await signUp(t, { name, email: uniqueEmail("markup"), password: "good-password", mobile: "9822233344" }),
    );
    const me = meResponseSchema.parse(await (await t.request("/api/me", { headers: { cookie } })).json());
    expect(me.user.fullName).toBe(name);
  });

  it("sign-out ends the session on the server", async () => {
    const cookie = sessionCookie(
      await signUp(t, {
        name: "Leaving",
        email: uniqueEmail("leaving"),
        password: "good-password",
        mobile: "9822233355",
      }),
    );
    const out = await t.request("/api/auth/sign-out", { method: "POST", headers: { cookie }, body: "{}" });
    expect(out.status).toBe(200);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(401);
  });

  it("refuses a sign-out posted from another origin", async () => {
    const cookie = sessionCookie(
      await signUp(t, {
        name: "Staying",
        email: uniqueEmail("staying"),
        password: "good-password",
        mobile: "9822233366",
      }),
    );
    const forged = await t.request("/api/auth/sign-out", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
      body: "{}",
    });
    expect(forged.status).toBe(403);
    expect((await t.request("/api/me", { headers: { cookie } })).status).toBe(200);
  });
});

describe("rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      authLimits: {
        signIn: { ip: { max: 100, windowSeconds: 60 }, email: { max: 3, windowSeconds: 60 } },
        signUp: { ip: { max: 2, windowSeconds: 60 } },
        resetRequest: { ip: { max: 100, windowSeconds: 60 }, email: { max: 1, windowSeconds: 60 } },
        resetPassword: { ip: { max: 100, windowSeconds: 60 } },
      },
    });
  });
  afterAll(() => t.close());

  it("limits sign-in attempts per e-mail with a clear 429", async () => {
    const email = uniqueEmail("target");
    for (let i = 0; i < 3; i++) expect((await signIn(t, email, "guess-password")).status).toBe(401);
    const limited = await signIn(t, email, "guess-password");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toEqual({
      code: "rate_limited",
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
    expect((await signIn(t, uniqueEmail("other"), "guess-password")).status).toBe(401);
  });

  it("limits sign-ups per client address", async () => {
    for (let i = 0; i < 2; i++) {
      await signUp(t, { name: "Bulk", email: uniqueEmail("bulk"), password: "good-password", mobile: "9800000000" });
    }
    const limited = await signUp(t, {
      name: "Bulk",
      email: uniqueEmail("bulk"),
      password: "good-password",
      mobile: "9800000000",
    });
    expect(limited.status).toBe(429);
  });

  it("limits reset e-mails per address", async () => {
    const email = uniqueEmail("reset-limit");
    const ask = () =>
      t.request("/api/auth/request-password-reset", { method: "POST", body: JSON.stringify({ email }) });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });
});

describe("password reset by e-mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Mates <no-reply@mates.test>" } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestReset = (email: string) =>
    t.request("/api/auth/request-password-reset", { method: "POST", body: JSON.stringify({ email }) });
  const resetWith = (token: string, newPassword: string) =>
    t.request("/api/auth/reset-password", { method: "POST", body: JSON.stringify({ token, newPassword }) });

  it("mails a one-hour, single-use link to /reset-password that sets a new password and ends other sessions", async () => {
    const email = uniqueEmail("forgetful");
    const oldSession = sessionCookie(
      await signUp(t, { name: "Forgetful Fatima", email, password: "old-password", mobile: "9833344455" }),
    );
    const before = smtp.mails.length;
    const asked = await requestReset(email);
    expect(asked.status).toBe(200);

    const mail = await smtp.waitFor(email, before);
    expect(mail.subject).toBe("Reset your Mates password");
    expect(mail.from?.text).toContain("no-reply@mates.test");
    const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9]+)/.exec(mail.text ?? "");
    expect(link).not.toBeNull();
    const token = link?.[1] as string;
    expect(mail.html).toContain(`/reset-password?token=${token}`);

    const [stored] = await t.database.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `%${token}`));
    const ttlMinutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(ttlMinutes).toBeGreaterThan(58);
    expect(ttlMinutes).toBeLessThanOrEqual(60);

    expect((await resetWith(token, "new-password")).status).toBe(200);
    expect((await signIn(t, email, "old-password")).status).toBe(401);
    expect((await signIn(t, email, "new-password")).status).toBe(200);
    expect((await t.request("/api/me", { headers: { cookie: oldSession } })).status).toBe(401);

    const reused = await resetWith(token, "third-password");
    expect(reused.status).toBe(400);
    expect((await errorOf(reused)).message).toBe("This reset link is invalid or has expired. Ask for a new one.");
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("late");
    await signUp(t, { name: "Late Lata", email, password: "old-password", mobile: "9833344466" });
    const before = smtp.mails.length;
    await requestReset(email);
    const mail = await smtp.waitFor(email, before);
    const token = /token=([A-Za-z0-9]+)/.exec(mail.text ?? "")?.[1] as string;
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await resetWith(token, "new-password")).status).toBe(400);
  });

  it("answers an unknown e-mail as a known one, without sending anything", async () => {
    const known = uniqueEmail("known");
    await signUp(t, { name: "Known Kavya", email: known, password: "good-password", mobile: "9833344466" });
    const before = smtp.mails.length;
    const stranger = uniqueEmail("stranger");
    const response = await requestReset(stranger);
    expect(response.status).toBe(200);
    // A known address asked after it: once its mail has arrived, a mail for the stranger would have too.
    expect((await requestReset(known)).status).toBe(200);
    await smtp.waitFor(known, before);
    const sent = smtp.mails.slice(before).map((mail) => JSON.stringify(mail.to));
    expect(sent.some((to) => to.includes(stranger))).toBe(false);
  });

  it("answers the same when the mail server cannot be reached, so accounts stay private", async () => {
    const broken = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
    try {
      const email = uniqueEmail("unlucky");
      await broken.request("/api/auth/sign-up/email", {
        method: "POST",
        body: JSON.stringify({ name: "Unlucky", email, password: "good-password", mobile: "9833344477" }),
      });
      const ask = (address: string) =>
        broken.request("/api/auth/request-password-reset", {
          method: "POST",
          body: JSON.stringify({ email: address }),
        });
      const known = await ask(email);
      const unknown = await ask(uniqueEmail("nobody"));
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual(await unknown.json());
    } finally {
      await broken.close();
    }
  });
});

describe("password reset without SMTP", () => {
  it("writes the mail to DATA_DIR/outbox as an .eml file", async () => {
    const t = await createTestApp();
    try {
      const email = uniqueEmail("offline");
      await signUp(t, { name: "Offline", email, password: "good-password", mobile: "9833344488" });
      await t.request("/api/auth/request-password-reset", { method: "POST", body: JSON.stringify({ email }) });
      const outbox = join(t.config.dataDir, "outbox");
      // The mail is written after the answer.
      const files = await vi.waitFor(() => {
        const written = existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith(".eml")) : [];
        expect(written).toHaveLength(1);
        return written;
      });
      const eml = readFileSync(join(outbox, files[0] as string), "utf8");
      expect(eml).toContain("Subject: Reset your Mates password");
      expect(eml).toMatch(/reset-password\?token=/);
    } finally {
      await t.close();
    }
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionCookie, signIn, signUp, uniqueEmail } from "#testing/auth-requests.ts";
import { errorOf } from "#testing/requests.ts";
import { startSmtpCatcher } from "#testing/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { verifications } from "./schema.ts";

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

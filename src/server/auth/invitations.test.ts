import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { meResponseSchema } from "#domain/user.ts";
import { lockDataDir } from "#server/db/data-dir-lock.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate } from "#testing/mates.ts";
import { post } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { InvitationError, invitationLink, inviteMate, inviteOperatorIn } from "./invitations.ts";
import { DEFAULT_AUTH_LIMITS } from "./routes.ts";
import { users, verifications } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    authLimits: {
      ...DEFAULT_AUTH_LIMITS,
      signUp: { ip: { max: 1000, windowSeconds: 600 } },
      resetPassword: { ip: { max: 1000, windowSeconds: 600 } },
    },
  });
});
afterAll(() => t.close());

const invite = (mateId: string, email: string, now?: Date) =>
  inviteMate(
    { db: t.database.db, mailer: t.mailer, appOrigin: t.config.appOrigin, ...(now ? { now } : {}) },
    mateId,
    email,
  );
const tokenOf = (link: string) => new URL(link).searchParams.get("token");
const signIn = (email: string, password: string) => t.request("/api/auth/sign-in/email", post({ email, password }));
const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("mates.session_token="))
    ?.split(";")[0] ?? "";

describe("inviting a mate", () => {
  it("mails a link that sets the password; only then can the mate sign in, as a mate", async () => {
    const invited = await invite("mate-010", "Kiran.Mate@Example.com");
    expect(invited.email).toBe("kiran.mate@example.com");
    const outbox = join(t.config.dataDir, "outbox");
    const mails = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), "utf8"));
    expect(mails.some((mail) => mail.includes("Your Mates professional account") && mail.includes("7 days"))).toBe(
      true,
    );

    // No default password: nothing signs in before the mate chooses one.
    for (const guess of ["", "password", "mates123", "mate-010"]) {
      expect((await signIn(invited.email, guess)).status).not.toBe(200);
    }
    const reset = await t.request(
      "/api/auth/reset-password",
      post({ token: tokenOf(invited.link), newPassword: "my-own-pass-1" }),
    );
    expect(reset.status).toBe(200);
    const used = await t.request(
      "/api/auth/reset-password",
      post({ token: tokenOf(invited.link), newPassword: "again-pass-2" }),
    );
    expect(used.status).toBe(400);

    const response = await signIn(invited.email, "my-own-pass-1");
    expect(response.status).toBe(200);
    const cookie = sessionCookieOf(response);
    const as = (path: string) => t.request(path, { headers: { cookie } });
    const me = meResponseSchema.parse(await (await as("/api/me")).json());
    expect(me.user.role).toBe("mate");
    const mate = (await (await as("/api/mate/me")).json()) as { mate: { id: string } };
    expect(mate.mate.id).toBe("mate-010");
    expect((await as("/api/bookings")).status).toBe(403);
  });

  it("lasts 7 days", async () => {
    const old = await invite("mate-011", "old.invite@example.com", new Date(Date.now() - 8 * 86_400_000));
    const reset = await t.request(
      "/api/auth/reset-password",
      post({ token: tokenOf(old.link), newPassword: "late-pass-11" }),
    );
    expect(reset.status).toBe(400);
    const again = await invite("mate-011", "old.invite@example.com");
    expect(
      (await t.request("/api/auth/reset-password", post({ token: tokenOf(again.link), newPassword: "late-pass-11" })))
        .status,
    ).toBe(200);
  });

  it("refuses an unknown mate, a customer's address and a mate linked to another address", async () => {
    await expect(invite("mate-999", "nobody@example.com")).rejects.toThrow(InvitationError);
    await expect(invite("mate-012", "not an address")).rejects.toThrow(/not an e-mail address/);
    const customer = await signUpCustomer(t);
    await expect(invite("mate-012", customer.email)).rejects.toThrow(/already belongs to a customer account/);
    await invite("mate-012", "first.address@example.com");
    await expect(invite("mate-012", "second.address@example.com")).rejects.toThrow(/already linked/);
    await expect(invite("mate-013", "first.address@example.com")).rejects.toThrow(/already the account of mate/);
  });
});

describe("roles", () => {
  it("cannot be chosen at sign-up nor changed through the profile", async () => {
    const email = `wants.power.${Date.now()}@example.com`;
    const signUp = await t.request(
      "/api/auth/sign-up/email",
      post({ name: "Wants Power", email, password: "vada-pav-2026", mobile: "9820012345", role: "operator" }),
    );
    // Better Auth drops the field it may not take from input; the account is a customer's.
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .find((c) => c.startsWith("mates.session_token="))
      ?.split(";")[0];
    const own = meResponseSchema.parse(
      await (await t.request("/api/me", { headers: { cookie: cookie ?? "" } })).json(),
    );
    expect(own.user.role).toBe("customer");
    const customer = await signUpCustomer(t);
    const patched = await customer.request("/api/me", { method: "PATCH", body: JSON.stringify({ role: "operator" }) });
    expect(patched.status).toBe(400);
    expect(apiErrorSchema.parse(await patched.json()).error.code).toBeTruthy();
    const me = meResponseSchema.parse(await (await customer.request("/api/me")).json());
    expect(me.user.role).toBe("customer");
  });

  it("keep every role to its own routes: a customer or visitor on the mate app, a mate on the customer's", async () => {
    const customer = await signUpCustomer(t);
    const mate = await signInAsMate(t, "mate-014");
    expect((await t.request("/api/mate/jobs")).status).toBe(401);
    expect((await customer.request("/api/mate/jobs")).status).toBe(403);
    expect((await mate.request("/api/mate/jobs")).status).toBe(200);
    expect((await mate.request("/api/bookings")).status).toBe(403);
    expect((await mate.request("/api/slots?date=2026-12-01")).status).toBe(403);
    expect(
      (await mate.request("/api/ops/bookings/00000000-0000-4000-8000-000000000000/unlock-start-code", post({}))).status,
    ).toBe(403);
  });
});

/** A CLI of scripts/ run as a person runs it, on the embedded database in `dataDir`: its exit code and output. */
const cli =
  (name: string) =>
  (dataDir: string, ...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      [fileURLToPath(new URL(`../../../scripts/${name}`, import.meta.url)), ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "", SMTP_URL: "", LOG_LEVEL: "silent" },
      },
    ).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

describe("npm run mates", () => {
  const run = cli("mates.ts");

  it("invites a seeded mate on a fresh install, the mail in the outbox, and lists who is invited", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-cli-"));
    const invited = await run(dataDir, "invite", "mate-001", "sunita@example.com");
    expect(invited.stderr).toBe("");
    expect(invited.code).toBe(0);
    expect(invited.stdout).toMatch(/Invited sunita@example.com as mate mate-001/);
    expect(readdirSync(join(dataDir, "outbox"))).toHaveLength(1);
    const list = await run(dataDir, "list");
    expect(list.stdout).toMatch(/mate-001\tSunita Jadhav\tverified\tsunita@example.com/);
    expect(list.stdout).toMatch(/mate-002\t[^\n]*\tnot invited/);
    const usage = await run(dataDir, "invite", "mate-001");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage/);
  }, 60_000);

  it("says to stop the server while it holds the embedded database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-cli-"));
    const lock = lockDataDir(dataDir);
    try {
      const refused = await run(dataDir, "list");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Stop the server, run this again/);
    } finally {
      lock.release();
    }
  }, 60_000);
});

describe("npm run ops -- create-operator", () => {
  const run = cli("ops.ts");

  it("makes the first operator, whose mailed link sets the password for the console", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-cli-"));
    const made = await run(dataDir, "create-operator", "Priya.Desk@Example.com");
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/Invited priya.desk@example.com as an operator/);
    const [mail = ""] = readdirSync(join(dataDir, "outbox")).map((file) =>
      readFileSync(join(dataDir, "outbox", file), "utf8"),
    );
    expect(mail).toContain("Your Mates operations account");
    expect(mail.replace(/=\r?\n/g, "")).toMatch(/reset-password\?token=/);
    const usage = await run(dataDir, "create-operator");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage/);
    const bad = await run(dataDir, "create-operator", "not-mail");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not-mail is not an e-mail address/);
  }, 60_000);

  it("never makes a customer an operator", async () => {
    const customer = await signUpCustomer(t);
    await expect(t.database.db.transaction((tx) => inviteOperatorIn(tx, customer.email, new Date()))).rejects.toThrow(
      /already belongs to a customer account/,
    );
  });
});

describe("accepting an invitation: the password and the person's name", () => {
  const accept = (body: unknown) => t.request("/api/invitations/accept", post(body));
  const meOf = async (email: string, password: string) => {
    const response = await signIn(email, password);
    expect(response.status).toBe(200);
    const cookie = sessionCookieOf(response);
    return meResponseSchema.parse(await (await t.request("/api/me", { headers: { cookie } })).json()).user;
  };
  const inviteOperator = async (email: string) => {
    const made = await t.database.db.transaction((tx) => inviteOperatorIn(tx, email, new Date()));
    return tokenOf(invitationLink(t.config.appOrigin, made.token)) ?? "";
  };

  it("gives an operator made from an e-mail address no made-up name, then the one they give", async () => {
    const token = await inviteOperator("opsmwxyx20g4@example.com");
    const [made] = await t.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, "opsmwxyx20g4@example.com"));
    expect(made?.name).toBe("");
    const response = await accept({ token, newPassword: "desk-pass-2026", name: "  Farah Khan " });
    expect(response.status).toBe(200);
    const me = await meOf("opsmwxyx20g4@example.com", "desk-pass-2026");
    expect(me.fullName).toBe("Farah Khan");
    expect(me.role).toBe("operator");
  });

  it("stores the name a mate gives, and the link then works no more", async () => {
    const invited = await invite("mate-005", "vikas.named@example.com");
    const token = tokenOf(invited.link);
    expect((await accept({ token, newPassword: "vikas-pass-12", name: "Vikas S." })).status).toBe(200);
    expect((await meOf("vikas.named@example.com", "vikas-pass-12")).fullName).toBe("Vikas S.");
    const again = await accept({ token, newPassword: "other-pass-12", name: "Someone Else" });
    expect(again.status).toBe(400);
    expect(apiErrorSchema.parse(await again.json()).error.code).toBe("invalid_token");
    expect((await meOf("vikas.named@example.com", "vikas-pass-12")).fullName).toBe("Vikas S.");
  });

  it("refuses a missing, blank or overlong name and a short password in the one error shape, setting nothing", async () => {
    const token = await inviteOperator("nameless.desk@example.com");
    for (const body of [
      { token, newPassword: "desk-pass-2026" },
      { token, newPassword: "desk-pass-2026", name: "   " },
      { token, newPassword: "desk-pass-2026", name: "x".repeat(81) },
      { token, newPassword: "short", name: "Farah Khan" },
      { token, newPassword: "desk-pass-2026", name: "Farah Khan", role: "operator" },
    ]) {
      const response = await accept(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(await response.json()).error.code).toBe("invalid_input");
    }
    expect((await signIn("nameless.desk@example.com", "desk-pass-2026")).status).not.toBe(200);
    // The link still works once the form is right.
    expect((await accept({ token, newPassword: "desk-pass-2026", name: "Nadia Desk" })).status).toBe(200);
  });

  it("is not a way around a customer's reset link, an unknown link or an expired one", async () => {
    const customer = await signUpCustomer(t);
    expect((await t.request("/api/auth/request-password-reset", post({ email: customer.email }))).status).toBe(200);
    const [reset] = await t.database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(eq(verifications.value, customer.id), like(verifications.identifier, "reset-password:%")));
    const customerToken = reset?.identifier.replace("reset-password:", "") ?? "";
    expect(customerToken).not.toBe("");
    const asCustomer = await accept({ token: customerToken, newPassword: "cust-pass-2026", name: "Renamed" });
    expect(asCustomer.status).toBe(400);
    expect(apiErrorSchema.parse(await asCustomer.json()).error.code).toBe("invalid_token");
    // The customer's own reset still works with that link.
    expect(
      (await t.request("/api/auth/reset-password", post({ token: customerToken, newPassword: "cust-pass-2026" })))
        .status,
    ).toBe(200);
    const unknown = await accept({ token: "no-such-token", newPassword: "desk-pass-2026", name: "Farah Khan" });
    expect(unknown.status).toBe(400);
    expect(apiErrorSchema.parse(await unknown.json()).error.code).toBe("invalid_token");
    const old = await invite("mate-018", "late.named@example.com", new Date(Date.now() - 8 * 86_400_000));
    const late = await accept({ token: tokenOf(old.link), newPassword: "late-pass-18", name: "Sachin C." });
    expect(late.status).toBe(400);
    expect(apiErrorSchema.parse(await late.json()).error.code).toBe("invalid_token");
  });
});

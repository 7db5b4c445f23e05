import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meResponseSchema } from "#domain/user.ts";
import { keyMonth } from "#domain/user-key.ts";
import { sessionCookie, signIn, signUp, uniqueEmail } from "#testing/auth-requests.ts";
import { errorOf } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { verifyAuthToken } from "./auth-token.ts";

const month = keyMonth(new Date());

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

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, signUp, uniqueEmail } from "#testing/auth-requests.ts";
import { errorOf } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

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

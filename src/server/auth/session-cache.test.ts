import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cookieJar } from "#testing/cookie-jar.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { sessions, users } from "./schema.ts";

/** Decision record 026: a session is trusted from its signed cookie for SESSION_CACHE_SECONDS. */
const CACHE_SECONDS = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_CACHE_SECONDS: String(CACHE_SECONDS) } });
  // Better Auth reads the cached session's age from Date alone: the clock stands still (a slow
  // machine cannot age a session between two requests) and a test moves it on. Timers stay real.
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function signedUp(name: string) {
  const jar = cookieJar();
  const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
  const response = await t.request("/api/auth/sign-up/email", {
    method: "POST",
    body: JSON.stringify({ name, email, password: "session-cache-1", mobile: "9820012345" }),
  });
  expect(response.status).toBe(200);
  jar.take(response.headers.getSetCookie());
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return { jar, userId: user?.id ?? "" };
}

/** Moves the clock on, past the cached copy's life. */
const pastTheCache = () => vi.setSystemTime(Date.now() + CACHE_SECONDS * 1000 + 200);

describe("the session cache", () => {
  it("trusts a signed session without the database, and a revoked one ends within SESSION_CACHE_SECONDS", async () => {
    const { jar, userId } = await signedUp("Cached");
    expect(jar.has("mates.session_token")).toBe(true);
    expect(jar.has("mates.session_data")).toBe(true);
    expect((await t.request("/api/cart", { headers: { cookie: jar.header() } })).status).toBe(200);

    // Every session of the account revoked in the database (a password reset, an operator).
    await t.database.db.delete(sessions).where(eq(sessions.userId, userId));
    // The signed cookie is trusted for its few seconds: proof that the database was not asked.
    expect((await t.request("/api/cart", { headers: { cookie: jar.header() } })).status).toBe(200);
    // Without the cached copy the database is asked, and says no at once.
    const tokenOnly = jar
      .header()
      .split("; ")
      .filter((pair) => pair.startsWith("mates.session_token="));
    expect((await t.request("/api/cart", { headers: { cookie: tokenOnly.join("; ") } })).status).toBe(401);

    pastTheCache();
    expect((await t.request("/api/cart", { headers: { cookie: jar.header() } })).status).toBe(401);
  });

  it("is refreshed from the database when it runs out, and the fresh cookie reaches the browser", async () => {
    const { jar } = await signedUp("Refreshed");
    const first = jar.header();
    pastTheCache();
    const again = await t.request("/api/cart", { headers: { cookie: first } });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((line) => line.startsWith("mates.session_data="))).toBe(true);
    jar.take(again.headers.getSetCookie());
    expect(jar.header()).not.toBe(first);
    expect((await t.request("/api/cart", { headers: { cookie: jar.header() } })).status).toBe(200);
  });

  it("is skipped by the app's own check of who is signed in, which clears a revoked session's cookies at once", async () => {
    const { jar, userId } = await signedUp("Reset");
    await t.database.db.delete(sessions).where(eq(sessions.userId, userId));
    const probe = await t.request("/api/auth/get-session?disableCookieCache=true", {
      headers: { cookie: jar.header() },
    });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toBeNull();
    jar.take(probe.headers.getSetCookie());
    expect(jar.has("mates.session_token")).toBe(false);
    expect(jar.has("mates.session_data")).toBe(false);
    expect((await t.request("/api/cart", { headers: { cookie: jar.header() } })).status).toBe(401);
  });

  it("ends with a sign-out at once in the browser that signed out", async () => {
    const { jar } = await signedUp("Leaving");
    const out = await t.request("/api/auth/sign-out", {
      method: "POST",
      headers: { cookie: jar.header() },
      body: "{}",
    });
    expect(out.status).toBe(200);
    jar.take(out.headers.getSetCookie());
    expect((await t.request("/api/cart", { headers: { cookie: jar.header() } })).status).toBe(401);
  });
});

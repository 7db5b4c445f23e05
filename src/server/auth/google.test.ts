import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meResponseSchema } from "#domain/user.ts";
import { keyMonth } from "#domain/user-key.ts";
import { completeGoogleLogin, startFakeGoogle } from "#testing/fake-google.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/** Google sign-in through OpenID Connect, against a local provider that plays Google. */

const appOrigin = "http://localhost:3000";
const month = keyMonth(new Date());

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let t: TestApp;

beforeAll(async () => {
  google = await startFakeGoogle({
    redirectUri: `${appOrigin}/api/auth/callback/google`,
    accounts: {
      asha: {
        name: "Asha Patil",
        email: "asha.patil@gmail.test",
        picture: "https://lh3.googleusercontent.test/asha.png",
      },
      nameless: { email: "nameless@gmail.test" },
    },
  });
  t = await createTestApp({
    env: {
      APP_ORIGIN: appOrigin,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
    },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function signInWithGoogle(login: string) {
  const start = await t.request("/api/auth/sign-in/social", {
    method: "POST",
    body: JSON.stringify({
      provider: "google",
      callbackURL: "/auth/google-done",
      errorCallbackURL: "/auth/google-done",
    }),
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const stateCookies = cookiesOf(start);
  const callback = new URL(await completeGoogleLogin(url, login));
  const finish = await t.request(`${callback.pathname}${callback.search}`, { headers: { cookie: stateCookies } });
  return { url: new URL(url), finish };
}

describe("Google sign-in", () => {
  it("says Google is configured", async () => {
    expect(await (await t.request("/api/auth-options")).json()).toEqual({ google: true });
  });

  it("runs the authorization-code flow with PKCE and state, and creates the user record", async () => {
    const { url, finish } = await signInWithGoogle("asha");
    expect(url.origin).toBe(google.issuer);
    expect(url.searchParams.get("client_id")).toBe(google.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(`${appOrigin}/api/auth/callback/google`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();

    expect(finish.status).toBe(302);
    expect(finish.headers.get("location")).toMatch(/\/auth\/google-done$/);
    const me = meResponseSchema.parse(
      await (await t.request("/api/me", { headers: { cookie: cookiesOf(finish) } })).json(),
    );
    expect(me.user).toMatchObject({
      uid: `AshaPatil${month}`,
      fullName: "Asha Patil",
      email: "asha.patil@gmail.test",
      photoURL: "https://lh3.googleusercontent.test/asha.png",
      mobile: null,
      role: "customer",
      fcmToken: "",
    });
  });

  it('uses "user" for the key of a Google account without a name', async () => {
    const { finish } = await signInWithGoogle("nameless");
    const me = meResponseSchema.parse(
      await (await t.request("/api/me", { headers: { cookie: cookiesOf(finish) } })).json(),
    );
    expect(me.user.uid).toBe(`user${month}`);
  });

  it("signs the same Google account into the same record the next time", async () => {
    const { finish } = await signInWithGoogle("asha");
    const me = meResponseSchema.parse(
      await (await t.request("/api/me", { headers: { cookie: cookiesOf(finish) } })).json(),
    );
    expect(me.user.uid).toBe(`AshaPatil${month}`);
  });

  it("sends a callback with a forged state back to the app with an error", async () => {
    const forged = await t.request("/api/auth/callback/google?code=abc&state=forged");
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/error=/);
  });
});

describe("without a Google client", () => {
  it("says Google sign-in is not set up", async () => {
    const plain = await createTestApp();
    try {
      expect(await (await plain.request("/api/auth-options")).json()).toEqual({ google: false });
    } finally {
      await plain.close();
    }
  });
});

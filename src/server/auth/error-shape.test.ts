import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * Every answer under /api/auth/ that is an error has the API's one shape, exactly, whether Better
 * Auth made it with a JSON body, with a body of its own, or with none at all (issue 36).
 */
const exactError = z.strictObject({ error: z.strictObject({ code: z.string().min(1), message: z.string().min(1) }) });

async function errorOf(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return exactError.parse(JSON.parse(await response.text())).error;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("errors under /api/auth/", () => {
  it("answers a callback with no provider named, and a path Better Auth does not know, with a 404 in the shape", async () => {
    for (const [method, path] of [
      ["GET", "/api/auth/callback/"],
      ["GET", "/api/auth/nope"],
      ["POST", "/api/auth/nope"],
      ["GET", "/api/auth"],
      ["GET", "/api/auth/"],
    ] as const) {
      const response = await t.request(path, { method, ...(method === "POST" ? { body: "{}" } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await errorOf(response), `${method} ${path}`).toEqual({
        code: "not_found",
        message: `Nothing at ${method} ${path}.`,
      });
    }
  });

  it("answers a known path asked with the wrong method in the shape, keeping the status", async () => {
    const get = await t.request("/api/auth/sign-in/email");
    expect(get.status).toBe(404);
    expect((await errorOf(get)).code).toBe("not_found");
    const put = await t.request("/api/auth/sign-in/email", { method: "PUT", body: "{}" });
    expect(put.status).toBe(404);
    expect((await errorOf(put)).code).toBe("not_found");
    const post = await t.request("/api/auth/get-session", { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect((await errorOf(post)).code).toMatch(/^method_not_allowed/);
  });

  it("keeps Better Auth's own errors, which the login popup shows, in the shape and with their sentences", async () => {
    const email = `shape.${Date.now()}@example.com`;
    const created = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      body: JSON.stringify({ name: "Asha Rao", email, password: "chai-and-rain", mobile: "98200 12345" }),
    });
    expect(created.status).toBe(200);
    const wrong = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: JSON.stringify({ email, password: "not-the-password" }),
    });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({ code: "invalid_email_or_password", message: "Invalid email or password." });
    const again = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      body: JSON.stringify({ name: "Asha Rao", email, password: "chai-and-rain", mobile: "98200 12345" }),
    });
    expect(again.status).toBe(422);
    expect((await errorOf(again)).message).toBe("An account with this email already exists. Log in instead.");
  });
});

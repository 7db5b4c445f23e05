import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import type { OpenApiDocument } from "#server/http/openapi.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/** Every state-changing API has a per-user limit: 429, Retry-After and the API's error body. */
const LIMIT = 5;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { WRITES_PER_USER_PER_MINUTE: String(LIMIT) } });
});
afterAll(() => t.close());

const json = (method: string, body: unknown = {}): RequestInit => ({ method, body: JSON.stringify(body) });
const rename = (customer: TestCustomer) => customer.request("/api/me", json("PATCH", { fullName: "Asha Rao" }));

async function exhausted(): Promise<TestCustomer> {
  const customer = await signUpCustomer(t, "Asha Rao");
  for (let i = 0; i < LIMIT; i++) expect((await rename(customer)).status).toBe(200);
  return customer;
}

async function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const { error } = apiErrorSchema.parse(await response.json());
  expect(error.code).toBe("rate_limited");
  expect(error.message).toMatch(
    /^You are making changes faster than we can take them\. Please try again in \d+ seconds?\.$/,
  );
}

describe("the per-user limit on writes", () => {
  it("refuses the write past the limit with a 429, Retry-After and the JSON error body", async () => {
    const customer = await signUpCustomer(t);
    const add = () =>
      customer.request("/api/cart/items", json("POST", { service: "plumber", option: "drain-blockage", quantity: 1 }));
    for (let i = 0; i < LIMIT; i++) expect((await add()).status).toBe(200);
    await expectRateLimited(await add());
  });

  const id = randomUUID();
  it.each([
    ["POST", "/api/cart/items"],
    ["PATCH", `/api/cart/items/${id}`],
    ["DELETE", `/api/cart/items/${id}`],
    ["POST", "/api/cart/merge"],
    ["POST", "/api/addresses"],
    ["PATCH", `/api/addresses/${id}`],
    ["DELETE", `/api/addresses/${id}`],
    ["POST", "/api/bookings"],
    ["POST", `/api/bookings/${id}/cancel`],
    ["POST", `/api/bookings/${id}/reschedule`],
    ["PATCH", "/api/me"],
  ])("covers %s %s", async (method, path) => {
    const customer = await exhausted();
    await expectRateLimited(await customer.request(path, json(method)));
  });

  it("counts per user: another customer writes on", async () => {
    await exhausted();
    const other = await signUpCustomer(t, "Vikram Iyer");
    expect((await rename(other)).status).toBe(200);
  });

  it.each([["/api/me"], ["/api/cart"], ["/api/addresses"], ["/api/bookings"]])(
    "does not limit reads: GET %s",
    async (path) => {
      const customer = await exhausted();
      expect((await customer.request(path)).status).toBe(200);
    },
  );

  it("leaves a write without a session to its 401", async () => {
    const response = await t.request("/api/cart/items", json("POST", { service: "plumber" }));
    expect(response.status).toBe(401);
  });
});

const WRITES = new Set(["post", "put", "patch", "delete"]);

/** The document's writes, split by whether they need a session (`security: [{ session: [] }]`). */
async function documentedWrites() {
  const doc = (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;
  const writes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => WRITES.has(method))
      .map(([method, operation]) => {
        const security = (operation as { security?: Record<string, unknown>[] }).security ?? [];
        return { method: method.toUpperCase(), path, signedIn: security.some((scheme) => "session" in scheme) };
      }),
  );
  return { signedIn: writes.filter((w) => w.signedIn), withoutSession: writes.filter((w) => !w.signedIn) };
}

describe("every write in the API's document", () => {
  const id = randomUUID();
  it("that needs a session counts against the per-user limit", async () => {
    const { signedIn } = await documentedWrites();
    expect(signedIn.length).toBeGreaterThan(40);
    const customer = await exhausted();
    for (const { method, path } of signedIn) {
      const response = await customer.request(path.replace(/\{[^}]+\}/g, id), json(method));
      expect(response.status, `${method} ${path}`).toBe(429);
      await expectRateLimited(response);
    }
  });

  it("that needs none is left to its own limits and checks (auth, webhook, unsubscribe, applications)", async () => {
    const { withoutSession } = await documentedWrites();
    expect(withoutSession.length).toBeGreaterThan(5);
    const customer = await exhausted();
    // Signing out ends the customer's session: it goes last.
    const last = (w: { path: string }) => (w.path === "/api/auth/sign-out" ? 1 : 0);
    for (const { method, path } of withoutSession.sort((a, b) => last(a) - last(b))) {
      const response = await customer.request(path.replace(/\{[^}]+\}/g, id), json(method));
      expect(response.status, `${method} ${path}`).not.toBe(429);
    }
  });
});

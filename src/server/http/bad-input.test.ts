import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * Bad input gets a clear error and loses nothing: every route that takes a body or a query answers
 * odd input with a 4xx in the one error shape, never a 500.
 */
const BODIES = ["null", "[]", '"text"', "42", "true", "{}", '{"unexpected":1}', "{not json", ""];

const ROUTES: [method: string, path: () => string][] = [
  ["POST", () => "/api/cart/items"],
  ["PATCH", () => `/api/cart/items/${randomUUID()}`],
  ["PATCH", () => "/api/cart/items/not-an-id"],
  ["DELETE", () => "/api/cart/items/not-an-id"],
  ["POST", () => "/api/cart/merge"],
  ["POST", () => "/api/addresses"],
  ["PATCH", () => `/api/addresses/${randomUUID()}`],
  ["DELETE", () => "/api/addresses/x"],
  ["POST", () => "/api/bookings"],
  ["POST", () => `/api/bookings/${randomUUID()}/cancel`],
  ["POST", () => `/api/bookings/${randomUUID()}/reschedule`],
  ["POST", () => "/api/bookings/x/reschedule"],
  ["PATCH", () => "/api/me"],
];

const QUERIES = [
  "/api/slots",
  "/api/slots?date=tomorrow",
  "/api/slots?date=2026-02-30",
  `/api/slots?date=2026-11-24&booking=${randomUUID()}`,
  "/api/bookings/not-an-id",
  "/api/geo/reverse?lat=abc&lon=1",
  "/api/geo/reverse",
  "/api/geo/search?q=ab",
  `/api/geo/search?q=${"x".repeat(101)}`,
  "/api/services/NOT%20A%20NAME",
];

describe("odd input never makes a 500", () => {
  let t: TestApp;
  let customer: TestCustomer;
  beforeAll(async () => {
    // One customer sends every route many odd bodies: lift the per-user write limit (tested on its own).
    t = await createTestApp({ env: { WRITES_PER_USER_PER_MINUTE: "100000" } });
    customer = await signUpCustomer(t);
    await customer.request("/api/cart/items", {
      method: "POST",
      body: JSON.stringify({ service: "plumber", option: "drain-blockage", quantity: 1 }),
    });
  });
  afterAll(() => t.close());

  it("answers every odd body with a 4xx error body, and changes nothing", async () => {
    for (const [method, path] of ROUTES) {
      for (const body of BODIES) {
        const response = await customer.request(path(), {
          method,
          body,
          headers: { "content-type": "application/json", "idempotency-key": "odd-input-key-1" },
        });
        const where = `${method} ${path()} ${JSON.stringify(body)}`;
        expect(response.status, where).toBeGreaterThanOrEqual(400);
        expect(response.status, where).toBeLessThan(500);
        expect(apiErrorSchema.safeParse(await response.json()).success, where).toBe(true);
      }
    }
    const cart = (await (await customer.request("/api/cart")).json()) as { count: number };
    expect(cart.count).toBe(1);
  });

  it("answers every odd query with a 4xx error body", async () => {
    for (const path of QUERIES) {
      const response = await customer.request(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(apiErrorSchema.safeParse(await response.json()).success, path).toBe(true);
    }
  });

  it("answers text with a NUL character with a 400, not a database failure", async () => {
    const address = { label: "Home", flat: "B-402", locality: "Kandivali West", pincode: "400067" };
    const sends: [string, string, object][] = [
      ["POST", "/api/addresses", { ...address, flat: "B\u0000402" }],
      ["POST", "/api/addresses", { ...address, landmark: "\u0000" }],
      ["PATCH", `/api/addresses/${randomUUID()}`, { ...address, street: "a\u0000" }],
      ["PATCH", "/api/me", { fullName: "Rohan\u0000Mehta" }],
      [
        "POST",
        "/api/bookings",
        {
          addressId: randomUUID(),
          start: "2026-11-24T11:00:00+05:30",
          paymentMethod: "pay_after_service",
          idempotencyKey: "key-with-\u0000-nul",
        },
      ],
    ];
    for (const [method, path, body] of sends) {
      const response = await customer.request(path, { method, body: JSON.stringify(body) });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
    }
  });

  it("answers text with a NUL character with a 400 on the Better Auth routes", async () => {
    const bodies: [string, object][] = [
      ["/api/auth/reset-password", { token: "a\u0000b", newPassword: "vada-pav-2026" }],
      ["/api/auth/sign-in/email", { email: "a@example.com", password: "pass\u0000word" }],
      [
        "/api/auth/sign-up/email",
        { name: "A\u0000B", email: "nul@example.com", password: "vada-pav-2026", mobile: "9820012345" },
      ],
      ["/api/auth/request-password-reset", { email: "a@example.com", "x\u0000": 1 }],
    ];
    for (const [path, body] of bodies) {
      const response = await t.request(path, { method: "POST", body: JSON.stringify(body) });
      expect(response.status, path).toBe(400);
      expect(apiErrorSchema.safeParse(await response.json()).success, path).toBe(true);
    }
  });

  it("answers a JSON body that is not an object with a 400 on every Better Auth route", async () => {
    const api = t.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>;
    const posts = Object.values(api)
      .filter((endpoint) => endpoint.path && [endpoint.options?.method].flat().includes("POST"))
      .map((endpoint) => `/api/auth${endpoint.path?.replace(/:[a-zA-Z]+/g, "google")}`);
    expect(posts).toContain("/api/auth/sign-up/email");
    expect(posts).toContain("/api/auth/request-password-reset");
    for (const path of posts) {
      for (const body of ["null", "[]", '"text"', "42", "true", "{not json"]) {
        for (const [send, contentType] of [
          [t.request, "application/json"],
          [customer.request, "application/json"],
          // No JSON content type: our limiter still reads the body (it answered 500 to `null`).
          [(path: string, init: RequestInit) => t.app.request(path, init), undefined],
        ] as const) {
          const headers: Record<string, string> = { origin: t.config.appOrigin };
          if (contentType) headers["content-type"] = contentType;
          const response = await send(path, { method: "POST", body, headers });
          const where = `POST ${path} ${body}`;
          if (contentType) expect(response.status, where).toBe(400);
          expect(response.status, where).toBeGreaterThanOrEqual(400);
          expect(response.status, where).toBeLessThan(500);
          expect(apiErrorSchema.safeParse(await response.json()).success, where).toBe(true);
        }
      }
    }
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { users } from "#server/auth/schema.ts";
import type { OpenApiDocument } from "#server/http/openapi.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * Issue 16: every operator and mate route refuses everyone else, whatever it is asked. The routes
 * come from the published OpenAPI document, so a route added later is walked without anyone
 * remembering to add it here (openapi.test.ts fails on an undocumented one).
 */
let t: TestApp;
let operations: { method: string; path: string }[];
const as: Record<"customer" | "mate" | "operator", TestCustomer> = {} as never;
beforeAll(async () => {
  t = await createTestApp({
    authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
    env: { METRICS_TOKEN: "privileges-metrics-token-0123456789" },
  });
  as.customer = await signUpCustomer(t);
  as.mate = await signInAsMate(t, "mate-004");
  as.operator = await signInAsOperator(t);
  const doc = (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item ?? {}).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

/** A concrete URL of an operation: each {parameter} a well-formed id of nothing in particular. */
const urlOf = (path: string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === "documentId"
      ? "AAAAAAAAAAAAAAAAAAAAAA"
      : name === "id" && path.includes("/mates/")
        ? "mate-001"
        : crypto.randomUUID(),
  );

async function send(method: string, path: string, who: TestCustomer | undefined) {
  const init = method === "GET" ? { method } : { method, body: JSON.stringify({}) };
  const response = await (who ? who.request(urlOf(path), init) : t.request(urlOf(path), init));
  const body = response.status >= 400 ? apiErrorSchema.safeParse(await response.json()) : undefined;
  return { status: response.status, code: body?.success ? body.data.error.code : undefined };
}

describe("role checks on every operator and mate route", () => {
  it("finds the routes to walk in the API's own document", () => {
    const ops = operations.filter((op) => op.path.startsWith("/api/ops/"));
    const mate = operations.filter((op) => op.path.startsWith("/api/mate/"));
    expect(ops.length).toBeGreaterThanOrEqual(20);
    expect(mate.length).toBeGreaterThanOrEqual(10);
  });

  it("answers a visitor 401 and a customer or mate 403 on every /api/ops route", async () => {
    const wrong: string[] = [];
    for (const { method, path } of operations.filter((op) => op.path.startsWith("/api/ops/"))) {
      const visitor = await send(method, path, undefined);
      if (visitor.status !== 401) wrong.push(`${method} ${path} as a visitor: ${visitor.status}`);
      for (const role of ["customer", "mate"] as const) {
        const answer = await send(method, path, as[role]);
        if (answer.status !== 403 || answer.code !== "wrong_role")
          wrong.push(`${method} ${path} as a ${role}: ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a visitor 401 and a customer or operator 403 on every /api/mate route", async () => {
    const wrong: string[] = [];
    for (const { method, path } of operations.filter((op) => op.path.startsWith("/api/mate/"))) {
      const visitor = await send(method, path, undefined);
      if (visitor.status !== 401) wrong.push(`${method} ${path} as a visitor: ${visitor.status}`);
      for (const role of ["customer", "operator"] as const) {
        const answer = await send(method, path, as[role]);
        if (answer.status !== 403 || answer.code !== "wrong_role")
          wrong.push(`${method} ${path} as a ${role}: ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("opens /metrics to its token alone, to no role's session", async () => {
    for (const who of [undefined, as.customer, as.mate, as.operator]) {
      const answer = await send("GET", "/metrics", who);
      expect(answer).toEqual({ status: 401, code: "unauthorized" });
    }
  });

  it("lets nobody raise their own role", async () => {
    const roleOf = async (id: string) =>
      (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
    const attempts = [
      as.customer.request("/api/me", { method: "PATCH", body: JSON.stringify({ role: "operator" }) }),
      as.customer.request("/api/auth/update-user", { method: "POST", body: JSON.stringify({ role: "operator" }) }),
      as.mate.request("/api/auth/update-user", {
        method: "POST",
        body: JSON.stringify({ role: "operator", name: "Mate" }),
      }),
    ];
    // A phone sign-up takes no other fields; a mate's number is not theirs to change (issue 41).
    const byPhone = await t.request("/api/auth/phone-number/verify", {
      method: "POST",
      body: JSON.stringify({ phoneNumber: "9820012345", code: "123456", role: "operator" }),
    });
    expect(byPhone.status).toBe(400);
    const mateNumber = await as.mate.request("/api/auth/phone-number/verify", {
      method: "POST",
      body: JSON.stringify({ phoneNumber: "9820012345", code: "123456", updatePhoneNumber: true }),
    });
    expect(mateNumber.status).toBe(403);
    await Promise.all(attempts);
    expect(await roleOf(as.customer.id)).toBe("customer");
    expect(await roleOf(as.mate.id)).toBe("mate");
    const email = `raise.${Date.now()}@example.com`;
    const signUp = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      body: JSON.stringify({
        name: "Raise Me",
        email,
        password: "vada-pav-2026",
        mobile: "9820012345",
        role: "operator",
      }),
    });
    const created = (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0];
    expect(signUp.status === 200 ? created?.role : "refused").toMatch(/^(customer|refused)$/);
  });
});

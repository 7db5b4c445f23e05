import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { walkApp } from "#testing/openapi-walk.ts";
import { SEED_NOW } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";
import { checkAgainstDocument, describedOperations, type OpenApiDocument, toOpenApiPath } from "./openapi.ts";

/** The Better Auth paths the product uses; the rest of /api/auth/* is Better Auth's own. */
const AUTH_PATHS = [
  "post /api/auth/sign-up/email",
  "post /api/auth/sign-in/email",
  "post /api/auth/sign-out",
  "post /api/auth/request-password-reset",
  "post /api/auth/reset-password",
  "get /api/auth/get-session",
  "post /api/auth/sign-in/social",
  "get /api/auth/callback/{id}",
  "post /api/auth/phone-number/send-otp",
  "post /api/auth/phone-number/verify",
];

let t: TestApp;
let doc: OpenApiDocument;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await walkApp(() => SEED_NOW));
  const response = await t.request("/api/openapi.json");
  expect(response.status).toBe(200);
  doc = (await response.json()) as OpenApiDocument;
});
afterAll(() => close());

describe("the OpenAPI document at /api/openapi.json", () => {
  it("is OpenAPI 3.1 and lists every route the app serves", () => {
    expect(doc.openapi).toBe("3.1.0");
    const served = new Set<string>();
    for (const route of t.app.routes) {
      if (route.method === "ALL" || route.path.endsWith("*")) continue;
      served.add(`${route.method.toLowerCase()} ${toOpenApiPath(route.path)}`);
    }
    expect(served.size).toBeGreaterThan(20);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method} ${path}`)),
    );
    const missing = [...served, ...AUTH_PATHS].filter((operation) => !documented.has(operation));
    expect(missing).toEqual([]);
  });

  it("gives every operation a summary and every error the one error schema", () => {
    expect(doc.components?.schemas?.Error).toBeDefined();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const op = operation as { summary?: string; responses?: Record<string, { content?: Record<string, unknown> }> };
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        for (const [status, answer] of Object.entries(op.responses ?? {})) {
          if (Number(status) < 400) continue;
          expect(answer.content?.["application/json"], `${method} ${path} ${status}`).toEqual({
            schema: { $ref: "#/components/schemas/Error" },
          });
        }
      }
    }
  });

  it("describes request bodies and parameters from the route's own zod schemas", () => {
    const add = doc.paths["/api/cart/items"]?.post as unknown as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(add.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "option",
      "quantity",
      "service",
    ]);
    const slots = doc.paths["/api/slots"]?.get as unknown as { parameters: { name: string; required: boolean }[] };
    expect(slots.parameters.map((p) => [p.name, p.required])).toEqual([
      ["date", true],
      ["booking", false],
    ]);
    const signUp = doc.paths["/api/auth/sign-up/email"]?.post as unknown as { requestBody: unknown };
    expect(JSON.stringify(signUp.requestBody)).toMatch(/"email"/);
  });
});

// Real answers are walked against the document by the openapi-walk-*.test.ts files beside this one.
describe("the check of real answers against the document", () => {
  it("the check can fail: an answer unlike its documented schema or status is reported", async () => {
    const operations = describedOperations(t.app);
    const wrong = Response.json({ items: "none", count: 1 }, { status: 200 });
    expect(await checkAgainstDocument(operations, "GET", "/api/cart", wrong)).not.toEqual([]);
    const undocumented = Response.json({}, { status: 418 });
    expect(await checkAgainstDocument(operations, "GET", "/api/cart", undocumented)).not.toEqual([]);
    const badError = Response.json({ message: "x" }, { status: 401 });
    expect(await checkAgainstDocument(operations, "GET", "/api/cart", badError)).not.toEqual([]);
  });

  it("answers errors in the one shape", async () => {
    const response = await t.request("/api/cart");
    expect(response.status).toBe(401);
    expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
  });
});

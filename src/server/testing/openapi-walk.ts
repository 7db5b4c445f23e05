import { expect } from "vitest";
import { checkAgainstDocument, describedOperations } from "#server/http/openapi.ts";
import type { TestCustomer } from "./customers.ts";
import { startFakeRazorpay } from "./fake-razorpay.ts";
import { MANY_SIGN_UPS } from "./seeded-customer.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * The walk of the API's contract: every documented operation is sent a valid request (and some
 * invalid ones), and every answer is checked against /api/openapi.json. It is cut in three, each
 * its own test file in src/server/http/: a customer's own account, cart and bookings (with signing
 * in and out); a job from its mate's day to its payment; the console with the applications.
 */
export type WalkPart = "customer" | "job" | "console";

const JOB_PATHS = [
  /^\/api\/mate\//,
  /^\/api\/bookings\/\{id\}\/(extras|messages|rating|rework|payment)(\/|$)/,
  /^\/api\/rework\//,
  /^\/api\/services\/\{name\}\/reviews$/,
  /^\/api\/invoices\//,
  /^\/api\/payments\//,
  /^\/api\/payouts\//,
];

/** The walk that answers for an operation ("POST /api/ops/operators"): every operation has exactly one. */
export function walkPartOf(operation: string): WalkPart {
  const path = operation.slice(operation.indexOf(" ") + 1);
  if (path === "/api/applications" || path.startsWith("/api/ops/") || path.startsWith("/api/mate-invitations/")) {
    return "console";
  }
  if (JOB_PATHS.some((pattern) => pattern.test(path))) return "job";
  return "customer";
}

/** The token of the walk's /metrics. */
export const WALK_METRICS_TOKEN = "walk-metrics-token-0123456789";

/** The walk's app, on the clock `now`: the whole app with Razorpay's stand-in, many sign-ups allowed. */
export async function walkApp(now: () => Date) {
  const razorpay = await startFakeRazorpay({});
  const t = await createTestApp({
    now,
    authLimits: MANY_SIGN_UPS,
    env: { ...razorpay.env(), ...razorpay.x.env(), METRICS_TOKEN: WALK_METRICS_TOKEN },
  });
  const close = async () => {
    await t.close();
    await razorpay.close();
  };
  return { t, razorpay, close };
}

/** The JSON body of a request. */
export const body = (value: unknown) => ({ body: JSON.stringify(value) });

/** Expects an answer below 300, naming its URL and body when it is not. */
export async function ok(promise: Promise<Response>) {
  const response = await promise;
  expect(response.status, `${response.url} ${await response.clone().text()}`).toBeLessThan(300);
}

/**
 * One part of the walk: `check` sends a request (as `customer` unless said) and records what its
 * answer does not match in the document; `notWalked` lists the part's operations no request reached.
 */
export function openApiWalk(t: TestApp, part: WalkPart, customer: TestCustomer) {
  const walked = new Set<string>();
  const problems: string[] = [];
  async function check(
    method: string,
    path: string,
    init: RequestInit = {},
    as: "customer" | "visitor" | TestCustomer = "customer",
  ) {
    const send = as === "customer" ? customer.request : as === "visitor" ? t.request : as.request;
    const response = await send(path, { ...init, method });
    problems.push(...(await checkAgainstDocument(describedOperations(t.app), method, path, response)));
    walked.add(`${method} ${new URL(path, "http://x").pathname}`);
    return response;
  }
  const notWalked = () =>
    describedOperations(t.app)
      .map((op) => `${op.method} ${op.path}`)
      .filter((op) => walkPartOf(op) === part)
      .filter((op) => ![...walked].some((w) => new RegExp(`^${op.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(w)));
  return { check, walked, problems, notWalked };
}

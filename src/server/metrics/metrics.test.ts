import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { payments } from "#server/payments/schema.ts";
import { queuedJobs } from "#server/queue/schema.ts";
import { signUp, uniqueEmail } from "#testing/auth-requests.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { sendCode, uniqueNumber } from "#testing/phone-requests.ts";
import { SEED_NOW, seedCustomer } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

const TOKEN = "scrape-me-if-you-can-0123456789";
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The samples of a scrape: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

const scrape = async (t: TestApp) => {
  const response = await t.request("/metrics", { headers: bearer });
  expect(response.status).toBe(200);
  return response.text();
};

async function errorCode(response: Response) {
  return apiErrorSchema.parse(await response.json()).error.code;
}

describe("/metrics without METRICS_TOKEN", () => {
  it("is not offered: 404 with the error body, whatever is sent", async () => {
    const t = await createTestApp();
    try {
      const response = await t.request("/metrics", { headers: { authorization: "Bearer anything-at-all" } });
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe("not_found");
    } finally {
      await t.close();
    }
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it("refuses a missing or wrong token, and an operator's session, with 401", async () => {
    const operator = await signInAsOperator(t);
    const refusals = [
      await t.request("/metrics"),
      await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } }),
      await t.request("/metrics", { headers: { authorization: `Basic ${TOKEN}` } }),
      await t.request("/metrics", { headers: { authorization: "Bearer " } }),
      await operator.request("/metrics"),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await errorCode(response)).toBe("unauthorized");
    }
  });

  it("answers the token in Prometheus's text format, with the process's own metrics", async () => {
    const response = await t.request("/metrics", { headers: bearer });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "mates_http_requests_total",
      "mates_event_streams_open",
      "mates_queue_due_jobs",
      "mates_payments",
      "mates_payouts",
      "mates_db_pool_max",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    // No REDIS_URL here: the Redis metric is absent rather than a made-up state.
    expect(text).not.toContain("mates_redis_up");
  });

  it("counts requests by route pattern, never by their raw path", async () => {
    const customer = await signUpCustomer(t);
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) expect((await customer.request(`/api/bookings/${id}`)).status).toBe(404);
    const strays = [`/api/no-such-thing-${randomUUID()}`, `/no-such-page-${randomUUID()}`];
    for (const stray of strays) expect((await t.request(stray)).status).toBe(404);
    const text = await scrape(t);
    const found = samples(text);
    expect(found.get('mates_http_requests_total{method="GET",route="/api/bookings/:id",status="404"}')).toBe(2);
    expect(found.get('mates_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    for (const raw of [...ids, ...strays]) expect(text).not.toContain(raw);
    expect(
      found.get('mates_http_request_duration_seconds_count{method="GET",route="/api/bookings/:id",status="404"}'),
    ).toBe(2);
  });

  it("counts what the front door answers before the app under one route, front-door", async () => {
    const server = createServer(t.frontDoor(getRequestListener(t.app.fetch))).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // The first read builds the catalogue's answers (through the app); the next is the door's.
      expect((await fetch(`${origin}/api/services`)).status).toBe(200);
      const door = async () =>
        samples(await scrape(t)).get('mates_http_requests_total{method="GET",route="front-door",status="200"}') ?? 0;
      const before = await door();
      expect((await fetch(`${origin}/api/services/deep-cleaning`)).status).toBe(200);
      expect(await door()).toBe(before + 1);
      const text = await scrape(t);
      expect(text).not.toContain("deep-cleaning");
    } finally {
      server.close();
    }
  });

  it("counts the open event streams while they are open", async () => {
    const customer = await signUpCustomer(t);
    const open = () => samples(scrapeSync).get("mates_event_streams_open");
    let scrapeSync = await scrape(t);
    expect(open()).toBe(0);
    const stream = await customer.request("/api/events");
    const reader = stream.body?.getReader();
    await reader?.read();
    scrapeSync = await scrape(t);
    expect(open()).toBe(1);
    await reader?.cancel();
    scrapeSync = await scrape(t);
    expect(open()).toBe(0);
  });

  it("tells the queue's due jobs and how long the oldest has waited", async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.database.db.insert(queuedJobs).values([
      { id: randomUUID(), name: "metrics-test", key: `m-${randomUUID()}`, payload: {}, runAt: minutesAgo(10) },
      { id: randomUUID(), name: "metrics-test", key: `m-${randomUUID()}`, payload: {}, runAt: minutesAgo(1) },
      // Claimed by a live worker: not due for anyone else.
      {
        id: randomUUID(),
        name: "metrics-test",
        key: `m-${randomUUID()}`,
        payload: {},
        runAt: minutesAgo(30),
        lockedUntil: new Date(Date.now() + 60_000),
      },
      // Later: not due yet.
      { id: randomUUID(), name: "metrics-test", key: `m-${randomUUID()}`, payload: {}, runAt: minutesAgo(-60) },
    ]);
    const found = samples(await scrape(t));
    expect(found.get("mates_queue_due_jobs")).toBe(2);
    expect(found.get("mates_queue_claimed_jobs")).toBe(1);
    const oldest = found.get("mates_queue_oldest_due_seconds") ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(1800);
  });

  it("counts a mail once it is sent", async () => {
    const sent = async () => samples(await scrape(t)).get('mates_mails_total{outcome="sent"}') ?? 0;
    const before = await sent();
    const email = uniqueEmail("counted");
    await signUp(t, { name: "Counted", email, password: "good-password", mobile: "9833344411" });
    await t.request("/api/auth/request-password-reset", { method: "POST", body: JSON.stringify({ email }) });
    // The mail is written after the answer.
    await vi.waitFor(async () => expect(await sent()).toBe(before + 1));
  });

  it("counts a sign-in code by SMS as sent once the provider (here the outbox) took it", async () => {
    const sent = async () => samples(await scrape(t)).get('mates_sms_total{kind="code",outcome="sent"}') ?? 0;
    const before = await sent();
    expect((await sendCode(t, uniqueNumber())).status).toBe(200);
    expect(await sent()).toBe(before + 1);
  });
});

describe("payments by state", () => {
  it("counts the payments of each state in the database", async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, now: () => SEED_NOW });
    try {
      const { bookingId } = await seedCustomer(t, "11:00");
      const payment = (status: string) => ({
        id: randomUUID(),
        bookingId,
        purpose: "bill" as const,
        orderId: `order_${randomUUID()}`,
        amountPaise: 49_900,
        status,
      });
      await t.database.db.insert(payments).values([payment("captured"), payment("captured"), payment("failed")]);
      const found = samples(await scrape(t));
      expect(found.get('mates_payments{state="captured"}')).toBe(2);
      expect(found.get('mates_payments{state="failed"}')).toBe(1);
      expect(found.has('mates_payments{state="authorized"}')).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("metrics when things fail", () => {
  it("counts a mail the SMTP server never took as failed", async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, SMTP_URL: "smtp://127.0.0.1:1" } });
    try {
      const email = uniqueEmail("unsent");
      await signUp(t, { name: "Unsent", email, password: "good-password", mobile: "9833344422" });
      await t.request("/api/auth/request-password-reset", { method: "POST", body: JSON.stringify({ email }) });
      await vi.waitFor(async () =>
        expect(samples(await scrape(t)).get('mates_mails_total{outcome="failed"}')).toBeGreaterThanOrEqual(1),
      );
    } finally {
      await t.close();
    }
  });

  it("still answers without the database's metrics when the database is down", async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      await t.database.close();
      const text = await scrape(t);
      const found = samples(text);
      expect([...found.keys()].some((key) => key.startsWith("mates_queue_due_jobs"))).toBe(false);
      expect([...found.keys()].some((key) => key.startsWith("mates_payments"))).toBe(false);
      expect(found.get("mates_event_streams_open")).toBe(0);
      expect(text).toContain("process_cpu_seconds_total");
    } finally {
      await t.close().catch(() => {});
    }
  });
});

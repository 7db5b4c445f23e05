import { eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditListSchema,
  opsCustomerListSchema,
  opsCustomerResponseSchema,
  opsOperatorListSchema,
} from "#domain/ops.ts";
import { sessions, users } from "#server/auth/schema.ts";
import { redisEventBus } from "#server/events/bus.ts";
import { mates } from "#server/mates/schema.ts";
import { cookieJar } from "#testing/cookie-jar.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { auditOf, operatorConsole } from "#testing/operator-console.ts";
import { errorOf, post } from "#testing/requests.ts";
import { SEED_NOW, seedCustomer } from "#testing/seeded-customer.ts";
import { SseClient } from "#testing/sse-client.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/** Issue 16: the operator console's customers and operators, and the audit log. */
let t: TestApp;
let operator: TestCustomer;
beforeAll(async () => {
  ({ t, operator } = await operatorConsole());
});
afterAll(() => t.close());

describe("customers", () => {
  it("finds a customer and shows their bookings and addresses", async () => {
    const customer = await seedCustomer(t, "09:00");
    const found = opsCustomerListSchema.parse(
      await (await operator.request(`/api/ops/customers?q=${encodeURIComponent(customer.marker)}`)).json(),
    );
    expect(found.customers.map((c) => c.id)).toEqual([customer.id]);
    const { customer: detail } = opsCustomerResponseSchema.parse(
      await (await operator.request(`/api/ops/customers/${customer.id}`)).json(),
    );
    expect(detail.bookings.map((b) => b.id)).toEqual([customer.bookingId]);
    expect(detail.addresses).toEqual([expect.objectContaining({ id: customer.addressId, served: true })]);
    // Operators and mates are not customers here.
    expect((await operator.request(`/api/ops/customers/${operator.id}`)).status).toBe(404);
  });

  it("disabling ends the account's sessions at once, even a cached one, and refuses sign-in until enabled", async () => {
    const email = `disable.${Date.now()}@example.com`;
    const jar = cookieJar();
    const signUp = await t.request(
      "/api/auth/sign-up/email",
      post({ name: "Disable Me", email, password: "vada-pav-2026", mobile: "9820012345" }),
    );
    jar.take(signUp.headers.getSetCookie());
    const id = ((await signUp.json()) as { user: { id: string } }).user.id;
    const as = (path: string) => t.request(path, { headers: { cookie: jar.header() } });
    expect((await as("/api/cart")).status).toBe(200);
    const stream = new SseClient(await as("/api/events"));

    const response = await operator.request(`/api/ops/customers/${id}/disable`, post({ reason: "Abusive to mates" }));
    expect(response.status).toBe(200);
    // The signed cookie would vouch for 30 seconds more; the account is refused now.
    expect((await as("/api/cart")).status).toBe(401);
    await stream.done;
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const signIn = await t.request("/api/auth/sign-in/email", post({ email, password: "vada-pav-2026" }));
    expect(signIn.status).toBe(403);
    expect((await errorOf(signIn)).message).toBe("This account is disabled. Please write to the Mates support team.");

    await operator.request(`/api/ops/customers/${id}/enable`, post({ reason: "Apologised; reinstated" }));
    const back = await t.request("/api/auth/sign-in/email", post({ email, password: "vada-pav-2026" }));
    expect(back.status).toBe(200);
    const fresh = cookieJar();
    fresh.take(back.headers.getSetCookie());
    expect((await t.request("/api/cart", { headers: { cookie: fresh.header() } })).status).toBe(200);
    expect((await auditOf(t, id)).map((e) => e.action).sort()).toEqual(["customer.disable", "customer.enable"]);
  });
});

describe("operators and the audit log", () => {
  it("invites another operator, who signs in to the console", async () => {
    const response = await operator.request("/api/ops/operators", post({ email: "Second.Desk@Example.com" }));
    expect(response.status).toBe(201);
    const { operators } = opsOperatorListSchema.parse(await response.json());
    // No name is made up from the address: the operator gives theirs with their password (issue 36).
    expect(operators.find((o) => o.email === "second.desk@example.com")).toMatchObject({
      name: "",
      active: false,
    });
    const customer = await signUpCustomer(t);
    const taken = await operator.request("/api/ops/operators", post({ email: customer.email }));
    expect(taken.status).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.role).toBe("customer");
  });

  it("lists the log newest first, filtered, 50 a page", async () => {
    const mate = "mate-003";
    for (let i = 0; i < 3; i += 1) {
      await operator.request(`/api/ops/mates/${mate}/suspend`, post({ reason: `Round ${i}` }));
      await operator.request(`/api/ops/mates/${mate}/reinstate`, post({ reason: `Round ${i} over` }));
    }
    const page = auditListSchema.parse(
      await (await operator.request(`/api/ops/audit?subjectType=mate&subjectId=${mate}&action=mate.suspend`)).json(),
    );
    expect(page.entries.map((e) => e.reason)).toEqual(["Round 2", "Round 1", "Round 0"]);
    expect(page.entries[0]?.actor).toMatchObject({ id: operator.id });
    expect(page.nextBefore).toBeNull();
    const all = auditListSchema.parse(await (await operator.request("/api/ops/audit")).json());
    const older = auditListSchema.parse(
      await (await operator.request(`/api/ops/audit?before=${all.entries[1]?.id}`)).json(),
    );
    expect(older.entries[0]?.id).toBe(all.entries[2]?.id);
    const day = SEED_NOW.toISOString().slice(0, 10);
    const today = auditListSchema.parse(await (await operator.request(`/api/ops/audit?from=${day}&to=${day}`)).json());
    expect(today.entries.length).toBeGreaterThan(0);
    expect((await operator.request("/api/ops/audit?subjectType=planet")).status).toBe(400);
    // No route changes the log, and the database refuses to.
    const error = await t.database.db.execute(sql`delete from audit_log`).then(
      () => undefined,
      (failure: unknown) => failure as Error & { cause?: unknown },
    );
    expect(String(error?.cause ?? error)).toMatch(/append-only/);
    expect((await t.database.db.select().from(mates).where(eq(mates.id, mate)))[0]?.suspendedAt).toBeNull();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("a disabled account on two instances sharing one database and Redis", () => {
  it("is refused at once by the instance that did not disable it", async () => {
    const connections: Redis[] = [];
    const redis = () => {
      const connection = new Redis(redisUrl as string);
      connections.push(connection);
      return connection;
    };
    const env = { SESSION_CACHE_SECONDS: "30" };
    const first = await createTestApp({ env, events: await redisEventBus(redis(), redis()) });
    const second = await createTestApp({
      env,
      database: first.database,
      events: await redisEventBus(redis(), redis()),
    });
    try {
      const desk = await signInAsOperator(first);
      const jar = cookieJar();
      const email = `two.instances.${Date.now()}@example.com`;
      const signUp = await second.request(
        "/api/auth/sign-up/email",
        post({ name: "Two Instances", email, password: "vada-pav-2026", mobile: "9820012345" }),
      );
      jar.take(signUp.headers.getSetCookie());
      const id = ((await signUp.json()) as { user: { id: string } }).user.id;
      const onSecond = () => second.request("/api/cart", { headers: { cookie: jar.header() } });
      expect((await onSecond()).status).toBe(200);
      expect(
        (await desk.request(`/api/ops/customers/${id}/disable`, post({ reason: "Fraudulent bookings" }))).status,
      ).toBe(200);
      // Delivered through Redis within moments, long before the 30-second cookie runs out.
      await expect.poll(async () => (await onSecond()).status, { timeout: 2000, interval: 20 }).toBe(401);
    } finally {
      await second.close();
      await first.close();
      for (const connection of connections) connection.disconnect();
    }
  });
});

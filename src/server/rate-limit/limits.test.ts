import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { freePort, hasRedisServer, startRedisServer } from "#testing/redis-server.ts";
import { createTestApp, type TestApp, testRedisClient } from "#testing/test-app.ts";
import { createLimits, type LimitStore } from "./limits.ts";

function behavesAsALimit(store: () => LimitStore) {
  it("allows max in a window, then refuses with the seconds to wait; keys and names count apart", async () => {
    const limits = createLimits({ a: { max: 3, windowSeconds: 60 }, b: { max: 1, windowSeconds: 60 } }, store());
    const key = randomUUID();
    for (let i = 0; i < 3; i++) expect(await limits.consume("a", key)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await limits.consume("a", key);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limits.consume("a", `${key}:other`)).allowed).toBe(true);
    expect((await limits.consume("b", key)).allowed).toBe(true);
    expect((await limits.consume("b", key)).allowed).toBe(false);
  });

  it("refuses everything with a limit of 0", async () => {
    const limits = createLimits({ none: { max: 0, windowSeconds: 60 } }, store());
    expect((await limits.consume("none", "k")).allowed).toBe(false);
  });
}

describe("createLimits in memory", () => {
  behavesAsALimit(() => ({}));

  it("throws on a name it was not given (a programming error, not a client's)", async () => {
    const limits = createLimits<string>({ a: { max: 1, windowSeconds: 60 } });
    await expect(limits.consume("b", "k")).rejects.toThrow(/No rate limit named b/);
  });
});

describe.skipIf(!process.env.REDIS_URL)("createLimits on Redis (REDIS_URL)", () => {
  let redis: Redis;
  let other: Redis;
  beforeAll(async () => {
    redis = await testRedisClient(process.env.REDIS_URL as string);
    other = await testRedisClient(process.env.REDIS_URL as string);
  });
  afterAll(async () => {
    await redis.quit();
    await other.quit();
  });

  behavesAsALimit(() => ({ redis, prefix: `mates:test:${randomUUID()}:` }));

  it("shares one count between instances", async () => {
    const prefix = `mates:test:${randomUUID()}:`;
    const rules = { shared: { max: 2, windowSeconds: 60 } };
    const a = createLimits(rules, { redis, prefix });
    const b = createLimits(rules, { redis: other, prefix });
    expect((await a.consume("shared", "k")).allowed).toBe(true);
    expect((await b.consume("shared", "k")).allowed).toBe(true);
    expect((await a.consume("shared", "k")).allowed).toBe(false);
    expect((await b.consume("shared", "k")).allowed).toBe(false);
    expect(await redis.get(`${prefix}shared:k`)).toBe("4");
    // Past its limit a key is refused from memory, without asking Redis again.
    expect((await a.consume("shared", "k")).allowed).toBe(false);
    expect(await redis.get(`${prefix}shared:k`)).toBe("4");
  });
});

/**
 * Redis stops in the middle of a run: the API keeps answering at once, the limit still holds (the
 * in-memory insurance limiter), and Redis is used again once it is back. Runs on a Redis of its own.
 */
describe.skipIf(!hasRedisServer())("when Redis goes down and comes back", () => {
  const LIMIT = 3;
  const prefix = `mates:test:${randomUUID()}:`;
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let redis: Redis;
  let t: TestApp;

  beforeAll(async () => {
    server = await startRedisServer(await freePort());
    redis = await testRedisClient(server.url);
    t = await createTestApp({ env: { WRITES_PER_USER_PER_MINUTE: String(LIMIT) }, limitStore: { redis, prefix } });
  });
  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
    await server?.stop();
  });

  it("answers without error and in normal time, keeps the limit, and uses Redis again when it is back", async () => {
    const customer = await signUpCustomer(t, "Meera Nair");
    const write = async () => {
      const started = performance.now();
      const response = await customer.request("/api/me", {
        method: "PATCH",
        body: JSON.stringify({ mobile: "9820012345" }),
      });
      return { status: response.status, body: await response.text(), ms: performance.now() - started };
    };
    const writesKey = `${prefix}writes:${customer.id}`;

    // Redis up: it keeps the count.
    expect((await write()).status).toBe(200);
    expect(await redis.get(writesKey)).toBe("1");

    // Redis stops (SIGTERM, nothing saved); the client notices the closed connection.
    const closed = new Promise((resolve) => redis.once("close", resolve));
    await server.stop();
    await closed;
    expect(redis.status).not.toBe("ready");

    // (a) Requests are answered, each in well under a second (a hanging Redis command would take
    // seconds or forever), and (b) the insurance limiter counts from here: LIMIT more, then a 429.
    const during = [];
    for (let i = 0; i < LIMIT + 1; i++) during.push(await write());
    expect(during.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    for (const r of during) expect(r.ms).toBeLessThan(1000);
    expect(apiErrorSchema.parse(JSON.parse(during[LIMIT]?.body ?? "{}")).error.code).toBe("rate_limited");
    expect((await customer.request("/api/me")).status).toBe(200);

    // (c) Redis is back, empty, on the same port: once the client has reconnected, counts go to Redis again.
    // (events.once would reject on the client's "error" events from its refused reconnects)
    const ready = new Promise((resolve) => redis.once("ready", resolve));
    await server.restart();
    await ready;
    expect((await write()).status).toBe(200);
    expect(await redis.get(writesKey)).toBe("1");
    for (let i = 1; i < LIMIT; i++) expect((await write()).status).toBe(200);
    expect((await write()).status).toBe(429);
    expect(await redis.get(writesKey)).toBe(String(LIMIT + 1));
  }, 30_000);
});

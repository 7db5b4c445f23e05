import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import type { ServerEvent } from "#server/events/bus.ts";
import { createLimits } from "#server/rate-limit/limits.ts";
import { connectRedis, type RedisConnections } from "./redis.ts";
import { sharedThroughRedis } from "./shared.ts";

/**
 * Two deployments on one Redis server (issue 42): each with two instances, wired as main.ts wires
 * them, under the prefix their settings give. Within a deployment everything is shared; between
 * them nothing: no event, no cache entry, no rate-limit count.
 */

const redisUrl = process.env.REDIS_URL;
const logger = pino({ level: "silent" });
const opened: RedisConnections[] = [];

afterAll(async () => {
  await Promise.all(opened.map((connections) => connections.close()));
});

async function instance(prefix: string) {
  const redis = await connectRedis(redisUrl ?? "", logger);
  opened.push(redis);
  const shared = await sharedThroughRedis(redis, prefix, logger);
  const heard: ServerEvent[] = [];
  shared.events.subscribe("user-1", (event) => heard.push(event));
  const limits = createLimits({ writes: { max: 2, windowSeconds: 60 } }, shared.limitStore);
  return { ...shared, heard, limits };
}

describe.skipIf(!redisUrl)("two deployments on one Redis", () => {
  it("share nothing, while the instances of each share everything", { timeout: 30_000 }, async () => {
    // Two shops on one PostgreSQL server, each with its own database: the default prefixes differ.
    const shop = loadConfig({ DATABASE_URL: `postgres://127.0.0.1:5432/shop_${process.pid}` }).redisPrefix;
    const other = loadConfig({ DATABASE_URL: `postgres://127.0.0.1:5432/other_${process.pid}` }).redisPrefix;
    expect(shop).not.toBe(other);
    const [a1, a2, b1, b2] = await Promise.all([instance(shop), instance(shop), instance(other), instance(other)]);

    // Events: the same user id in both shops (ids are per database); only a1's own shop hears it.
    await a1.events.publish("user-1", { type: "cart", data: { shop } });
    await expect.poll(() => a2.heard.length, { timeout: 5_000 }).toBe(1);
    expect(a2.heard[0]).toMatchObject({ type: "cart", data: { shop } });
    // b2 publishes after a1, on the same Redis: once a1's shop hears it, b's would have heard a1's.
    await b2.events.publish("user-1", { type: "cart", data: { shop: other } });
    await expect.poll(() => b1.heard.length, { timeout: 5_000 }).toBe(1);
    expect([...b1.heard, ...b2.heard].map((event) => event.data)).toEqual([{ shop: other }, { shop: other }]);
    expect(a1.heard.map((event) => event.data)).toEqual([{ shop }]);
    expect(a2.heard).toHaveLength(1);

    // Rate limits: the shop's two writes are spent across its instances; the other shop's are not.
    const key = `customer-${process.pid}-${Date.now()}`;
    expect((await a1.limits.consume("writes", key)).allowed).toBe(true);
    expect((await a2.limits.consume("writes", key)).allowed).toBe(true);
    expect((await a1.limits.consume("writes", key)).allowed).toBe(false);
    expect((await b1.limits.consume("writes", key)).allowed).toBe(true);

    // The cache.
    await a1.cache.set(key, "from the shop", 60);
    expect(await a2.cache.get(key)).toBe("from the shop");
    expect(await b1.cache.get(key)).toBeUndefined();
  });
});

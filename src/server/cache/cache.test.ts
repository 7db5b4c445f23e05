import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { REDIS_OPTIONS } from "#server/redis/redis.ts";
import { type Cache, fallbackCache, memoryCache, redisCache } from "./cache.ts";

function behavesAsACache(make: () => Cache) {
  it("keeps values until their time is up", async () => {
    const cache = make();
    const key = randomUUID();
    expect(await cache.get(key)).toBeUndefined();
    await cache.set(key, "value", 60);
    expect(await cache.get(key)).toBe("value");
  });

  it("lets exactly one caller claim a key for an interval", async () => {
    const cache = make();
    const key = randomUUID();
    const claims = await Promise.all([cache.claim(key, 1000), cache.claim(key, 1000), cache.claim(key, 1000)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
}

describe("memoryCache", () => {
  behavesAsACache(() => memoryCache());

  it("forgets expired values and the oldest beyond its size", async () => {
    let now = 0;
    const cache = memoryCache(2, () => now);
    await cache.set("a", "1", 10);
    await cache.set("b", "2", 10);
    await cache.set("c", "3", 10);
    expect(await cache.get("a")).toBeUndefined();
    expect(await cache.get("c")).toBe("3");
    now = 10_001;
    expect(await cache.get("c")).toBeUndefined();
    expect(await cache.claim("gate", 1000)).toBe(true);
  });
});

describe.skipIf(!process.env.REDIS_URL)("redisCache (REDIS_URL)", () => {
  const redis = new Redis(process.env.REDIS_URL as string);
  const other = new Redis(process.env.REDIS_URL as string);
  afterAll(async () => {
    await redis.quit();
    await other.quit();
  });
  const prefix = `mates:test:${randomUUID()}:`;

  behavesAsACache(() => redisCache(redis, prefix));

  it("is shared between instances", async () => {
    await redisCache(redis, prefix).set("shared", "hello", 60);
    expect(await redisCache(other, prefix).get("shared")).toBe("hello");
    expect(await redisCache(redis, prefix).claim("gate", 1000)).toBe(true);
    expect(await redisCache(other, prefix).claim("gate", 1000)).toBe(false);
  });
});

describe("fallbackCache over a Redis nobody answers at", () => {
  // A port with nothing listening: the client fails every command at once and keeps reconnecting.
  const redis = new Redis("redis://127.0.0.1:1", REDIS_OPTIONS);
  redis.on("error", () => {});
  afterAll(() => redis.disconnect());

  behavesAsACache(() => fallbackCache(redisCache(redis), memoryCache(), () => true));

  it("answers from memory without waiting for Redis", async () => {
    const cache = fallbackCache(redisCache(redis), memoryCache(), () => true);
    const started = performance.now();
    await cache.set("k", "v", 60);
    expect(await cache.get("k")).toBe("v");
    expect(await cache.claim("gate", 1000)).toBe(true);
    expect(await cache.claim("gate", 1000)).toBe(false);
    expect(performance.now() - started).toBeLessThan(REDIS_OPTIONS.commandTimeout as number);
  });
});

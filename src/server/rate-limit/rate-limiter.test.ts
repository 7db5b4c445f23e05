import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from "./rate-limiter.ts";

function behavesAsAFixedWindow(make: () => RateLimiter) {
  it("allows max requests in a window, then refuses with the time to wait", async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    const limit = { max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) expect((await limiter.consume(key, limit)).allowed).toBe(true);
    const refused = await limiter.consume(key, limit);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume(`${key}:other`, limit)).allowed).toBe(true);
  });
}

describe("memoryRateLimiter", () => {
  behavesAsAFixedWindow(() => memoryRateLimiter());

  it("opens a new window when the old one ends", async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    const limit = { max: 1, windowSeconds: 10 };
    expect((await limiter.consume("k", limit)).allowed).toBe(true);
    expect((await limiter.consume("k", limit)).allowed).toBe(false);
    now = 10_001;
    expect((await limiter.consume("k", limit)).allowed).toBe(true);
  });
});

describe.skipIf(!process.env.REDIS_URL)("redisRateLimiter (REDIS_URL)", () => {
  const redis = new Redis(process.env.REDIS_URL as string);
  afterAll(() => redis.quit());

  behavesAsAFixedWindow(() => redisRateLimiter(redis, `mates:test:${randomUUID()}:`));

  it("shares one count between instances", async () => {
    const prefix = `mates:test:${randomUUID()}:`;
    const other = new Redis(process.env.REDIS_URL as string);
    try {
      const a = redisRateLimiter(redis, prefix);
      const b = redisRateLimiter(other, prefix);
      const limit = { max: 2, windowSeconds: 60 };
      expect((await a.consume("shared", limit)).allowed).toBe(true);
      expect((await b.consume("shared", limit)).allowed).toBe(true);
      expect((await a.consume("shared", limit)).allowed).toBe(false);
      expect((await b.consume("shared", limit)).allowed).toBe(false);
    } finally {
      await other.quit();
    }
  });
});

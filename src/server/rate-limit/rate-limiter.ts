import type { Redis } from "ioredis";

/**
 * Fixed-window counters. In one process they live in memory; with REDIS_URL they live in Redis, so
 * every instance behind a load balancer counts against the same limit.
 */
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export type RateLimiter = {
  consume: (key: string, limit: { max: number; windowSeconds: number }) => Promise<RateLimitResult>;
};

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    consume: async (key, { max, windowSeconds }) => {
      const at = now();
      if (at - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
        lastSweep = at;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= max,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)),
      };
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = "mates:rl:"): RateLimiter {
  return {
    consume: async (key, { max, windowSeconds }) => {
      const redisKey = `${prefix}${key}`;
      const result = await redis.multi().incr(redisKey).expire(redisKey, windowSeconds, "NX").pttl(redisKey).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowSeconds * 1000);
      return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
  };
}

import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Named rate limits on rate-limiter-flexible. Each name has a rule (at most `max` in a fixed window of
 * `windowSeconds`); callers consume one point for a key (a client address, a user id, "google").
 *
 * Without Redis the counts live in this process. With Redis every instance counts against the same
 * limit, and an in-memory insurance limiter with the same rule takes over at once whenever Redis
 * does not answer: requests neither fail nor go unlimited during an outage (each instance then
 * counts on its own, from zero, until Redis is back).
 */
export type LimitRule = { max: number; windowSeconds: number };

export type LimitResult = { allowed: boolean; retryAfterSeconds: number };

export type Limits<N extends string = string> = {
  consume: (name: N, key: string) => Promise<LimitResult>;
  /** Gives back one point consumed for nothing (an SMS the provider did not take). */
  refund: (name: N, key: string) => Promise<void>;
};

/** Where counts live: this process, or a Redis shared by every instance (keys under `prefix`). */
export type LimitStore = { redis?: Redis | undefined; prefix?: string };

export function createLimits<N extends string>(
  rules: Partial<Record<N, LimitRule>>,
  store: LimitStore = {},
): Limits<N> {
  const prefix = store.prefix ?? "mates:rl:";
  const limiters = new Map<string, RateLimiterMemory | RateLimiterRedis>();
  for (const [name, rule] of Object.entries(rules) as [N, LimitRule | undefined][]) {
    if (!rule) continue;
    const options = { keyPrefix: `${prefix}${name}`, points: rule.max, duration: rule.windowSeconds };
    const memory = new RateLimiterMemory(options);
    limiters.set(
      name,
      store.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: store.redis,
            insuranceLimiter: memory,
            // Fail over to the insurance limiter at once while the client is not connected, instead of
            // handing the command to ioredis (which might queue it or wait for a reconnect).
            rejectIfRedisNotReady: true,
            // A key past its limit is refused from memory until its window ends: a script hammering
            // the API costs no Redis round trips.
            inMemoryBlockOnConsumed: rule.max + 1,
          })
        : memory,
    );
  }

  const limiterOf = (name: N) => {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`No rate limit named ${name}`);
    return limiter;
  };
  return {
    consume: async (name, key) => {
      const limiter = limiterOf(name);
      try {
        await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
    refund: async (name, key) => {
      await limiterOf(name).reward(key, 1);
    },
  };
}

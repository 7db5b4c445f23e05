import type { Redis } from "ioredis";

/**
 * A small key-value cache with time-to-live: in memory for one process, in Redis (shared by every
 * instance) when REDIS_URL is set. Values are strings; callers serialise.
 */
export type Cache = {
  get: (key: string) => Promise<string | undefined>;
  set: (key: string, value: string, ttlSeconds: number) => Promise<void>;
  /** Sets the key only when absent; true when this call set it. For once-per-interval gates. */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
};

export function memoryCache(maxEntries = 10_000, now: () => number = Date.now): Cache {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlMs: number) => {
    entries.delete(key);
    entries.set(key, { value, expiresAt: now() + ttlMs });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };
  return {
    get: async (key) => live(key)?.value,
    set: async (key, value, ttlSeconds) => put(key, value, ttlSeconds * 1000),
    claim: async (key, ttlMs) => {
      if (live(key)) return false;
      put(key, "1", ttlMs);
      return true;
    },
  };
}

export function redisCache(redis: Redis, prefix = "mates:cache:"): Cache {
  return {
    get: async (key) => (await redis.get(`${prefix}${key}`)) ?? undefined,
    set: async (key, value, ttlSeconds) => {
      await redis.set(`${prefix}${key}`, value, "EX", ttlSeconds);
    },
    claim: async (key, ttlMs) => (await redis.set(`${prefix}${key}`, "1", "PX", ttlMs, "NX")) === "OK",
  };
}

/**
 * Redis first, this instance's memory when Redis fails or is known to be down: a Redis outage
 * costs sharing between instances, never an answer. The Nominatim gate (`claim`) keeps working,
 * per instance, while Redis is away.
 */
export function fallbackCache(primary: Cache, fallback: Cache, primaryUp: () => boolean): Cache {
  const attempt =
    <A extends unknown[], R>(pick: (cache: Cache) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (primaryUp()) {
        try {
          return await pick(primary)(...args);
        } catch {
          // Redis failed mid-call: answer from memory.
        }
      }
      return pick(fallback)(...args);
    };
  return {
    get: attempt((cache) => cache.get),
    set: attempt((cache) => cache.set),
    claim: attempt((cache) => cache.claim),
  };
}

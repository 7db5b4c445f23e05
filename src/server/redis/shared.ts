import type { Logger } from "pino";
import { type Cache, fallbackCache, memoryCache, redisCache } from "#server/cache/cache.ts";
import { type EventBus, redisEventBus } from "#server/events/bus.ts";
import type { LimitStore } from "#server/rate-limit/limits.ts";
import type { RedisConnections } from "./redis.ts";

/**
 * Every name this deployment uses in Redis, under its prefix (REDIS_PREFIX): two deployments on
 * one Redis server share nothing, pub/sub included (a Redis database number does not separate
 * channels). docs/decisions/075.
 */
export function redisNames(prefix: string) {
  return {
    /** The pub/sub channel of live events; their counter and short logs are named beside it (events/log.ts). */
    events: `${prefix}:events`,
    /** Cache keys start with this. */
    cache: `${prefix}:cache:`,
    /** Rate-limit counters start with this. */
    limits: `${prefix}:rl:`,
  };
}

/** What the instances of one deployment share through Redis: live events, the cache, rate limits. */
export async function sharedThroughRedis(
  redis: RedisConnections,
  prefix: string,
  logger: Pick<Logger, "warn">,
): Promise<{ events: EventBus; cache: Cache; limitStore: LimitStore }> {
  const names = redisNames(prefix);
  const up = () => redis.status.state() === "up";
  return {
    events: await redisEventBus(redis.client, redis.subscriber, {
      channel: names.events,
      onBadMessage: (message) =>
        logger.warn({ message: message.slice(0, 200) }, "ignored a malformed event from Redis"),
      publisherUp: up,
    }),
    // Redis down (at start or later) degrades to this instance's memory; it never stops the server.
    cache: fallbackCache(redisCache(redis.client, names.cache), memoryCache(), up),
    limitStore: { redis: redis.client, prefix: names.limits },
  };
}

import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "pino";

/**
 * The product's Redis connections (REDIS_URL), built so that an outage degrades and never fails:
 * a command to a Redis that is down fails at once (no offline queue, a short command timeout)
 * instead of waiting seconds, callers fall back to this instance's memory, and the clients keep
 * reconnecting in the background, forever, so that everything resumes by itself when Redis
 * returns. See docs/decisions/017-durability.md.
 */

/** What /api/health reports: "up" when the command connection is ready. */
export type RedisState = "up" | "down";

export type RedisStatus = {
  state: () => RedisState;
};

type Tracker = RedisStatus & { /** Stops reporting (a shutdown closes the connection on purpose). */ stop: () => void };

/** The longest a command may take before its caller falls back to memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Reconnect attempts: 100 ms, 200 ms, … then every 2 s, never giving up. */
export const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2_000);

export const REDIS_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  connectTimeout: 2_000,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  retryStrategy: reconnectDelay,
};

export const OUTAGE_WARNING = "Redis unavailable; falling back to this instance's memory for caches and live events";
export const RECOVERY_INFO = "Redis is back; caches and live events go through it again";

/**
 * Follows one client's connection: a single warning when it goes down, a single info line when it
 * is back, whatever the number of failed reconnects in between.
 */
export function trackRedis(client: Redis, logger: Pick<Logger, "warn" | "info">): Tracker {
  let warned = false;
  let stopped = false;
  const down = (error?: Error) => {
    if (stopped || warned || client.status === "ready") return;
    warned = true;
    logger.warn({ reason: error?.message ?? client.status }, OUTAGE_WARNING);
  };
  client.on("ready", () => {
    if (warned) logger.info(RECOVERY_INFO);
    warned = false;
  });
  client.on("error", down);
  client.on("close", () => down());
  return {
    state: () => (client.status === "ready" ? "up" : "down"),
    stop: () => {
      stopped = true;
    },
  };
}

export type RedisConnections = {
  /** Commands: cache, rate limits, publishing events. */
  client: Redis;
  /** A connection of its own for the events subscription (a subscribed connection can do nothing else). */
  subscriber: Redis;
  status: RedisStatus;
  close: () => Promise<void>;
};

/**
 * Opens the connections and waits a moment for the first one. A Redis that is down at start is
 * not fatal: the server starts degraded (instance memory) and takes Redis up when it appears.
 */
export async function connectRedis(url: string, logger: Pick<Logger, "warn" | "info">): Promise<RedisConnections> {
  const client = new Redis(url, REDIS_OPTIONS);
  // The subscriber keeps its offline queue: its SUBSCRIBE waits for the connection, and ioredis
  // subscribes again by itself after every reconnect (autoResubscribe).
  const subscriber = new Redis(url, {
    ...REDIS_OPTIONS,
    enableOfflineQueue: true,
    commandTimeout: undefined,
    maxRetriesPerRequest: null,
  });
  const status = trackRedis(client, logger);
  subscriber.on("error", () => {
    // Reported once through the command connection's tracker; reconnecting is automatic.
  });
  await client.connect().catch(() => {
    // Already logged by the tracker; the client goes on reconnecting in the background.
  });
  subscriber.connect().catch(() => {});
  return {
    client,
    subscriber,
    status,
    close: async () => {
      status.stop();
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}

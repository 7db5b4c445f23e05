import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { Agent } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import pino from "pino";
import { createApp } from "#server/app.ts";
import type { AuthLimits } from "#server/auth/routes.ts";
import { memoryCache } from "#server/cache/cache.ts";
import { readSeedCatalogue, seedCatalogue } from "#server/catalogue/catalogue.ts";
import { loadConfig } from "#server/config.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { type EventBus, memoryEventBus } from "#server/events/bus.ts";
import type { EventStreamOptions } from "#server/events/routes.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { seedMates } from "#server/mates/mates.ts";
import type { LimitStore } from "#server/rate-limit/limits.ts";
import { freshPostgresDatabase } from "./postgres-database.ts";

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite by default, or,
 * when DATABASE_URL is set (CI), a new database created on that PostgreSQL server and dropped after.
 */
export async function createTestDatabase(onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  const watch = onQuery ? { onQuery } : {};
  if (!serverUrl) return openDatabase({ kind: "pglite", dataDir: undefined, ...watch });

  const database = await freshPostgresDatabase(serverUrl);
  const handle = await openDatabase({ kind: "postgres", url: database.url, maxConnections: 5, ...watch });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What signs the test app's sessions and links (the unsubscribe link's token, for one). */
export const TEST_AUTH_SECRET = "test-secret-that-is-at-least-32-characters-long";

/**
 * The whole app in process over a fresh database, with the shipped catalogue seeded. Requests made
 * with `request` carry the app's Origin, as the browser's would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    authLimits?: AuthLimits;
    /** Another instance's view of the same database (two-instance tests). */
    database?: DatabaseHandle;
    /** Called with each statement's SQL as it is sent (a test acting at a given moment of a request). */
    onQuery?: (sql: string) => void;
    events?: EventBus;
    eventStream?: EventStreamOptions;
    now?: () => Date;
    /** Where rate-limit counts live; by default Redis when REDIS_URL is set (keys of this app's own), else memory. */
    limitStore?: LimitStore;
    /** A folder of built web files to serve as the SPA (default: the API only). */
    webRoot?: string;
    /** How pushes reach the push services: the local stand-in's trusting agent. */
    pushAgent?: Agent;
  } = {},
) {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase(options.onQuery));
  if (ownDatabase) {
    await seedCatalogue(database.db, readSeedCatalogue());
    await seedMates(database.db);
  }
  const events = options.events ?? memoryEventBus();
  const clock = options.now;
  const config = loadConfig({
    NODE_ENV: "test",
    NOMINATIM_URL: "off",
    DATA_DIR: mkdtempSync(join(tmpdir(), "mates-test-")),
    ...options.env,
  });
  const logger = pino({ level: "silent" });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const limitRedis =
    !options.limitStore && process.env.REDIS_URL ? await testRedisClient(process.env.REDIS_URL) : undefined;
  const limitStore = options.limitStore ?? {
    redis: limitRedis,
    prefix: `mates:test:${randomBytes(6).toString("hex")}:rl:`,
  };
  const { app, frontDoor, auth, queue } = createApp({
    config,
    database,
    logger,
    mailer,
    limitStore,
    // The cache keeps the app's time, so a test that moves the clock also opens the Nominatim gate.
    cache: memoryCache(undefined, clock ? () => clock().getTime() : undefined),
    events,
    ...(options.eventStream ? { eventStream: options.eventStream } : {}),
    ...(options.now ? { now: options.now } : {}),
    authSecret: TEST_AUTH_SECRET,
    ...(options.authLimits ? { authLimits: options.authLimits } : {}),
    webRoot: options.webRoot,
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  // The queue's worker is poked after each commit that schedules work due now, as in production;
  // it does not poll here: a test runs what a later clock makes due with `queue.runDue()`.
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", config.appOrigin);
    // JSON unless the body says otherwise (a FormData body sets its own multipart boundary).
    if (typeof init.body === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
    return app.request(path, { ...init, headers }, FROM_LOOPBACK);
  };
  return {
    app,
    /** Puts the front door before a node:http listener of the app, as main.ts does. */
    frontDoor,
    auth,
    database,
    config,
    events,
    mailer,
    queue,
    request,
    close: async () => {
      await queue.stop();
      mailer.close();
      await events.close();
      await limitRedis?.quit();
      if (ownDatabase) await database.close();
    },
  };
}

/**
 * Where a request of `request` comes from, as node:http would tell the app (conninfo reads it):
 * this machine, as the tests' own client is. Tests with TRUST_PROXY=loopback name made-up client
 * addresses in X-Forwarded-For, as a load balancer on this machine would.
 */
const FROM_LOOPBACK = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 0, remoteFamily: "IPv4" } } };

/**
 * A Redis client for tests, set up like the server's: commands fail at once while disconnected
 * (no offline queue, short timeouts), and it reconnects quickly. Resolves once connected.
 */
export async function testRedisClient(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    retryStrategy: () => 100,
  });
  // A dropped connection is expected in the outage tests; ioredis reports it here, not as a crash.
  redis.on("error", () => {});
  await redis.connect();
  return redis;
}

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import { resolveAuthSecret } from "./auth/secret.ts";
import { resumeAssignments } from "./bookings/assignment.ts";
import { memoryCache } from "./cache/cache.ts";
import { readSeedCatalogue, seedCatalogue } from "./catalogue/catalogue.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { memoryEventBus } from "./events/bus.ts";
import { DEFAULT_EVENT_STREAM } from "./events/routes.ts";
import { loadGazetteer } from "./geo/gazetteer.ts";
import { startWarnings } from "./instance-warnings.ts";
import { createLogger } from "./logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { seedMates } from "./mates/mates.ts";
import { ensureReconcileScheduled } from "./payouts/reconcile.ts";
import { ensureRunScheduled } from "./payouts/runs.ts";
import { connectRedis } from "./redis/redis.ts";
import { sharedThroughRedis } from "./redis/shared.ts";

/** How long an idle kept-alive connection stays open, longer than nginx keeps its own (60 s). */
const KEEP_ALIVE_SECONDS = 65;

/** config → database (migrated, seeded) → app → listen; SIGTERM/SIGINT drain and close. */
async function main() {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  for (const warning of startWarnings(config)) logger.warn(warning);
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  ).catch((error: unknown) => {
    if (config.databaseUrl && !(error instanceof DataDirLockedError)) {
      let root: unknown = error;
      while (root instanceof Error && root.cause) root = root.cause;
      const reason = root instanceof Error ? root.message || (root as NodeJS.ErrnoException).code : String(root);
      throw new ConfigError(`DATABASE_URL: could not open the PostgreSQL database (${reason}).`);
    }
    throw error;
  });
  const seeded = await seedCatalogue(database.db, readSeedCatalogue());
  if (seeded > 0) logger.info({ services: seeded }, "seeded the service catalogue");
  const seededMates = await seedMates(database.db);
  if (seededMates > 0) logger.info({ mates: seededMates }, "seeded the mates");

  const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));
  // Redis down (at start or later) degrades to this instance's memory; it never stops the server.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const shared = redis ? await sharedThroughRedis(redis, config.redisPrefix, logger) : undefined;
  const events = shared?.events ?? memoryEventBus();
  const shutdown = new AbortController();
  /** From SIGTERM on: readiness answers 503 draining and every answer closes its connection. */
  let draining = false;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const { app, frontDoor, queue } = createApp({
    config,
    database,
    logger,
    mailer,
    limitStore: shared?.limitStore ?? {},
    cache: shared?.cache ?? memoryCache(),
    events,
    ...(redis ? { redisStatus: redis.status } : {}),
    authSecret: resolveAuthSecret(config),
    eventStream: { ...DEFAULT_EVENT_STREAM, shutdown: shutdown.signal },
    webRoot,
    draining: () => draining,
  });

  // Bookings placed just before a stop or a crash still wait for their mates: assign them now.
  resumeAssignments({ db: database.db, events, gazetteer: loadGazetteer(), seller: config.seller })
    .then((count) => count > 0 && logger.info({ bookings: count }, "assigned bookings left waiting by the last run"))
    .catch((error: unknown) => logger.error({ err: error }, "could not assign the bookings left waiting"));

  // The next weekly payout run is on the queue (every instance asks; its key makes it one job).
  await ensureRunScheduled(database.db, new Date(), config.payouts);
  // The nightly reconciliation of payouts with RazorpayX is on the queue (once per night, by its key).
  if (config.razorpayX) await ensureReconcileScheduled(database.db, new Date());

  // Timed and follow-up work stored by earlier runs (or other instances) runs from now on.
  queue.start();

  // node:http hands every request to the front door (http/front-door.ts), and it to the app.
  // An idle kept-alive connection stays open longer than a client or a proxy keeps it (nginx 60 s,
  // most agents less): the server closing first races the client's next request on that socket,
  // and the client reads ECONNRESET. Node's default of 5 s lost that race in the journeys.
  const listener = frontDoor(getRequestListener(app.fetch));
  const server = createServer(
    { keepAliveTimeout: KEEP_ALIVE_SECONDS * 1000, headersTimeout: (KEEP_ALIVE_SECONDS + 1) * 1000 },
    (req, res) => {
      // No client or proxy keeps a connection to an instance about to close: its next request
      // opens a new one, which the load balancer gives to another instance. (Node ends the
      // connection after an answer that says so; the app's own headers are added to this one.)
      if (draining) res.setHeader("Connection", "close");
      listener(req, res);
    },
  ).listen({ port: config.port, host: config.host }, () => {
    logger.info(
      {
        host: (server.address() as AddressInfo).address,
        port: (server.address() as AddressInfo).port,
        database: database.kind,
        origin: config.appOrigin,
        node: process.version,
      },
      `Mates is running at ${config.appOrigin}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  }).catch(async (error: NodeJS.ErrnoException) => {
    await queue.stop();
    await database.close();
    if (error.code === "EADDRINUSE")
      throw new ConfigError(`PORT: ${config.port} is already in use by another program.`);
    if (error.code === "EACCES") throw new ConfigError(`PORT: not allowed to listen on ${config.port}.`);
    if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND")
      throw new ConfigError(`HOST: ${config.host} is not an address of this machine.`);
    throw error;
  });

  // SIGTERM: readiness says draining at once; the listener closes SHUTDOWN_DELAY_SECONDS later, once
  // a load balancer that probes readiness (Kubernetes) has stopped sending here. Behind nginx
  // (passive checks) 0 is right: a closed listener sends nginx to the other instance at once.
  // A second signal during the delay (Ctrl-C again, an impatient supervisor) closes at once.
  let delay: NodeJS.Timeout | undefined;
  const stop = (signal: string) => {
    if (draining) {
      if (delay) {
        clearTimeout(delay);
        delay = undefined;
        close();
      }
      return;
    }
    draining = true;
    logger.info({ signal, delaySeconds: config.shutdownDelaySeconds }, "draining: readiness answers 503");
    delay = setTimeout(() => {
      delay = undefined;
      close();
    }, config.shutdownDelaySeconds * 1000);
  };
  const close = () => {
    logger.info("closing the listener; finishing in-flight requests");
    // Event streams end now (not at SIGTERM), so their browsers reconnect once this instance is out.
    shutdown.abort();
    const force = setTimeout(() => {
      logger.warn("requests still open after 10 s; closing them");
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      await queue.stop();
      mailer.close();
      await events.close();
      await redis?.close();
      await database.close();
      logger.info("stopped cleanly");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`\nMates could not start.\n${error.message}\n\n`);
  } else {
    process.stderr.write(
      `\nMates could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});

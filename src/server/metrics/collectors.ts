import { and, count, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { Gauge, type Registry } from "prom-client";
import type { Database, DatabaseHandle } from "#server/db/client.ts";
import { payments } from "#server/payments/schema.ts";
import { payouts } from "#server/payouts/schema.ts";
import { queuedJobs } from "#server/queue/schema.ts";

/**
 * The metrics read from the database at each scrape. Each is one cheap query; one that fails or
 * takes too long (the database is down) is left out of that scrape and logged, and the rest are
 * still answered: /metrics never fails because of one of them.
 */

/** Longer than a healthy query takes, well within Prometheus's scrape timeout (10 s by default). */
const QUERY_TIMEOUT_MS = 3000;

/** What the database's metrics read from: the database, the log for their failures, the app's clock. */
export type CollectorDeps = { database: DatabaseHandle; logger: Logger; now?: () => Date };

type Row = { labels?: Record<string, string>; value: number };

/** A gauge whose values are read at each scrape; on failure it has no values (not a made-up 0). */
class QueriedGauge extends Gauge<string> {
  readonly #name: string;
  readonly #read: () => Promise<Row[]>;
  readonly #logger: Logger;

  constructor(
    config: { name: string; help: string; labelNames?: readonly string[]; registry: Registry },
    read: () => Promise<Row[]>,
    logger: Logger,
  ) {
    super({ name: config.name, help: config.help, labelNames: config.labelNames ?? [], registers: [config.registry] });
    this.#name = config.name;
    this.#read = read;
    this.#logger = logger;
  }

  override async get() {
    let timer: NodeJS.Timeout | undefined;
    try {
      const rows = await Promise.race([
        this.#read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${QUERY_TIMEOUT_MS} ms`)), QUERY_TIMEOUT_MS);
        }),
      ]);
      // Reset first: a state that no longer has rows (every payment of it moved on) must not linger.
      this.reset();
      for (const row of rows) this.set(row.labels ?? {}, row.value);
      return await super.get();
    } catch (error) {
      this.#logger.warn({ err: error, metric: this.#name }, "a metric could not be read; left out of this scrape");
      return { ...(await super.get()), values: [] };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Rows of `select … group by` as label → count. */
const byState = (rows: { state: string; count: number }[]): Row[] =>
  rows.map((row) => ({ labels: { state: row.state }, value: row.count }));

/** Rows of a raw query, whichever driver ran it (postgres.js: an array; PGlite: `{ rows }`). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

export function databaseGauges(registry: Registry, deps: CollectorDeps): void {
  const { database, logger } = deps;
  const db: Database = database.db;
  const now = deps.now ?? (() => new Date());
  const gauge = (name: string, help: string, read: () => Promise<Row[]>, labelNames?: readonly string[]) =>
    new QueriedGauge({ name, help, registry, ...(labelNames ? { labelNames } : {}) }, read, logger);

  // One query for the queue's three figures, read by both gauges of the same scrape.
  let queue: Promise<{ due: number; claimed: number; oldest: Date | null }> | undefined;
  const readQueue = () => {
    queue ??= (async () => {
      const at = now();
      // The queue's own rule for a job it may take now (queue.ts): due, and not claimed by a live lease.
      const free = and(lte(queuedJobs.runAt, at), or(isNull(queuedJobs.lockedUntil), lt(queuedJobs.lockedUntil, at)));
      const [row] = await db
        .select({
          due: sql<number>`count(*) filter (where ${free})`.mapWith(Number),
          // Through the column (gte), which gives the driver the date as it takes it: a bare Date fails on postgres.js.
          claimed: sql<number>`count(*) filter (where ${gte(queuedJobs.lockedUntil, at)})`.mapWith(Number),
          oldest: sql<Date | null>`min(${queuedJobs.runAt}) filter (where ${free})`.mapWith(queuedJobs.runAt),
        })
        .from(queuedJobs)
        .where(isNull(queuedJobs.doneAt));
      return { due: row?.due ?? 0, claimed: row?.claimed ?? 0, oldest: row?.oldest ?? null };
    })().finally(() => {
      // Shared by the gauges of one scrape only (the registry asks them all at once); the next asks again.
      queue = undefined;
    });
    return queue;
  };
  gauge(
    "mates_queue_due_jobs",
    "Jobs due now that no worker holds: bookings' timed work, notices, payouts. Growing: workers are behind.",
    async () => [{ value: (await readQueue()).due }],
  );
  gauge("mates_queue_claimed_jobs", "Jobs a worker holds right now (under its lease).", async () => [
    { value: (await readQueue()).claimed },
  ]);
  gauge(
    "mates_queue_oldest_due_seconds",
    "How long the oldest due job has waited past its time (0 when none is due).",
    async () => {
      const { oldest } = await readQueue();
      return [{ value: oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0 }];
    },
  );

  gauge(
    "mates_payments",
    "Online payments (Razorpay orders) by state: created, authorized, captured, failed.",
    async () =>
      byState(await db.select({ state: payments.status, count: count() }).from(payments).groupBy(payments.status)),
    ["state"],
  );
  gauge(
    "mates_payouts",
    "Payouts to mates by state (queued, processing, processed, failed, reversed…).",
    async () =>
      byState(await db.select({ state: payouts.status, count: count() }).from(payouts).groupBy(payouts.status)),
    ["state"],
  );

  gauge(
    "mates_db_pool_max",
    "Connections this instance's pool may open (postgres.js does not say how many are in use).",
    async () => [{ value: database.poolMax ?? 1 }],
  );
  gauge(
    "mates_db_connections",
    "Connections to this database from every client (all instances), by state, from pg_stat_activity.",
    async () =>
      rowsOf(
        await db.execute(
          sql`select coalesce(state, 'other') as state, count(*)::int as count from pg_stat_activity where datname = current_database() group by 1`,
        ),
      ).map((row) => ({ labels: { state: String(row.state) }, value: Number(row.count) })),
    ["state"],
  );
  gauge("mates_db_connections_max", "The PostgreSQL server's max_connections.", async () =>
    rowsOf(await db.execute(sql`select current_setting('max_connections')::int as max`)).map((row) => ({
      value: Number(row.max),
    })),
  );
}

import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { type DataDirLock, lockDataDir } from "./data-dir-lock.ts";
import { migratePgliteDatabase, migratePostgresDatabase } from "./migrate.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** One type for both drivers: code above this module never knows which one it runs on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of the database, for functions that must run inside their caller's. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; throws when the database does not answer. */
  ping: () => Promise<void>;
  /** The most connections this handle's pool opens (PGlite: one, in process); for /metrics. */
  poolMax?: number;
  close: () => Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseTarget = (
  | { kind: "postgres"; url: string; maxConnections?: number }
  /** dataDir undefined: an in-memory database (tests). */
  | { kind: "pglite"; dataDir: string | undefined }
) & {
  /** Called with the SQL of every query the ORM sends (tests count round trips with it). */
  onQuery?: (sql: string) => void;
};

/**
 * Opens the database and applies every pending migration before returning (under a lock, so that
 * instances starting together migrate it once: db/migrate.ts).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const onQuery = target.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
  if (target.kind === "postgres") {
    await migratePostgresDatabase(target.url, migrationsFolder);
    const poolMax = target.maxConnections ?? 10;
    const client = postgres(target.url, { max: poolMax, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema, logger });
    return {
      db: db as unknown as Database,
      kind: "postgres",
      poolMax,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }

  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (target.dataDir) {
    lock = lockDataDir(target.dataDir);
    const pgdata = join(resolve(target.dataDir), "pglite");
    mkdirSync(pgdata, { recursive: true });
    client = new PGlite(pgdata);
  } else {
    client = new PGlite();
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema, logger });
    await migratePgliteDatabase(client, migrationsFolder);
    return {
      db: db as unknown as Database,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { lockDataDir } from "./data-dir-lock.ts";

/**
 * The embedded database as a PostgreSQL dump (docs/decisions/078-from-the-embedded-database-to-postgresql.md):
 * PGlite's own pg_dump (a WebAssembly build speaking to PGlite in process) writes the schema, the
 * data, drizzle's record of the applied migrations and every sequence's position; the text is then
 * made to load on PostgreSQL 15 and later, all or nothing.
 */

export class NoEmbeddedDatabaseError extends Error {
  override name = "NoEmbeddedDatabaseError";
}

/** Where openDatabase keeps the embedded database of a DATA_DIR (db/client.ts). */
export const pgliteFolderOf = (dataDir: string) => join(resolve(dataDir), "pglite");

/**
 * Dumps the embedded database of `dataDir`, holding DATA_DIR's lock meanwhile: a running server
 * makes this throw DataDirLockedError rather than read a database that is being written. It is
 * not migrated first: the dump says which migrations ran, and the server on PostgreSQL applies the
 * rest at its start, as it would here.
 */
export async function exportEmbeddedDatabase(dataDir: string, now = new Date()): Promise<string> {
  const folder = pgliteFolderOf(dataDir);
  // PGlite would create an empty database in a missing folder, and the dump would load nothing.
  if (!existsSync(join(folder, "PG_VERSION"))) {
    throw new NoEmbeddedDatabaseError(`There is no embedded database in ${folder} (is DATA_DIR right?).`);
  }
  const lock = lockDataDir(dataDir);
  try {
    const client = new PGlite(folder);
    try {
      await client.waitReady;
      return await dumpPglite(client, now);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** A dump of an open PGlite database, ready for `psql -v ON_ERROR_STOP=1 "$DATABASE_URL" -f …`. */
export async function dumpPglite(client: PGlite, now = new Date()): Promise<string> {
  const file = await pgDump({
    pg: client,
    // The loading role owns what it creates: the embedded database's owner (postgres) and its
    // grants mean nothing on the server, where the app's role may not be a superuser.
    args: ["--no-owner", "--no-privileges"],
  });
  return forPostgresServers(await file.text(), now);
}

/** PostgreSQL 17 added this setting; pg_dump 17 and later set it, and older servers refuse it. */
const TRANSACTION_TIMEOUT = /^SET transaction_timeout = 0;$/m;
const TRANSACTION_TIMEOUT_WHERE_KNOWN =
  "DO $$ BEGIN IF current_setting('server_version_num')::int >= 170000 THEN " +
  "PERFORM pg_catalog.set_config('transaction_timeout', '0', false); END IF; END $$;";

/**
 * The dump as written for the server. pg_dump writes for a server of its own version (PGlite's is
 * newer than many servers in use); its one statement older servers refuse is kept where it is
 * understood. The whole load is one transaction: a load that stops half-way (a database that was
 * not empty, a server too old) leaves nothing behind to clean up, and can simply be run again.
 */
export function forPostgresServers(dump: string, now: Date): string {
  // A function, not a string: in a replacement string "$$" would stand for one "$".
  const body = dump.replace(TRANSACTION_TIMEOUT, () => TRANSACTION_TIMEOUT_WHERE_KNOWN);
  return [
    `-- Mates: the embedded database, exported ${now.toISOString()} by \`npm run db -- export\`.`,
    "-- Load it into an EMPTY PostgreSQL database (15 or later), then start the server on it:",
    '--   psql -v ON_ERROR_STOP=1 "$DATABASE_URL" -f <this file>',
    "--   DATABASE_URL=… npm start",
    "-- It loads as one transaction: if anything fails, nothing is kept.",
    "BEGIN;",
    body,
    "COMMIT;",
    "",
  ].join("\n");
}

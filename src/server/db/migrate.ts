import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/**
 * Migrations under a PostgreSQL advisory lock (docs/decisions/075-several-instances.md): instances
 * starting at once, or a new release starting beside the old one, would otherwise run the same
 * `CREATE …` statements at the same moment and one would fail. The first takes the lock and
 * migrates; the others wait for it, then find nothing left to do and go on.
 */

/** The lock's key, the same in every instance of every release ("mates" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x6d61746573;

/** Runs `migrate` while holding the lock on the connection `run` sends its statements over. */
export async function underMigrationLock(
  run: (statement: string) => Promise<unknown>,
  migrate: () => Promise<void>,
): Promise<void> {
  await run(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  try {
    await migrate();
  } finally {
    await run(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => {
      // The connection is gone, and the lock with it (a session lock ends with its session).
    });
  }
}

/**
 * PostgreSQL: a session lock belongs to one connection, so the lock and every migration statement
 * go over a connection of their own, closed once done (the pool serves the app afterwards).
 */
export async function migratePostgresDatabase(url: string, migrationsFolder: string): Promise<void> {
  const connection = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await underMigrationLock(
      (statement) => connection.unsafe(statement),
      () => migratePostgres(drizzlePostgres(connection), { migrationsFolder }),
    );
  } finally {
    await connection.end({ timeout: 5 });
  }
}

/** PGlite: one process owns the database (DATA_DIR is locked), yet it goes the same way. */
export async function migratePgliteDatabase(client: PGlite, migrationsFolder: string): Promise<void> {
  await underMigrationLock(
    (statement) => client.query(statement),
    () => migratePglite(drizzlePglite(client), { migrationsFolder }),
  );
}

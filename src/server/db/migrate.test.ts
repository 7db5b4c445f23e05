import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";
import { migrationsFolder, openDatabase } from "./client.ts";
import { migratePgliteDatabase } from "./migrate.ts";

/** Migrations run under an advisory lock: instances starting together migrate the database once. */

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: unknown[];
};

describe("migrating on the embedded database", () => {
  it("goes the same way on PGlite: migrated once, the lock given back", { timeout: 60_000 }, async () => {
    const client = new PGlite();
    try {
      await migratePgliteDatabase(client, migrationsFolder);
      // A second start (a restart) finds nothing left to do.
      await migratePgliteDatabase(client, migrationsFolder);
      const applied = await client.query<{ count: number }>(
        "select count(*)::int as count from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
      const locks = await client.query<{ held: number }>(
        "select count(*)::int as held from pg_locks where locktype = 'advisory'",
      );
      expect(locks.rows[0]?.held).toBe(0);
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("instances starting at once on an empty PostgreSQL database", () => {
  it.each([1, 2, 3])("both start and the database is migrated once (run %i)", { timeout: 60_000 }, async () => {
    const server = await freshPostgresDatabase(process.env.DATABASE_URL ?? "", "mates_migrate");
    try {
      const opened = await Promise.allSettled([
        openDatabase({ kind: "postgres", url: server.url, maxConnections: 2 }),
        openDatabase({ kind: "postgres", url: server.url, maxConnections: 2 }),
      ]);
      for (const result of opened) if (result.status === "fulfilled") await result.value.close();
      expect(opened.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual([
        "ok",
        "ok",
      ]);
      const check = postgres(server.url, { max: 1, onnotice: () => {} });
      try {
        const rows = await check<{ hash: string }[]>`select hash from drizzle.__drizzle_migrations`;
        expect(rows).toHaveLength(journal.entries.length);
        expect(new Set(rows.map((row) => row.hash)).size).toBe(journal.entries.length);
        // Locks of this database only: pg_locks shows the whole server's.
        const [lock] = await check<{ held: number }[]>`
          select count(*)::int as held from pg_locks
          where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
        expect(lock?.held).toBe(0);
      } finally {
        await check.end();
      }
    } finally {
      await server.drop();
    }
  });
});

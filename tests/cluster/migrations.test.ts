import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "#server/db/client.ts";
import { migratePostgresDatabase } from "#server/db/migrate.ts";
import {
  clusterDatabase,
  clusterPort,
  deploymentEnv,
  requestTo,
  spawnInstance,
  startCluster,
  stopGently,
  waitHealthy,
} from "#testing/cluster.ts";

/**
 * Issue 42 and record 075: instances starting at once on an empty database migrate it once (the
 * advisory lock), as real processes; and a new release's migration runs while the old release
 * serves. Migrations have no folder setting, so the new release is this release's folder plus one
 * more migration, applied by the same function `main.ts` runs at start (record 079 says why that
 * is the release's start in all that matters), while the old instances take requests through nginx.
 */
const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
};

async function appliedMigrations(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    return row?.n ?? 0;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

describe("migrations with several instances", () => {
  it("two instances starting at once on an empty database migrate it once, twice over", async () => {
    for (let round = 0; round < 2; round++) {
      const database = await clusterDatabase();
      const dir = mkdtempSync(join(tmpdir(), "mates-cluster-migrate-"));
      const env = deploymentEnv(database.url, "http://127.0.0.1:1", join(dir, "data"));
      const instances = [spawnInstance(await clusterPort(), env), spawnInstance(await clusterPort(), env)];
      try {
        await Promise.all(instances.map(waitHealthy));
        expect(await appliedMigrations(database.url)).toBe(journal.entries.length);
        for (const instance of instances) expect(instance.process.output()).not.toContain("could not");
      } finally {
        await Promise.all(instances.map(stopGently));
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("a new release's migration runs while the old release serves through nginx", async () => {
    const cluster = await startCluster(2);
    const folder = mkdtempSync(join(tmpdir(), "mates-next-release-"));
    try {
      // The next release: every migration of this one, and one more that adds a table and a column.
      cpSync(migrationsFolder, folder, { recursive: true });
      const tag = "0999_next_release";
      writeFileSync(
        join(folder, `${tag}.sql`),
        [
          'CREATE TABLE "next_release_probe" ("id" text PRIMARY KEY NOT NULL);',
          "--> statement-breakpoint",
          'ALTER TABLE "bookings" ADD COLUMN "next_release_note" text;',
          "",
        ].join("\n"),
      );
      const next = { ...journal, entries: [...journal.entries] };
      next.entries.push({ idx: next.entries.length, version: "7", when: Date.now(), tag, breakpoints: true });
      writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify(next, null, 2));

      // Steady reads through nginx while the next release migrates; none may fail.
      const request = requestTo(cluster.origin, cluster.origin);
      const failures: string[] = [];
      let answered = 0;
      let migrating = true;
      const load = (async () => {
        while (migrating) {
          const response = await request("/api/services").catch((error: unknown) => String(error));
          if (typeof response === "string" || response.status !== 200)
            failures.push(typeof response === "string" ? response : String(response.status));
          else answered++;
        }
      })();
      // A third instance of the old release starts at the same moment: it waits on the lock, goes on.
      const late = cluster.addInstance();
      await migratePostgresDatabase(cluster.databaseUrl, folder);
      await late;
      migrating = false;
      await load;

      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(0);
      expect(await appliedMigrations(cluster.databaseUrl)).toBe(journal.entries.length + 1);
      const columns = await cluster.rows(
        "select column_name from information_schema.columns where table_name = 'bookings' and column_name = 'next_release_note'",
      );
      expect(columns).toHaveLength(1);
      // The old release still writes to the migrated tables: a customer signs up through nginx.
      const signUp = await request("/api/auth/sign-up/email", {
        method: "POST",
        body: JSON.stringify({
          name: "Anil Kapoor",
          email: `after-migration-${Date.now()}@example.com`,
          password: "filter-coffee-77",
          mobile: "9820012345",
        }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await cluster.close();
    }
  });
});

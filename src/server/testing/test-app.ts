import { randomBytes } from "node:crypto";
import pino from "pino";
import postgres from "postgres";
import { createApp } from "../app.ts";
import { readSeedCatalogue, seedCatalogue } from "../catalogue/catalogue.ts";
import { loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite by default, or,
 * when DATABASE_URL is set (CI), a new database created on that PostgreSQL server and dropped after.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: "pglite", dataDir: undefined });

  const name = `mates_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole app in process over a fresh database, with the shipped catalogue seeded. */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  await seedCatalogue(database.db, readSeedCatalogue());
  const config = loadConfig({ NODE_ENV: "test", NOMINATIM_URL: "off", ...env });
  const logger = pino({ level: "silent" });
  const app = createApp({ config, database, logger, webRoot: undefined });
  return {
    app,
    database,
    config,
    request: (path: string, init?: RequestInit) => app.request(path, init),
    close: () => database.close(),
  };
}

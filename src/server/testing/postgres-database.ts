import { randomBytes } from "node:crypto";
import postgres from "postgres";

/**
 * A database of its own on the PostgreSQL server of `serverUrl` (tests, benchmarks), dropped by
 * `drop`: every test file and benchmark run starts empty and leaves nothing behind.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
  prefix = "mates_test",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * What the command-line tools (`npm run mates`, `npm run ops`) share: failing with a message, and
 * the settings, logger and database the server itself would use.
 */
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { DataDirLockedError } from "#server/db/data-dir-lock.ts";
import { createLogger } from "#server/logger.ts";

export function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** The server's settings and database (DATA_DIR or DATABASE_URL); a running embedded server is said plainly. */
export async function openCli() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  ).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      fail(
        `The server is running on the embedded database in ${config.dataDir}, which one process may open at a time. Stop the server, run this again, then start it (with DATABASE_URL the server may keep running).`,
      );
    }
    throw error;
  });
  return { config, logger, database };
}

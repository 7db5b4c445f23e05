/**
 * What the command-line tools (`npm run mates`, `npm run ops`, `npm run db`) share: failing with a message, and
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

/** The server's settings, as the server reads them; a bad setting ends the command with the server's message. */
export function cliConfig(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig(process.env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
}

/** Ends the command plainly when a running server holds the embedded database; rethrows anything else. */
export function failWhenServerRuns(error: unknown, dataDir: string): never {
  if (error instanceof DataDirLockedError) {
    fail(
      `The server is running on the embedded database in ${dataDir}, which one process may open at a time. Stop the server, run this again, then start it (with DATABASE_URL the server may keep running).`,
    );
  }
  throw error;
}

/** The server's settings and database (DATA_DIR or DATABASE_URL); a running embedded server is said plainly. */
export async function openCli() {
  const config = cliConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  ).catch((error: unknown) => failWhenServerRuns(error, config.dataDir));
  return { config, logger, database };
}

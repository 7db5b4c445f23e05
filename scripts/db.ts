/**
 * `npm run db -- <command>`: the database itself (issue 42, record 078).
 *
 *   npm run db -- export [file]   the embedded database of DATA_DIR as a PostgreSQL dump, written to
 *                                 `file` (default mates-<date>.sql; `-` for standard output). Load it
 *                                 into an empty PostgreSQL database and start the server there:
 *                                   psql -v ON_ERROR_STOP=1 "$DATABASE_URL" -f mates.sql
 *                                   DATABASE_URL=… npm start
 *
 * The embedded database allows one process at a time: stop the server first. The dump is of
 * DATA_DIR's database whatever DATABASE_URL says, since moving away from it is the point.
 */
import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { exportEmbeddedDatabase, NoEmbeddedDatabaseError } from "#server/db/export.ts";
import { cliConfig, fail, failWhenServerRuns } from "./cli.ts";

const USAGE = `Usage:
  npm run db -- export [file]      (file: mates-<date>.sql unless given; - for standard output)`;

const [command, ...rest] = process.argv.slice(2);
if (command !== "export" || rest.length > 1) fail(USAGE, 2);

const config = cliConfig();
const now = new Date();
const target = rest[0] ?? `mates-${now.toISOString().slice(0, 10)}.sql`;
// npm runs scripts in the package's folder; a file name is meant from where the command was typed.
const path = resolve(process.env.INIT_CWD ?? process.cwd(), target);

// Never over an existing file (it may be the only copy of an earlier export); said before dumping.
if (target !== "-" && existsSync(path)) fail(`${path} exists already; name another file.`);

const dump = await exportEmbeddedDatabase(config.dataDir, now).catch((error: unknown) => {
  if (error instanceof NoEmbeddedDatabaseError) fail(error.message);
  return failWhenServerRuns(error, config.dataDir);
});

if (target === "-") {
  process.stdout.write(dump);
} else {
  try {
    // Exclusive even so: a file made meanwhile is not overwritten either. Readable by its owner
    // alone: it holds what the database does (password hashes, sessions, pending reset links).
    writeFileSync(path, dump, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") fail(`${path} exists already; name another file.`);
    throw error;
  }
  process.stderr.write(
    `Wrote the embedded database of ${config.dataDir} to ${path}. Load it into an empty PostgreSQL database:\n` +
      `  psql -v ON_ERROR_STOP=1 "$DATABASE_URL" -f ${path}\n` +
      "then start the server with that DATABASE_URL.\n",
  );
}

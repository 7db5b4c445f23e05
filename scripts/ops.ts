/**
 * `npm run ops -- <command>`: what an operator needs before the console can be opened (issue 16).
 *
 *   npm run ops -- create-operator <e-mail>   an operator account and a mail whose link sets its
 *                                             password (valid 7 days); in development the mail lands
 *                                             in DATA_DIR/outbox. Later operators are invited from
 *                                             the console (/ops → Operators).
 *
 * It opens the same database as the server (DATA_DIR or DATABASE_URL). The embedded database allows
 * one process at a time: stop the server first, or use DATABASE_URL.
 */
import {
  INVITATION_DAYS,
  InvitationError,
  inviteOperatorIn,
  operatorInvitationMailFor,
} from "#server/auth/invitations.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { DataDirLockedError } from "#server/db/data-dir-lock.ts";
import { createLogger } from "#server/logger.ts";
import { createMailer } from "#server/mail/mailer.ts";

const USAGE = `Usage:
  npm run ops -- create-operator <e-mail>`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
if (command !== "create-operator" || rest.length !== 1) fail(USAGE, 2);

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

const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
try {
  const invitation = await database.db.transaction((tx) => inviteOperatorIn(tx, rest[0] ?? "", new Date()));
  await mailer.send(operatorInvitationMailFor(config.appOrigin, invitation));
  process.stdout.write(
    `Invited ${invitation.email} as an operator. The link in the mail sets the password and works for ${INVITATION_DAYS} days${config.smtpUrl ? "." : `; the mail is in ${config.dataDir}/outbox.`} The console is at ${config.appOrigin}/ops.\n`,
  );
} catch (error) {
  if (error instanceof InvitationError) fail(error.message);
  throw error;
} finally {
  mailer.close();
  await database.close();
}

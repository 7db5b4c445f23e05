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
import { createMailer } from "#server/mail/mailer.ts";
import { fail, openCli } from "./cli.ts";

const USAGE = `Usage:
  npm run ops -- create-operator <e-mail>`;

const [command, ...rest] = process.argv.slice(2);
if (command !== "create-operator" || rest.length !== 1) fail(USAGE, 2);

const { config, logger, database } = await openCli();

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

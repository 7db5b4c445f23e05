/**
 * `npm run mates -- <command>`: the mates' accounts, until the operator console exists (issue 14).
 *
 *   npm run mates -- list                        every mate: id, name, skills, verified, account
 *   npm run mates -- invite <mate id> <e-mail>   an account for that mate and a mail whose link sets
 *                                                its password (valid 7 days); in development the mail
 *                                                lands in DATA_DIR/outbox
 *   npm run mates -- invite <mate id> --mobile [<10-digit number>]
 *                                                an SMS whose link signs the mate in with a code to the
 *                                                number (the one on their verified application unless
 *                                                given; valid 7 days, once); without SMS_PROVIDER the
 *                                                SMS lands in DATA_DIR/outbox (issue 41, record 073)
 *
 * It opens the same database as the server (DATA_DIR or DATABASE_URL). The embedded database allows
 * one process at a time: stop the server first, or use DATABASE_URL.
 */
import { asc } from "drizzle-orm";
import { smsInvitationSchema } from "#domain/mate-sms-invitation.ts";
import { INVITATION_DAYS, InvitationError, inviteMate } from "#server/auth/invitations.ts";
import { users } from "#server/auth/schema.ts";
import { readSeedCatalogue, seedCatalogue } from "#server/catalogue/catalogue.ts";
import { AppError } from "#server/http/errors.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { seedMates } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import { inviteMateBySms } from "#server/mates/sms-invitations.ts";
import { createSmsSender } from "#server/sms/sender.ts";
import { fail, openCli } from "./cli.ts";

const USAGE = `Usage:
  npm run mates -- list
  npm run mates -- invite <mate id> <e-mail>
  npm run mates -- invite <mate id> --mobile [<10-digit mobile number>]`;

const [command, ...rest] = process.argv.slice(2);
const byMobile = command === "invite" && rest[1] === "--mobile";
if (command !== "list" && command !== "invite") fail(USAGE, 2);
if (command === "invite" && !(byMobile ? rest.length <= 3 : rest.length === 2)) fail(USAGE, 2);

const { config, logger, database } = await openCli();

try {
  // A fresh install has its mates once the server has started once; seed them here too, the same way.
  await seedCatalogue(database.db, readSeedCatalogue());
  await seedMates(database.db);
  if (command === "list") {
    const rows = await database.db
      .select({
        id: mates.id,
        name: mates.name,
        skills: mates.skills,
        verifiedAt: mates.verifiedAt,
        userId: mates.userId,
      })
      .from(mates)
      .orderBy(asc(mates.id));
    const emails = new Map(
      (await database.db.select({ id: users.id, email: users.email }).from(users)).map((user) => [user.id, user.email]),
    );
    for (const mate of rows) {
      const account = mate.userId ? (emails.get(mate.userId) ?? "linked") : "not invited";
      const verified = mate.verifiedAt ? "verified" : "not verified";
      process.stdout.write(`${mate.id}\t${mate.name}\t${verified}\t${account}\t${mate.skills.join(", ")}\n`);
    }
  } else if (byMobile) {
    const [mateId = "", , mobile] = rest;
    const input = smsInvitationSchema.safeParse(mobile === undefined ? {} : { phoneNumber: mobile });
    if (!input.success) fail(input.error.issues[0]?.message ?? USAGE, 2);
    const sms = createSmsSender(config, logger);
    try {
      const invited = await inviteMateBySms(
        { db: database.db, sms, appOrigin: config.appOrigin },
        null,
        mateId,
        input.data,
      );
      process.stdout.write(
        `Invited mate ${mateId} by SMS to +91 ${invited.phoneNumber}. The link signs them in with a code and works once, for ${INVITATION_DAYS} days${config.sms.msg91 ? "." : `; the SMS is in ${config.dataDir}/outbox.`}\n`,
      );
    } catch (error) {
      if (error instanceof AppError) fail(error.message);
      throw error;
    }
  } else {
    const [mateId = "", email = ""] = rest;
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
    try {
      const invited = await inviteMate({ db: database.db, mailer, appOrigin: config.appOrigin }, mateId, email);
      process.stdout.write(
        `Invited ${invited.email} as mate ${mateId}. The link in the mail sets the password and works for ${INVITATION_DAYS} days${config.smtpUrl ? "." : `; the mail is in ${config.dataDir}/outbox.`}\n`,
      );
    } catch (error) {
      if (error instanceof InvitationError) fail(error.message);
      throw error;
    } finally {
      mailer.close();
    }
  }
} finally {
  await database.close();
}

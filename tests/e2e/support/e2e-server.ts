import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { inviteMate, inviteOperatorIn, operatorInvitationMailFor } from "#server/auth/invitations.ts";
import { readSeedCatalogue, seedCatalogue } from "#server/catalogue/catalogue.ts";
import { openDatabase } from "#server/db/client.ts";
import { createLogger } from "#server/logger.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { seedMates } from "#server/mates/mates.ts";
import { startFakeGoogle } from "#testing/fake-google.ts";
import { startFakeRazorpay } from "#testing/fake-razorpay.ts";
import { startSmtpCatcher } from "#testing/smtp-catcher.ts";
import { E2E } from "./e2e-env.ts";

/**
 * Playwright's web server: the outside services the product talks to, played by local servers that
 * speak their real protocols (an SMTP server, an OpenID Connect provider as Google, Razorpay), then the
 * product itself, started as `npm start` starts it (node src/server/main.ts) on a fresh DATA_DIR.
 * The caught mails are readable by the tests at E2E.inboxUrl.
 */
const root = fileURLToPath(new URL("../../..", import.meta.url));

const smtp = await startSmtpCatcher();
const google = await startFakeGoogle({
  redirectUri: `${E2E.origin}/api/auth/callback/google`,
  accounts: E2E.googleAccounts,
  port: E2E.googlePort,
});

const razorpay = await startFakeRazorpay({
  port: E2E.razorpayPort,
  webhook: `${E2E.origin}/api/payments/razorpay/webhook`,
  razorpayX: { webhook: `${E2E.origin}/api/payouts/webhook` },
});

const inbox = createServer((request, response) => {
  const to = new URL(request.url ?? "/", "http://inbox").searchParams.get("to") ?? "";
  const mails = smtp.mails
    .filter((mail) => JSON.stringify(mail.to ?? "").includes(to))
    .map((mail) => ({ subject: mail.subject, text: mail.text, html: mail.html }));
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(mails));
});
await new Promise<void>((resolve) => inbox.listen(E2E.inboxPort, "127.0.0.1", resolve));

const dataDir = E2E.dataDir;
rmSync(`${root}/${dataDir}`, { recursive: true, force: true });

// The mates the journeys sign in as are invited the way `npm run mates -- invite` does it, before
// the server takes the embedded database: their mails land in the SMTP catcher (E2E.mates).
{
  const database = await openDatabase({ kind: "pglite", dataDir: `${root}/${dataDir}` });
  const logger = createLogger("warn");
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Mates <no-reply@mates.test>", dataDir, logger });
  try {
    await seedCatalogue(database.db, readSeedCatalogue());
    await seedMates(database.db);
    for (const [mateId, email] of Object.entries(E2E.mates)) {
      await inviteMate({ db: database.db, mailer, appOrigin: E2E.origin }, mateId, email);
    }
    for (const email of [
      E2E.operator,
      E2E.frameOperator,
      E2E.helpOperator,
      E2E.moneyOperator,
      E2E.creditOperator,
      E2E.payoutOperator,
      E2E.smsOperator,
    ]) {
      const operator = await database.db.transaction((tx) => inviteOperatorIn(tx, email, new Date()));
      await mailer.send(operatorInvitationMailFor(E2E.origin, operator));
    }
  } finally {
    mailer.close();
    await database.close();
  }
}
const server = spawn(process.execPath, ["src/server/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(E2E.port),
    APP_ORIGIN: E2E.origin,
    DATA_DIR: dataDir,
    NOMINATIM_URL: "off",
    LOG_LEVEL: "warn",
    // The tests' API sign-ups say which (made-up) address they come from: see clientAddress().
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Mates <no-reply@mates.test>",
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    ...razorpay.env(),
    ...razorpay.x.env(),
    SELLER_LEGAL_NAME: E2E.seller.legalName,
    SELLER_GSTIN: E2E.seller.gstin,
    // Server and browsers run on the real clock, and a start can be booked from 2 hours ahead, so a
    // journey that books and then does the job at once books tomorrow (or later today). Mates here
    // may set off from 2 days before the start (E2E.setOffWindowMinutes), which covers tomorrow at
    // any hour; a booking 6 days ahead still waits (mate-journey.spec.ts). The default window's
    // boundary is proved in the domain's and the API's tests.
    SET_OFF_WINDOW_MINUTES: String(E2E.setOffWindowMinutes),
    // A new payout destination holds the next payout for a day; the journey that adds one is paid
    // at once (the hold is proved in the API's tests).
    PAYOUT_HOLD_HOURS: "0",
  },
});

const stop = async () => {
  server.kill("SIGTERM");
  inbox.close();
  await Promise.allSettled([smtp.close(), google.close(), razorpay.close()]);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
server.on("exit", (code) => {
  void Promise.allSettled([smtp.close(), google.close(), razorpay.close()]).then(() => process.exit(code ?? 0));
  inbox.close();
});

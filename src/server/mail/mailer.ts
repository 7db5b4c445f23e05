import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link that matters in this mail; logged when the mail goes to the outbox folder. */
  link?: string;
  /** Extra headers, such as List-Unsubscribe on mails a person may turn off. */
  headers?: Record<string, string>;
};

export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/** The message nodemailer sends for one of our mails. */
const message = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  ...(mail.headers ? { headers: mail.headers } : {}),
});

type MailerOptions = { smtpUrl: string | undefined; from: string; dataDir: string; logger: Logger };

/**
 * Sends through SMTP_URL; without it each mail is written to DATA_DIR/outbox/ as an .eml file
 * (openable in any mail client) and its link is logged, so development needs no mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const mailer = transportMailer(options);
  return {
    // The last guard for an account made by phone, whose address is "" (issue 41): no mail at all.
    send: async (mail) => {
      if (mail.to.trim() === "") {
        options.logger.debug({ subject: mail.subject }, "mail not sent: the account has no e-mail address");
        return;
      }
      await mailer.send(mail);
    },
    close: mailer.close,
  };
}

function transportMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  if (smtpUrl) {
    // Every attempt ends well within the job queue's 60-second lease, so no other worker takes the
    // mail over while this one may still deliver it (record 036).
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      send: async (mail) => {
        await transport.sendMail(message(from, mail));
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(resolve(dataDir), "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await transport.sendMail(message(from, mail));
      mkdirSync(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "")}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      logger.info(
        { file, to: mail.to, subject: mail.subject, link: mail.link },
        "mail written to the outbox (no SMTP_URL)",
      );
    },
    close: () => transport.close(),
  };
}

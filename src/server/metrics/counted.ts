import type { Mailer } from "#server/mail/mailer.ts";
import type { PushSender } from "#server/notifications/push.ts";
import type { SmsSender } from "#server/sms/sms.ts";
import type { Metrics } from "./metrics.ts";

/**
 * The senders as the app uses them, each send counted in /metrics by its outcome. Counted around
 * the sender rather than inside it, so that every transport (SMTP, the outbox folder, MSG91, a
 * test's stand-in) is counted the same way and none of them knows about metrics.
 */

/** Counted once it resolves or throws; the error goes on to the caller (the queue retries). */
async function counting<T>(send: () => Promise<T>, done: (outcome: string) => void, outcome: (value: T) => string) {
  try {
    const value = await send();
    done(outcome(value));
    return value;
  } catch (error) {
    done("failed");
    throw error;
  }
}

export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    send: (mail) =>
      // A mail to an account without an address is not sent at all (mailer.ts): nothing to count.
      mail.to.trim() === ""
        ? mailer.send(mail)
        : counting(
            () => mailer.send(mail),
            (outcome) => metrics.mails.inc({ outcome }),
            () => "sent",
          ),
    close: () => mailer.close(),
  };
}

export function countedPush(push: PushSender, metrics: Metrics): PushSender {
  return {
    publicKey: push.publicKey,
    send: (target, message, options) =>
      counting(
        () => push.send(target, message, options),
        (outcome) => metrics.pushes.inc({ outcome }),
        (outcome) => outcome,
      ),
  };
}

export function countedSms(sms: SmsSender, metrics: Metrics): SmsSender {
  const count = (kind: string) => (outcome: string) => metrics.sms.inc({ kind, outcome });
  return {
    sendCode: (message) =>
      counting(
        () => sms.sendCode(message),
        count("code"),
        () => "sent",
      ),
    sendInvitation: (message) =>
      counting(
        () => sms.sendInvitation(message),
        count("invitation"),
        () => "sent",
      ),
  };
}

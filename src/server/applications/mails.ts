import { APPLICATION_RULES } from "#domain/applications.ts";
import { layoutMail } from "#server/mail/layout.ts";
import type { Mail } from "#server/mail/mailer.ts";

function mail(to: string, subject: string, name: string, paragraphs: string[]): Mail {
  return {
    to,
    subject,
    ...layoutMail(subject, { greeting: `Hi ${name.trim()},`, parts: paragraphs.map((paragraph) => ({ paragraph })) }),
  };
}

/** Sent as an application is stored: what happens next. */
export function applicationReceivedMail({ to, name, id }: { to: string; name: string; id: string }): Mail {
  return mail(to, "We have your application to work with Mates", name, [
    "Thank you for applying to work with Mates. Your application and documents have arrived.",
    "Our operations team checks every document by hand and asks for a police verification before anyone becomes a verified mate. We will write to you at this address with the decision.",
    `Your application reference: ${id}`,
  ]);
}

/** The decision, when it is no: the operator's reason, and that the documents are gone. */
export function applicationRejectedMail({ to, name, reason }: { to: string; name: string; reason: string }): Mail {
  return mail(to, "Your application to work with Mates", name, [
    "Thank you for applying to work with Mates. We cannot verify you as a mate at this time.",
    `The reason our team gave: ${reason}`,
    `Your documents have been deleted from our systems. You are welcome to apply again at any time; documents are kept for at most ${APPLICATION_RULES.keepDocumentsDays} days after a decision.`,
  ]);
}

import { APPLICATION_RULES } from "#domain/applications.ts";
import { escapeHtml } from "#server/mail/html.ts";
import type { Mail } from "#server/mail/mailer.ts";

const SIGN_OFF = "— Mates. You need it, we fix it.";

function mail(to: string, subject: string, paragraphs: string[]): Mail {
  return {
    to,
    subject,
    text: [...paragraphs, SIGN_OFF].join("\n\n"),
    html: [...paragraphs, SIGN_OFF].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n"),
  };
}

const greeting = (name: string) => `Hi ${name.trim()},`;

/** Sent as an application is stored: what happens next. */
export function applicationReceivedMail({ to, name, id }: { to: string; name: string; id: string }): Mail {
  return mail(to, "We have your application to work with Mates", [
    greeting(name),
    "Thank you for applying to work with Mates. Your application and documents have arrived.",
    "Our operations team checks every document by hand and asks for a police verification before anyone becomes a verified mate. We will write to you at this address with the decision.",
    `Your application reference: ${id}`,
  ]);
}

/** The decision, when it is no: the operator's reason, and that the documents are gone. */
export function applicationRejectedMail({ to, name, reason }: { to: string; name: string; reason: string }): Mail {
  return mail(to, "Your application to work with Mates", [
    greeting(name),
    "Thank you for applying to work with Mates. We cannot verify you as a mate at this time.",
    `The reason our team gave: ${reason}`,
    `Your documents have been deleted from our systems. You are welcome to apply again at any time; documents are kept for at most ${APPLICATION_RULES.keepDocumentsDays} days after a decision.`,
  ]);
}

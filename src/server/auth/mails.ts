import { layoutMail } from "#server/mail/layout.ts";
import type { Mail } from "#server/mail/mailer.ts";

export function resetPasswordMail({ to, name, link }: { to: string; name: string; link: string }): Mail {
  const subject = "Reset your Mates password";
  return {
    to,
    subject,
    link,
    ...layoutMail(subject, {
      greeting: name.trim() ? `Hi ${name.trim()},` : "Hi,",
      parts: [
        {
          paragraph:
            "Someone asked to reset the password of your Mates account. If it was you, open this link within one hour to choose a new password:",
        },
        { button: { label: "Choose a new password", url: link } },
        {
          paragraph:
            "The link works once. If you did not ask for this, ignore this email: your password stays as it is.",
        },
      ],
    }),
  };
}

/** An invitation's mail: who it is for, what the account is, the link that sets the password, and where to go next. */
function invitationMail(parts: {
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  ask: string;
  link: string;
  after: string;
}): Mail {
  const { to, subject, greeting, intro, ask, link, after } = parts;
  return {
    to,
    subject,
    link,
    ...layoutMail(subject, {
      greeting,
      parts: [
        { paragraph: intro },
        { paragraph: ask },
        { button: { label: "Choose your password", url: link } },
        { paragraph: after },
        { paragraph: "The link works once. If you were not expecting this, ignore this email." },
      ],
    }),
  };
}
/** The invitation of a mate (issue 14): one link that sets their password, valid for some days. */
export function mateInvitationMail({
  to,
  name,
  link,
  days,
  jobsLink,
}: {
  to: string;
  name: string;
  link: string;
  days: number;
  jobsLink: string;
}): Mail {
  return invitationMail({
    to,
    subject: "Your Mates professional account",
    greeting: name.trim() ? `Hi ${name.trim()},` : "Hi,",
    intro: "Welcome to Mates. Your verified mate account is ready.",
    ask: `Open this link within ${days} days to choose your password for the Mates app:`,
    link,
    after: `Then log in with this e-mail address and your password; your jobs are at ${jobsLink}`,
  });
}

/** The invitation of an operator (issue 16): one link that sets their password, then the console. */
export function operatorInvitationMail({
  to,
  link,
  days,
  consoleLink,
}: {
  to: string;
  link: string;
  days: number;
  consoleLink: string;
}): Mail {
  return invitationMail({
    to,
    subject: "Your Mates operations account",
    greeting: "Hi,",
    intro: "You have been added to the Mates operations team.",
    ask: `Open this link within ${days} days to choose your password:`,
    link,
    after: `Then log in with this e-mail address and your password; the console is at ${consoleLink}`,
  });
}

import { escapeHtml } from "#server/mail/html.ts";
import type { Mail } from "#server/mail/mailer.ts";

export function resetPasswordMail({ to, name, link }: { to: string; name: string; link: string }): Mail {
  const greeting = name.trim() ? `Hi ${name.trim()},` : "Hi,";
  return {
    to,
    subject: "Reset your Mates password",
    link,
    text: [
      greeting,
      "",
      "Someone asked to reset the password of your Mates account. If it was you, open this link within one hour to choose a new password:",
      "",
      link,
      "",
      "The link works once. If you did not ask for this, ignore this email: your password stays as it is.",
      "",
      "— Mates. You need it, we fix it.",
    ].join("\n"),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your Mates account. If it was you, open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once. If you did not ask for this, ignore this email: your password stays as it is.</p>
<p>— Mates. You need it, we fix it.</p>`,
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
  const greeting = name.trim() ? `Hi ${name.trim()},` : "Hi,";
  const ask = `Open this link within ${days} days to choose your password for the Mates app:`;
  const after = `Then log in with this e-mail address and your password; your jobs are at ${jobsLink}`;
  return {
    to,
    subject: "Your Mates professional account",
    link,
    text: [
      greeting,
      "",
      "Welcome to Mates. Your verified mate account is ready.",
      ask,
      "",
      link,
      "",
      after,
      "The link works once. If you were not expecting this, ignore this email.",
      "",
      "— Mates. You need it, we fix it.",
    ].join("\n"),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Welcome to Mates. Your verified mate account is ready.</p>
<p>${escapeHtml(ask)}</p>
<p><a href="${escapeHtml(link)}">Choose your password</a></p>
<p>${escapeHtml(after)}</p>
<p>The link works once. If you were not expecting this, ignore this email.</p>
<p>— Mates. You need it, we fix it.</p>`,
  };
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
  const ask = `Open this link within ${days} days to choose your password:`;
  const after = `Then log in with this e-mail address and your password; the console is at ${consoleLink}`;
  return {
    to,
    subject: "Your Mates operations account",
    link,
    text: [
      "Hi,",
      "",
      "You have been added to the Mates operations team.",
      ask,
      "",
      link,
      "",
      after,
      "The link works once. If you were not expecting this, ignore this email.",
      "",
      "— Mates. You need it, we fix it.",
    ].join("\n"),
    html: `<p>Hi,</p>
<p>You have been added to the Mates operations team.</p>
<p>${escapeHtml(ask)}</p>
<p><a href="${escapeHtml(link)}">Choose your password</a></p>
<p>${escapeHtml(after)}</p>
<p>The link works once. If you were not expecting this, ignore this email.</p>
<p>— Mates. You need it, we fix it.</p>`,
  };
}

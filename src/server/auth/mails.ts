import type { Mail } from "#server/mail/mailer.ts";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

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

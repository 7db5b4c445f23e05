import type { Notice } from "#domain/notifications.ts";
import { escapeHtml } from "./html.ts";
import type { Mail } from "./mailer.ts";

const SIGN_OFF = "— Mates. You need it, we fix it.";

/**
 * One notice as a mail: the plain text and the HTML are written from the same parts, in the same
 * order, so they never say different things; every value is escaped in the HTML (names, services,
 * localities and reasons come from people). Links are absolute, under the app's origin.
 */
export function noticeMail(
  notice: Notice,
  to: { email: string; name: string },
  appOrigin: string,
  unsubscribe?: { url: string; what: string },
): Mail {
  const first = to.name.trim().split(/\s+/)[0] ?? "";
  const greeting = first ? `Hi ${first},` : "Hi,";
  const link = `${appOrigin}${notice.action.path}`;
  const rowsText = notice.rows.map(([label, value]) => `${label}: ${value}`);
  const footer = unsubscribe
    ? `You get this because ${unsubscribe.what} is on in your profile. Turn it off: ${unsubscribe.url}`
    : undefined;
  const text = [
    greeting,
    "",
    ...notice.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(rowsText.length > 0 ? [...rowsText, ""] : []),
    `${notice.action.label}: ${link}`,
    "",
    SIGN_OFF,
    ...(footer ? ["", footer] : []),
  ].join("\n");
  const rowsHtml =
    notice.rows.length > 0
      ? `<table role="presentation" cellpadding="4" style="border-collapse:collapse">${notice.rows
          .map(
            ([label, value]) =>
              `<tr><td style="color:#555">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`,
          )
          .join("")}</table>`
      : "";
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...notice.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    rowsHtml,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1e3a8a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(notice.action.label)}</a></p>`,
    `<p>${escapeHtml(SIGN_OFF)}</p>`,
    ...(unsubscribe
      ? [
          `<p style="color:#777;font-size:12px">You get this because ${escapeHtml(unsubscribe.what)} is on in your profile. <a href="${escapeHtml(unsubscribe.url)}">Turn it off</a>.</p>`,
        ]
      : []),
  ]
    .filter(Boolean)
    .join("\n");
  return {
    to: to.email,
    subject: notice.subject,
    text,
    html,
    link,
    ...(unsubscribe
      ? {
          // RFC 2369 and RFC 8058: mail apps offer their own "Unsubscribe" that posts to the link.
          headers: {
            "List-Unsubscribe": `<${unsubscribe.url}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  };
}

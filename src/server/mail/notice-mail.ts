import type { Notice } from "#domain/notice-texts.ts";
import { layoutMail } from "./layout.ts";
import type { Mail } from "./mailer.ts";

/**
 * One notice as a mail, in the layout every mail shares (layout.ts): greeting, paragraphs, the
 * label–value rows, the one action as a button. Names, services, localities and reasons come from
 * people; the layout escapes them. Links are absolute, under the app's origin.
 */
export function noticeMail(
  notice: Notice,
  to: { email: string; name: string },
  appOrigin: string,
  unsubscribe?: { url: string; why: string; turnOff: string },
): Mail {
  const first = to.name.trim().split(/\s+/)[0] ?? "";
  const link = `${appOrigin}${notice.action.path}`;
  const { text, html } = layoutMail(notice.subject, {
    greeting: first ? `Hi ${first},` : "Hi,",
    parts: [
      ...notice.paragraphs.map((paragraph) => ({ paragraph })),
      ...(notice.rows.length > 0 ? [{ rows: notice.rows }] : []),
      { button: { label: notice.action.label, url: link } },
    ],
    ...(unsubscribe ? { footer: unsubscribe } : {}),
  });
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

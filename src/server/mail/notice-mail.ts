import type { Notice, NoticeWords } from "#domain/notice-texts.ts";
import { greetingOf, layoutMail } from "./layout.ts";
import type { Mail } from "./mailer.ts";

/**
 * One notice as a mail, in the layout every mail shares (layout.ts): greeting, paragraphs, the
 * label–value rows, the one action as a button, in the words of the notice's language (record 069).
 * Names, services, localities and reasons come from people; the layout escapes them. Links are
 * absolute, under the app's origin.
 */
export function noticeMail(
  notice: Notice,
  to: { email: string; name: string },
  appOrigin: string,
  words: NoticeWords,
  unsubscribe?: { url: string; why: string; turnOff: string },
): Mail {
  const link = `${appOrigin}${notice.action.path}`;
  const { text, html } = layoutMail(notice.subject, {
    greeting: greetingOf(words, to.name),
    parts: [
      ...notice.paragraphs.map((paragraph) => ({ paragraph })),
      ...(notice.rows.length > 0 ? [{ rows: notice.rows }] : []),
      { button: { label: notice.action.label, url: link } },
    ],
    words,
    ...(unsubscribe ? { footer: unsubscribe } : {}),
  });
  return {
    to: to.email,
    subject: notice.subject,
    text,
    html,
    link,
    headers: {
      "Content-Language": words.locale,
      ...(unsubscribe
        ? {
            // RFC 2369 and RFC 8058: mail apps offer their own "Unsubscribe" that posts to the link.
            "List-Unsubscribe": `<${unsubscribe.url}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {}),
    },
  };
}

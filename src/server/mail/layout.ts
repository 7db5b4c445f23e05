import { languageOf } from "#domain/i18n/locales.ts";
import type { NoticeWords } from "#domain/notice-texts.ts";
import { escapeHtml } from "./html.ts";
import { ENGLISH_WORDS } from "./notice-words.ts";

/**
 * Every mail the product sends is laid out here (record 052): the plain text and the HTML are
 * written from the same parts, in the same order, so the two never say different things, and every
 * value is escaped in the HTML. The HTML is the kind phones' mail apps (Gmail's included) render
 * alike: nested tables, every style inline, no image, web font or stylesheet to load, at most
 * 600 px wide. Its one <style> only darkens the page for mail apps that follow the system's dark
 * mode; without it the mail reads the same, and mail apps that invert colours themselves find a
 * white card, dark text and a deep teal that stays readable either way.
 */

/** One piece of a mail's body. A paragraph's web addresses become links in the HTML. */
export type MailPart =
  | { paragraph: string }
  | { rows: readonly (readonly [label: string, value: string])[] }
  | { button: { label: string; url: string } };

export type MailContent = {
  greeting: string;
  parts: readonly MailPart[];
  /** For a mail a person may turn off: why they get it, and the link that turns it off. */
  footer?: { why: string; turnOff: string; url: string };
  /**
   * The language of a mail to a customer or a mate (record 069): its sign-off and `<html lang>`.
   * English when not given (operators' mails, and everyone's until they choose).
   */
  words?: NoticeWords;
};

/** "Hi Ravi," or "Hi,": a mail's first line, in the mail's language. */
export const greetingOf = (words: NoticeWords, name: string) => {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return first ? words.t("greeting", { name: first }) : words.t("greetingNoName");
};

/** The brand's deep teal (styles.css brand-700): white text on it passes WCAG AA, light or dark. */
const BRAND = "#0f6b64";
/** The system's own typeface on each platform; mail apps do not all know `system-ui` alone. */
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const TEXT = "#0f172a";
const MUTED = "#475569";
const PAGE = "#f1f5f9";
const LINE = "#e2e8f0";

/** A web address inside a sentence; a full stop or bracket after it is the sentence's. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

/** A link in running text; the button's link has a class of its own, so dark mode leaves it white. */
const link = (url: string, label: string, style = `color:${BRAND};text-decoration:underline`, kind = "m-link") =>
  `<a href="${escapeHtml(url)}" class="${kind}" style="${style}">${escapeHtml(label)}</a>`;

/** Text as HTML: escaped, with its web addresses as links. */
function withLinks(text: string): string {
  let html = "";
  let from = 0;
  for (const found of text.matchAll(URL_IN_TEXT)) {
    html += escapeHtml(text.slice(from, found.index)) + link(found[0], found[0]);
    from = found.index + found[0].length;
  }
  return html + escapeHtml(text.slice(from));
}

const paragraphHtml = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;

function partText(part: MailPart): string {
  if ("paragraph" in part) return part.paragraph;
  if ("rows" in part) return part.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
  return `${part.button.label}: ${part.button.url}`;
}

function partHtml(part: MailPart): string {
  if ("paragraph" in part) return paragraphHtml(withLinks(part.paragraph));
  if ("rows" in part) {
    const rows = part.rows
      .map(
        ([label, value], index) =>
          `<tr><td style="padding:8px 12px 8px 0;vertical-align:top;color:${MUTED};white-space:nowrap;${index > 0 ? `border-top:1px solid ${LINE}` : ""}" class="m-muted m-line">${escapeHtml(label)}</td>` +
          `<td style="padding:8px 0;vertical-align:top;font-weight:600;${index > 0 ? `border-top:1px solid ${LINE}` : ""}" class="m-line">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px;font-size:15px;line-height:1.4">${rows}</table>`;
  }
  // A "bulletproof" button: the cell carries the colour, so it shows where padding on links does not.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr><td bgcolor="${BRAND}" style="border-radius:8px;background:${BRAND}">${link(
    part.button.url,
    part.button.label,
    `display:inline-block;padding:12px 22px;border-radius:8px;color:#ffffff;font-family:${FONT};font-size:16px;font-weight:600;line-height:1.25;text-decoration:none`,
    "m-button",
  )}</td></tr></table>`;
}

/** The lines of the plain-text part: greeting, parts, sign-off and the footer, a blank line apart. */
function textOf(content: MailContent): string {
  const footer = content.footer ? [`${content.footer.why} ${content.footer.turnOff}: ${content.footer.url}`] : [];
  const signOff = (content.words ?? ENGLISH_WORDS).t("signOff");
  return [content.greeting, ...content.parts.map(partText), signOff, ...footer].join("\n\n");
}

/** Only for mail apps that follow the system's dark mode; the layout does not depend on it. */
const DARK = `@media (prefers-color-scheme: dark) {
.m-page { background:#0b1211 !important; }
.m-card { background:#111a19 !important; border-color:#22302e !important; }
.m-body { color:#e5edec !important; }
.m-muted { color:#a3b4b2 !important; }
.m-line { border-color:#22302e !important; }
.m-link { color:#6dd9c7 !important; }
.m-button { color:#ffffff !important; }
}`;

function htmlOf(subject: string, content: MailContent): string {
  // The inbox shows the first words of a mail after its subject: the first paragraph, not "Mates Hi …".
  const first = content.parts.find((part) => "paragraph" in part);
  const preview =
    first && "paragraph" in first
      ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all" aria-hidden="true">${escapeHtml(first.paragraph)}</div>\n`
      : "";
  const footer = content.footer
    ? `<p style="margin:8px 0 0">${escapeHtml(content.footer.why)} ${link(content.footer.url, content.footer.turnOff, `color:${MUTED};text-decoration:underline`)}.</p>`
    : "";
  const words = content.words ?? ENGLISH_WORDS;
  return `<!doctype html>
<html lang="${languageOf(words.locale)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
${DARK}
</style>
</head>
<body class="m-page" style="margin:0;padding:0;background:${PAGE};-webkit-text-size-adjust:100%">
${preview}<table role="presentation" class="m-page" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAGE}" style="background:${PAGE}">
<tr><td align="center" style="padding:16px 12px">
<table role="presentation" class="m-card" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="max-width:600px;background:#ffffff;border:1px solid ${LINE};border-radius:12px;border-collapse:separate">
<tr><td bgcolor="${BRAND}" style="background:${BRAND};border-radius:11px 11px 0 0;padding:16px 24px;font-family:${FONT};font-size:22px;font-weight:700;line-height:1.2;color:#ffffff;letter-spacing:0.2px">Mates</td></tr>
<tr><td class="m-body" style="padding:24px 24px 8px;font-family:${FONT};font-size:16px;line-height:1.5;color:${TEXT};overflow-wrap:anywhere;word-break:break-word">
${paragraphHtml(escapeHtml(content.greeting))}
${content.parts.map(partHtml).join("\n")}
</td></tr>
<tr><td class="m-muted m-line" style="padding:16px 24px 24px;border-top:1px solid ${LINE};font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED};overflow-wrap:anywhere;word-break:break-word">
<p style="margin:0">${escapeHtml(words.t("signOff"))}</p>${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** A mail's two parts, plain text and HTML, from one content. */
export function layoutMail(subject: string, content: MailContent): { text: string; html: string } {
  return { text: textOf(content), html: htmlOf(subject, content) };
}

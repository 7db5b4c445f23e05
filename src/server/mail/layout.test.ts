import { describe, expect, it } from "vitest";
import { customerNotices } from "#domain/notice-texts.ts";
import { NOTIFICATION_SETTING_NAMES, whyYouGetThis } from "#domain/notification-settings.ts";
import { applicationReceivedMail, applicationRejectedMail } from "#server/applications/mails.ts";
import { mateInvitationMail, operatorInvitationMail, resetPasswordMail } from "#server/auth/mails.ts";
import type { Mail } from "./mailer.ts";
import { noticeMail } from "./notice-mail.ts";
import { ENGLISH_WORDS, noticeWords } from "./notice-words.ts";

const origin = "https://mates.example";
const hostile = `Kandivali <script>alert("x")</script> & Sons' West`;
const facts = {
  bookingId: "b-1",
  services: ["Plumber"],
  startAt: new Date("2026-11-27T05:30:00Z"),
  locality: hostile,
  totalRupees: 1499,
  prepaid: false,
};
const unsubscribe = {
  url: `${origin}/api/notifications/unsubscribe?user=u1&token=t0k`,
  ...whyYouGetThis(NOTIFICATION_SETTING_NAMES.ratingPrompts),
};
const prompt = noticeMail(
  customerNotices.ratingPrompt(ENGLISH_WORDS, facts, "Ravi <b>"),
  { email: "seeded@example.com", name: "<i>Seeded</i> Rao" },
  origin,
  ENGLISH_WORDS,
  unsubscribe,
);

/** What a person reads in the HTML: the hidden preview line and the head dropped, tags out, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<div[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/div>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((found) => (found[1] ?? "").replace(/&amp;/g, "&"));
/** The words of a text, without the punctuation a layout may put around them ("Turn them off:" / "off."). */
const words = (text: string) =>
  new Set(
    text
      .split(/\s+/)
      .map((word) => word.replace(/^[(]+|[.,:;)]+$/g, ""))
      .filter(Boolean),
  );

const every: [string, Mail][] = [
  ["rating prompt", prompt],
  [
    "booking confirmed",
    noticeMail(
      customerNotices.confirmed(ENGLISH_WORDS, facts),
      { email: "a@example.com", name: "" },
      origin,
      ENGLISH_WORDS,
    ),
  ],
  [
    "password reset",
    resetPasswordMail({ to: "a@example.com", name: "Asha", link: `${origin}/reset-password?token=x` }),
  ],
  [
    "mate invitation",
    mateInvitationMail({
      to: "m@example.com",
      name: "Ravi",
      link: `${origin}/reset-password?token=y&invite=1`,
      days: 7,
      jobsLink: `${origin}/mate/jobs`,
    }),
  ],
  [
    "operator invitation",
    operatorInvitationMail({
      to: "o@example.com",
      link: `${origin}/reset-password?token=z&invite=1`,
      days: 3,
      consoleLink: `${origin}/ops`,
    }),
  ],
  ["application received", applicationReceivedMail({ to: "a@example.com", name: "Asha", id: "app-1" })],
  ["application rejected", applicationRejectedMail({ to: "a@example.com", name: "Asha", reason: hostile })],
];

describe("the layout every mail shares", () => {
  it("escapes every value that came from a person", () => {
    expect(prompt.html).not.toContain("<script>");
    expect(prompt.html).not.toMatch(/<[bi]>/);
    expect(prompt.html).toContain("Kandivali &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons&#39; West");
    expect(prompt.html).toContain("Hi &lt;i&gt;Seeded&lt;/i&gt;,");
    expect(prompt.subject).toBe("How did Ravi <b> do?");
    expect(prompt.html).toContain("<title>How did Ravi &lt;b&gt; do?</title>");
    expect(prompt.text).toContain(`Where: ${hostile}`);
  });

  it("keeps the plain-text part, saying what the HTML says", () => {
    expect(prompt.text.split("\n\n")).toEqual([
      "Hi <i>Seeded</i>,",
      "Your Plumber is done. A rating takes a few seconds and helps other customers choose.",
      `When: Fri, 27 Nov, 11:00 AM\nWhere: ${hostile}\nServices: Plumber`,
      `Rate your mate: ${origin}/mate-assigning?booking=b-1`,
      "— Mates. You need it, we fix it.",
      `You get this because rating reminders are on in your profile. Turn them off: ${unsubscribe.url}`,
    ]);
    for (const [name, mail] of every) {
      const html = words(`${visibleText(mail.html)} ${hrefs(mail.html).join(" ")}`);
      expect(html, name).toEqual(words(mail.text));
    }
  });

  it("has its button and links in the HTML, absolute and escaped", () => {
    expect(hrefs(prompt.html)).toEqual([`${origin}/mate-assigning?booking=b-1`, unsubscribe.url]);
    expect(prompt.html).toMatch(
      /<a href="https:\/\/mates\.example\/mate-assigning\?booking=b-1"[^>]*>Rate your mate<\/a>/,
    );
    expect(prompt.html).toContain('href="https://mates.example/api/notifications/unsubscribe?user=u1&amp;token=t0k"');
    expect(prompt.html).toContain(">Turn them off</a>.");
    // A web address inside a sentence is a link; the sentence's own full stop is not part of it.
    const invitation = every.find(([name]) => name === "mate invitation")?.[1];
    expect(hrefs(invitation?.html ?? "")).toContain(`${origin}/mate/jobs`);
    expect(hrefs(invitation?.html ?? "")).toContain(`${origin}/reset-password?token=y&invite=1`);
  });

  it("is laid out by inline styles in tables, up to 600 px wide, with nothing to load", () => {
    for (const [name, mail] of every) {
      const { html } = mail;
      expect(html, name).toMatch(/^<!doctype html>/);
      expect(html, name).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html, name).toContain('<table role="presentation"');
      expect(html, name).toContain("max-width:600px");
      // Every element that draws something carries its own style; the <style> block only adds dark mode.
      for (const tag of html.match(/<(p|td|a)\b[^>]*>/g) ?? []) expect(tag, name).toMatch(/ style="[^"]+"/);
      expect(html, name).toMatch(/<td[^>]*font-family:system-ui,[^"]*sans-serif/);
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(style.replace(/@media \(prefers-color-scheme: dark\) \{[\s\S]*\}/, "").trim(), name).toBe(
        ":root { color-scheme: light dark; supported-color-schemes: light dark; }",
      );
      expect(html, name).not.toMatch(/<img|<link|@import|url\(|@font-face|<script/i);
      // The brand's header, and no serif left to the mail app's default.
      expect(html, name).toMatch(/<td bgcolor="#0f6b64"[^>]*>Mates<\/td>/);
    }
  });

  it("shows the first paragraph, not the header, as the inbox's preview", () => {
    expect(prompt.html).toMatch(
      /<body[^>]*>\n<div style="display:none;[^"]*" aria-hidden="true">Your Plumber is done\. A rating/,
    );
  });

  it("declares light and dark, and gives dark mail apps their colours", () => {
    for (const [name, { html }] of every) {
      expect(html, name).toContain('<meta name="color-scheme" content="light dark">');
      expect(html, name).toContain('<meta name="supported-color-schemes" content="light dark">');
      expect(html, name).toContain("@media (prefers-color-scheme: dark)");
    }
  });

  it("says why only on a mail a person may turn off", () => {
    const essential = every.filter(([name]) => name !== "rating prompt");
    for (const [name, mail] of essential) {
      expect(mail.text, name).not.toContain("You get this because");
      expect(mail.html, name).not.toContain("You get this because");
      expect(mail.headers?.["List-Unsubscribe"], name).toBeUndefined();
    }
    expect(prompt.headers).toEqual({
      "Content-Language": "en-IN",
      "List-Unsubscribe": `<${unsubscribe.url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("writes a notice's fixed parts in the person's language (record 069)", () => {
    const hindi = noticeMail(
      customerNotices.confirmed(noticeWords("hi-IN"), facts),
      { email: "a@example.com", name: "Asha Rao" },
      origin,
      noticeWords("hi-IN"),
    );
    expect(hindi.headers).toEqual({ "Content-Language": "hi-IN" });
    expect(hindi.html).toContain('<html lang="hi" dir="ltr">');
    expect(hindi.text.startsWith("नमस्ते Asha,")).toBe(true);
    expect(hindi.text).toContain("— Mates. आपको ज़रूरत है, हम ठीक करते हैं।");
    expect(visibleText(hindi.html)).toContain("— Mates. आपको ज़रूरत है, हम ठीक करते हैं।");
    const marathi = noticeMail(
      customerNotices.confirmed(noticeWords("mr-IN"), facts),
      { email: "a@example.com", name: "" },
      origin,
      noticeWords("mr-IN"),
    );
    expect(marathi.html).toContain('<html lang="mr" dir="ltr">');
    expect(marathi.text.startsWith("नमस्कार,")).toBe(true);
    expect(every.every(([, mail]) => mail.html.includes('<html lang="en" dir="ltr">'))).toBe(true);
  });
});

import { DEFAULT_LOCALE, type Locale } from "#domain/i18n/locales.ts";
import { translator } from "#server/i18n/translator.ts";
import { layoutMail } from "#server/mail/layout.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { noticeWords } from "#server/mail/notice-words.ts";
import { messages as en } from "./messages/en-IN.ts";
import { messages as hi } from "./messages/hi-IN.ts";
import { messages as mr } from "./messages/mr-IN.ts";

/** The sign-in mails' words, in the language of the account they go to (record 069). */
const t = translator(en, { "hi-IN": hi, "mr-IN": mr });

/** "Hi Asha Rao," (the whole name, as these mails always wrote it), in the mail's language. */
const greeting = (locale: Locale, name: string) => {
  const words = noticeWords(locale);
  return name.trim() ? words.t("greeting", { name: name.trim() }) : words.t("greetingNoName");
};

/** The mail a customer or mate asks for to choose a new password, in their account's language. */
export function resetPasswordMail({
  to,
  name,
  link,
  locale = DEFAULT_LOCALE,
}: {
  to: string;
  name: string;
  link: string;
  locale?: Locale;
}): Mail {
  const subject = t(locale, "resetSubject");
  return {
    to,
    subject,
    link,
    headers: { "Content-Language": locale },
    ...layoutMail(subject, {
      greeting: greeting(locale, name),
      parts: [
        { paragraph: t(locale, "resetAsk") },
        { button: { label: t(locale, "resetButton"), url: link } },
        { paragraph: t(locale, "resetOnce") },
      ],
      words: noticeWords(locale),
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
  locale: Locale;
}): Mail {
  const { to, subject, greeting, intro, ask, link, after, locale } = parts;
  return {
    to,
    subject,
    link,
    headers: { "Content-Language": locale },
    ...layoutMail(subject, {
      greeting,
      parts: [
        { paragraph: intro },
        { paragraph: ask },
        { button: { label: t(locale, "inviteButton"), url: link } },
        { paragraph: after },
        { paragraph: t(locale, "inviteOnce") },
      ],
      words: noticeWords(locale),
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
  locale = DEFAULT_LOCALE,
}: {
  to: string;
  name: string;
  link: string;
  days: number;
  jobsLink: string;
  /** The language of the mate's account (English for a new one, until they choose). */
  locale?: Locale;
}): Mail {
  return invitationMail({
    to,
    subject: t(locale, "inviteSubject"),
    greeting: greeting(locale, name),
    intro: t(locale, "inviteIntro"),
    ask: t(locale, "inviteAsk", { days }),
    link,
    after: t(locale, "inviteAfter", { link: jobsLink }),
    locale,
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
    locale: DEFAULT_LOCALE,
  });
}

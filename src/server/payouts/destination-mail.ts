import { DEFAULT_LOCALE, isLocale } from "#domain/i18n/locales.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { translator } from "#server/i18n/translator.ts";
import { layoutMail } from "#server/mail/layout.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { noticeWords } from "#server/mail/notice-words.ts";
import { messages as en } from "./messages/en-IN.ts";
import { messages as hi } from "./messages/hi-IN.ts";
import { messages as mr } from "./messages/mr-IN.ts";

const t = translator(en, { "hi-IN": hi, "mr-IN": mr });

/**
 * The mail that tells a mate their payout details changed (record 064), in the language of their
 * account (record 069): where the money goes now, and how long the next payout is held.
 */
export function destinationChangedMail(
  to: { email: string; locale: string | null | undefined },
  mateName: string,
  made: { kind: string; masked: string; ifsc: string | null },
  until: Date,
): Mail {
  const locale = isLocale(to.locale) ? to.locale : DEFAULT_LOCALE;
  const words = noticeWords(locale);
  const subject = t(locale, "changedSubject");
  return {
    to: to.email,
    subject,
    headers: { "Content-Language": locale },
    ...layoutMail(subject, {
      greeting: words.t("greeting", { name: mateName.trim() }),
      parts: [
        { paragraph: t(locale, "changedText") },
        {
          rows: [
            [
              t(locale, "paidTo"),
              made.kind === "bank_account"
                ? t(locale, "bankAccount", { masked: made.masked, ifsc: made.ifsc })
                : t(locale, "upiId", { masked: made.masked }),
            ],
            [t(locale, "heldUntil"), formatSlotTime(until, locale)],
          ],
        },
        { paragraph: t(locale, "notYou") },
      ],
      words,
    }),
  };
}

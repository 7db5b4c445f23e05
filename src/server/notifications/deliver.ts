import { randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale } from "#domain/i18n/locales.ts";
import type { Notice, NoticeWords } from "#domain/notice-texts.ts";
import type { PushMessage } from "#domain/web-push.ts";
import { sessions, users } from "#server/auth/schema.ts";
import { serviceTitles } from "#server/catalogue/catalogue-translations.ts";
import { nowOf } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { noticeMail } from "#server/mail/notice-mail.ts";
import { ENGLISH_WORDS, noticeWords } from "#server/mail/notice-words.ts";
import { schedule } from "#server/queue/queue.ts";
import type { NotificationDeps } from "./notification-deps.ts";
import { notifications, pushSubscriptions } from "./schema.ts";
import { SEND_MAIL, SEND_PUSH } from "./send.ts";
import { unsubscribeUrl } from "./unsubscribe-tokens.ts";

/**
 * One notice for one person: `key` names the event and the person, `tag` the thread of their pushes,
 * `notice` writes it in the words of a language (the person's, read when it is delivered).
 */
export type Plan = { key: string; userId: string; notice: (words: NoticeWords) => Notice; tag: string };

/**
 * Records a notice for each of the person's channels (their mail, each of their devices), once per
 * event and target whatever runs this again, and schedules the sending of each new one. The notice
 * is written now, in the language kept in the person's account (record 069): the mail, the pushes
 * and the app's list of notifications all keep these words.
 */
export async function deliver(deps: NotificationDeps, one: Plan): Promise<void> {
  const [person] = await deps.db
    .select({ email: users.email, name: users.name, disabledAt: users.disabledAt, locale: users.locale })
    .from(users)
    .where(eq(users.id, one.userId));
  if (!person || person.disabledAt) return;
  const locale = isLocale(person.locale) ? person.locale : DEFAULT_LOCALE;
  const words = locale === DEFAULT_LOCALE ? ENGLISH_WORDS : noticeWords(locale, await serviceTitles(deps.db, locale));
  const notice = one.notice(words);
  const mail = noticeMail(
    notice,
    person,
    deps.appOrigin,
    words,
    notice.essential
      ? undefined
      : { url: unsubscribeUrl(deps, one.userId), why: words.t("ratingWhy"), turnOff: words.t("ratingTurnOff") },
  );
  const push: PushMessage = {
    title: notice.push.title,
    body: notice.push.body,
    url: notice.action.path,
    tag: one.tag,
  };
  const now = nowOf(deps);
  // Devices whose sign-in is still valid: a sign-in that lapsed on a shared phone stops its pushes.
  const devices = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, one.userId), gt(sessions.expiresAt, now)));
  await deps.db.transaction(async (tx) => {
    // An account made by phone has no address ("") until its person adds one: pushes only.
    if (person.email) await record(tx, one, notice, "mail", SEND_MAIL, mail, now);
    for (const device of devices) await record(tx, one, notice, device.id, SEND_PUSH, push, now);
  });
}

async function record(
  tx: Tx,
  one: Plan,
  notice: Notice,
  target: string,
  job: string,
  content: Mail | PushMessage,
  now: Date,
): Promise<void> {
  const [made] = await tx
    .insert(notifications)
    .values({
      id: randomUUID(),
      eventKey: one.key,
      target,
      userId: one.userId,
      kind: notice.kind,
      content: content as unknown as Record<string, unknown>,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (made)
    await schedule(tx, { name: job, key: `${job}:${made.id}`, payload: { notificationId: made.id }, runAt: now });
}

/**
 * A mail that is not about a booking (an application's receipt or decision), sent by the queue once
 * the caller's transaction commits: `key` names the event, so it goes once.
 */
export async function queueMail(tx: Tx, key: string, kind: string, mail: Mail, now: Date): Promise<void> {
  // No address (an account made by phone): nothing to send, nothing to record.
  if (!mail.to) return;
  const [made] = await tx
    .insert(notifications)
    .values({
      id: randomUUID(),
      eventKey: key,
      target: "mail",
      kind,
      content: mail as unknown as Record<string, unknown>,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (made) {
    await schedule(tx, {
      name: SEND_MAIL,
      key: `${SEND_MAIL}:${made.id}`,
      payload: { notificationId: made.id },
      runAt: now,
    });
  }
}

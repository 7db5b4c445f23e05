import { and, eq, isNull } from "drizzle-orm";
import type { PushMessage } from "#domain/web-push.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import type { Mail } from "#server/mail/mailer.ts";
import type { NotificationDeps } from "./notification-deps.ts";
import { text } from "./payload-fields.ts";
import { notifications, pushSubscriptions } from "./schema.ts";
import { wantsRatingPrompts } from "./settings.ts";

/** The queue's jobs that send one recorded notice: by mail, or to one device. */
export const SEND_MAIL = "notifications.mail";
export const SEND_PUSH = "notifications.push";

const URGENT = new Set(["on_the_way", "job_new", "job_cancelled", "job_taken", "job_moved"]);

/**
 * Claims a notice for sending: only one attempt talks to the mail or push server at a time, and a
 * notice whose attempt was cut off (the process died before the server's answer was recorded) is
 * never sent again: at most once, as issue 19 asks, at the price of losing that one notice.
 */
async function claim(deps: NotificationDeps, payload: Record<string, unknown>) {
  const id = text(payload.notificationId);
  if (!id) return undefined;
  const [mine] = await deps.db
    .update(notifications)
    .set({ outcome: "sending" })
    .where(and(eq(notifications.id, id), isNull(notifications.sentAt), isNull(notifications.outcome)))
    .returning();
  if (mine) return mine;
  const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, id));
  if (row?.outcome === "sending") {
    deps.logger.warn({ notification: id, kind: row.kind }, "a notice's send was cut off: not sent again");
    await settle(deps.db, id, "interrupted", nowOf(deps), summaryOf(row));
  }
  return undefined;
}

/** A failed attempt gives the claim back, so the queue's retry sends. */
async function release(db: Database, id: string) {
  await db.update(notifications).set({ outcome: null }).where(eq(notifications.id, id));
}

/**
 * Once a mail is settled (sent, skipped or cut off) its body is dropped: it may hold a link that
 * sets a password, and the subject, the address and when are all anyone needs later.
 */
function summaryOf(row: typeof notifications.$inferSelect): Record<string, unknown> | undefined {
  if (row.target !== "mail") return undefined;
  const mail = row.content as Partial<Mail>;
  return { to: mail.to, subject: mail.subject };
}

async function settle(
  db: Database,
  id: string,
  outcome: "sent" | "gone" | "skipped" | "interrupted",
  now: Date,
  content?: Record<string, unknown>,
) {
  await db
    .update(notifications)
    .set({ sentAt: now, outcome, ...(content ? { content } : {}) })
    .where(eq(notifications.id, id));
}

/** The queue's SEND_MAIL handler. A failure throws: the queue tries again later. */
export async function sendNoticeMail(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const row = await claim(deps, payload);
  if (!row) return;
  const mail = row.content as unknown as Mail;
  if (row.kind === "rating_prompt" && row.userId && !(await wantsRatingPrompts(deps.db, row.userId))) {
    await settle(deps.db, row.id, "skipped", nowOf(deps), summaryOf(row));
    return;
  }
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await release(deps.db, row.id);
    throw error;
  }
  await settle(deps.db, row.id, "sent", nowOf(deps), summaryOf(row));
}

/** The queue's SEND_PUSH handler: a subscription the push service no longer knows is deleted. */
export async function sendNoticePush(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const row = await claim(deps, payload);
  if (!row) return;
  const now = nowOf(deps);
  const [device] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.target));
  if (!device) {
    await settle(deps.db, row.id, "gone", now);
    return;
  }
  if (row.kind === "rating_prompt" && row.userId && !(await wantsRatingPrompts(deps.db, row.userId))) {
    await settle(deps.db, row.id, "skipped", now);
    return;
  }
  let outcome: "sent" | "gone";
  try {
    outcome = await deps.push.send(device, row.content as unknown as PushMessage, {
      ttlSeconds: 12 * 60 * 60,
      urgency: URGENT.has(row.kind) ? "high" : row.kind === "rating_prompt" ? "low" : "normal",
    });
  } catch (error) {
    await release(deps.db, row.id);
    throw error;
  }
  if (outcome === "gone") {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    deps.logger.info({ subscription: device.id }, "push subscription gone: removed");
  } else {
    await deps.db.update(pushSubscriptions).set({ lastPushAt: now }).where(eq(pushSubscriptions.id, device.id));
  }
  await settle(deps.db, row.id, outcome, now);
}

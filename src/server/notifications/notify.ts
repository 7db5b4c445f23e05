import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Logger } from "pino";
import type { Booking } from "#domain/booking.ts";
import { type BookingFacts, customerNotices, type JobFacts, mateNotices, type Notice } from "#domain/notice-texts.ts";
import { NOTIFY, RATING_PROMPT_DELAY_MS } from "#domain/notice-triggers.ts";
import { NOTIFICATION_SETTING_NAMES, whyYouGetThis } from "#domain/notification-settings.ts";
import type { PushMessage } from "#domain/web-push.ts";
import { sessions, users } from "#server/auth/schema.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import type { BookingRow } from "#server/bookings/schema.ts";
import { bookingHistory, bookings, jobs } from "#server/bookings/schema.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import { noticeMail } from "#server/mail/notice-mail.ts";
import { mates } from "#server/mates/schema.ts";
import { schedule } from "#server/queue/queue.ts";
import { ratings } from "#server/ratings/schema.ts";
import type { PushSender } from "./push.ts";
import { notificationSettings, notifications, pushSubscriptions } from "./schema.ts";

/**
 * Notices outside the app (issue 19, record 036). Every step of a booking is an entry of its
 * history, written in the step's own transaction; an entry that may be news schedules the queue's
 * NOTIFY job in that same transaction (bookings/transitions.ts), so no step is told twice or lost by
 * a crash. That job works out who is told what, and writes one `notifications` row per mail or push
 * subscription, unique per event and target; each row is then sent by a job of its own, retried
 * with backoff, and marked sent. Nothing here runs inside a request.
 */
export const SEND_MAIL = "notifications.mail";
export const SEND_PUSH = "notifications.push";
export const RATING_PROMPT = "notifications.ratingPrompt";

export type NotificationDeps = AppDeps & {
  mailer: Mailer;
  push: PushSender;
  logger: Logger;
  appOrigin: string;
  /** Signs the one-click unsubscribe links. */
  secret: string;
};

type Plan = { key: string; userId: string; notice: Notice; tag: string };

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const number = (value: unknown) => (typeof value === "number" ? value : 0);

function factsOf(booking: Booking): BookingFacts {
  return {
    bookingId: booking.id,
    services: [...new Set(booking.items.map((item) => item.serviceTitle))],
    startAt: new Date(booking.start),
    locality: booking.address.locality,
    totalRupees: booking.totalRupees,
    prepaid: booking.paymentMethod === "online",
  };
}

async function userIdOfMate(db: Pick<Database, "select">, mateId: string | undefined): Promise<string | undefined> {
  if (!mateId) return undefined;
  const [row] = await db.select({ userId: mates.userId }).from(mates).where(eq(mates.id, mateId));
  return row?.userId ?? undefined;
}

async function mateName(db: Pick<Database, "select">, mateId: string | undefined): Promise<string> {
  if (!mateId) return "Your mate";
  const [row] = await db.select({ name: mates.name }).from(mates).where(eq(mates.id, mateId));
  return row?.name ?? "Your mate";
}

/** The queue's NOTIFY handler: one history entry → the notices it means, each recorded once and sent. */
export async function notifyHistory(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const historyId = text(payload.historyId);
  if (!historyId) return;
  const [entry] = await deps.db.select().from(bookingHistory).where(eq(bookingHistory.id, historyId));
  if (!entry) return;
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, entry.bookingId));
  if (!row) return;
  const plans = await plan(deps, entry, row);
  for (const one of plans) await deliver(deps, one);
  if (plans.length > 0) deps.queue?.poke();
}

type HistoryRow = typeof bookingHistory.$inferSelect;

async function plan(deps: NotificationDeps, entry: HistoryRow, row: BookingRow): Promise<Plan[]> {
  const booking = await toBooking(deps, row);
  const facts = factsOf(booking);
  const details = entry.details ?? {};
  const job = booking.jobs.find((one) => one.id === entry.jobId);
  const [jobRow] = entry.jobId ? await deps.db.select().from(jobs).where(eq(jobs.id, entry.jobId)) : [];
  const customer = (key: string, notice: Notice): Plan => ({
    key: `${key}:${row.userId}`,
    userId: row.userId,
    notice,
    tag: `booking:${row.id}`,
  });
  const toMate = async (mateId: string | undefined, key: string, notice: (j: JobFacts) => Notice) => {
    const userId = await userIdOfMate(deps.db, mateId);
    if (!userId || !job) return [];
    const facts: JobFacts = {
      jobId: job.id,
      service: job.serviceTitle,
      startAt: new Date(booking.start),
      locality: booking.address.locality,
    };
    return [{ key: `${key}:${userId}`, userId, notice: notice(facts), tag: `job:${job.id}` }];
  };

  switch (entry.action) {
    case "place":
      // A "Pay now" booking is confirmed by its payment, not by being placed.
      return row.paymentMethod === "online" && row.totalRupees > 0
        ? []
        : [customer(`confirmed:${row.id}`, customerNotices.confirmed(facts))];
    case "payment_received": {
      if (details.purpose === "booking") {
        return row.status === "cancelled" ? [] : [customer(`confirmed:${row.id}`, customerNotices.confirmed(facts))];
      }
      const invoices = booking.payment.invoices;
      return [
        customer(
          `paid:${entry.id}`,
          customerNotices.paidOnline(facts, { amountPaise: number(details.amountPaise), invoices }),
        ),
      ];
    }
    case "assign": {
      const mateId = text(details.mateId);
      if (!mateId || !job) return [];
      // The job's earlier assignments and moves, oldest first (an equal time counts: one transaction
      // may withdraw and assign).
      const earlier = (
        await deps.db
          .select({ id: bookingHistory.id, action: bookingHistory.action, details: bookingHistory.details })
          .from(bookingHistory)
          .where(
            and(
              eq(bookingHistory.jobId, job.id),
              inArray(bookingHistory.action, ["assign", "reschedule"]),
              lte(bookingHistory.at, entry.at),
            ),
          )
          .orderBy(asc(bookingHistory.at))
      ).filter((one) => one.id !== entry.id);
      const before = text(earlier.findLast((one) => one.action === "assign")?.details?.mateId);
      const movedFrom = earlier.at(-1)?.action === "reschedule" ? text(earlier.at(-1)?.details?.mateId) : undefined;
      if (before === mateId) return []; // The same mate again, after a move: they and the customer know.
      const name = await mateName(deps.db, mateId);
      const free = row.totalRupees === 0;
      return [
        customer(
          `assign:${entry.id}`,
          customerNotices.mateAssigned(facts, { name, service: job.serviceTitle }, before !== undefined),
        ),
        ...(await toMate(mateId, `assign:${entry.id}`, (j) => mateNotices.newJob(j, free))),
        // The mate of a job the customer moved, who was not free at the new time, hears it went on.
        ...(movedFrom && movedFrom !== mateId
          ? await toMate(movedFrom, `taken:${entry.id}`, (j) => mateNotices.taken(j, "moved"))
          : []),
      ];
    }
    case "withdraw":
      return toMate(text(details.mateId), `taken:${entry.id}`, (j) =>
        mateNotices.taken(j, details.reason === "suspended" ? "suspended" : "reassigned"),
      );
    case "release":
      // A mate who releases a job knows; one released by the Mates team is told.
      return entry.actor === "operator"
        ? toMate(text(details.mateId) ?? jobRow?.mateId ?? undefined, `taken:${entry.id}`, (j) =>
            mateNotices.taken(j, "released"),
          )
        : [];
    case "reschedule": {
      const from = text(details.from);
      return from ? toMate(text(details.mateId), `moved:${entry.id}`, (j) => mateNotices.moved(j, new Date(from))) : [];
    }
    case "on_the_way":
      return job
        ? [
            customer(
              `on_the_way:${entry.id}`,
              customerNotices.onTheWay(facts, {
                name: await mateName(deps.db, jobRow?.mateId ?? undefined),
                service: job.serviceTitle,
              }),
            ),
          ]
        : [];
    case "complete": {
      if (booking.status !== "completed") return [];
      await scheduleRatingPrompt(deps, row.id, entry.at);
      const lines = booking.jobs
        .filter((one) => one.status !== "cancelled")
        .map((one): [string, number] => [one.serviceTitle, one.billRupees + one.tipRupees]);
      // What is still owed: the bills of completed jobs that no payment covers and no mate collected.
      const duePaise = booking.payment.dueFor === "bill" ? booking.payment.duePaise : 0;
      const invoices = booking.payment.invoices;
      return [customer(`completed:${row.id}`, customerNotices.completed(facts, { lines, duePaise, invoices }))];
    }
    case "cancel":
    case "expire": {
      const forMate =
        jobRow && ["assigned", "on_the_way", "arrived"].includes(entry.fromStatus ?? "")
          ? await toMate(jobRow.mateId ?? undefined, `cancelled:${jobRow.id}`, (j) => mateNotices.cancelled(j))
          : [];
      if (row.status !== "cancelled") return forMate;
      const refundPaise = booking.payment.refunds.reduce((sum, refund) => sum + refund.amountPaise, 0);
      const by = entry.action === "expire" ? "unpaid" : entry.actor === "operator" ? "operator" : "customer";
      return [
        customer(
          `cancelled:${row.id}`,
          customerNotices.cancelled(facts, { by, chargeRupees: row.cancellationChargeRupees, refundPaise }),
        ),
        ...forMate,
      ];
    }
    case "refund_processed":
      return [
        customer(
          `refunded:${entry.id}`,
          customerNotices.refunded(facts, {
            amountPaise: number(details.amountPaise),
            reference: text(details.reference) ?? "—",
          }),
        ),
      ];
    default:
      return [];
  }
}

async function scheduleRatingPrompt(deps: NotificationDeps, bookingId: string, completedAt: Date): Promise<void> {
  await schedule(deps.db, {
    name: RATING_PROMPT,
    key: `${RATING_PROMPT}:${bookingId}`,
    payload: { bookingId },
    runAt: new Date(completedAt.getTime() + RATING_PROMPT_DELAY_MS),
  });
}

/** Whether the person wants rating prompts (on unless they turned them off). */
export async function wantsRatingPrompts(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row?.ratingPrompts ?? true;
}

/** The queue's RATING_PROMPT handler: a completed booking still unrated asks once, if the person wants it. */
export async function promptRating(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const bookingId = text(payload.bookingId);
  if (!bookingId) return;
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (row?.status !== "completed") return;
  const [rated] = await deps.db.select({ id: ratings.bookingId }).from(ratings).where(eq(ratings.bookingId, bookingId));
  if (rated || !(await wantsRatingPrompts(deps.db, row.userId))) return;
  const booking = await toBooking(deps, row);
  const { openUntil } = booking.rating;
  if (booking.rating.rating || !openUntil || Date.parse(openUntil) <= nowOf(deps).getTime()) return;
  const mateId = (await deps.db.select({ mateId: jobs.mateId }).from(jobs).where(eq(jobs.bookingId, bookingId))).find(
    (one) => one.mateId,
  )?.mateId;
  await deliver(deps, {
    key: `rating_prompt:${bookingId}:${row.userId}`,
    userId: row.userId,
    notice: customerNotices.ratingPrompt(factsOf(booking), await mateName(deps.db, mateId ?? undefined)),
    tag: `booking:${bookingId}`,
  });
  deps.queue?.poke();
}

/** The signed one-click link that turns rating prompts off for one person. */
export function unsubscribeUrl(deps: Pick<NotificationDeps, "appOrigin" | "secret">, userId: string): string {
  return `${deps.appOrigin}/api/notifications/unsubscribe?user=${encodeURIComponent(userId)}&token=${unsubscribeToken(deps.secret, userId)}`;
}
const unsubscribeToken = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(`rating-prompts:${userId}`).digest("base64url");
export function unsubscribeTokenValid(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Records a notice for each of the person's channels (their mail, each of their devices), once per
 * event and target whatever runs this again, and schedules the sending of each new one.
 */
async function deliver(deps: NotificationDeps, one: Plan): Promise<void> {
  const [person] = await deps.db
    .select({ email: users.email, name: users.name, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, one.userId));
  if (!person || person.disabledAt) return;
  const mail = noticeMail(
    one.notice,
    person,
    deps.appOrigin,
    one.notice.essential
      ? undefined
      : { url: unsubscribeUrl(deps, one.userId), ...whyYouGetThis(NOTIFICATION_SETTING_NAMES.ratingPrompts) },
  );
  const push: PushMessage = {
    title: one.notice.push.title,
    body: one.notice.push.body,
    url: one.notice.action.path,
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
    await record(tx, one, "mail", SEND_MAIL, mail, now);
    for (const device of devices) await record(tx, one, device.id, SEND_PUSH, push, now);
  });
}

async function record(
  tx: Tx,
  one: Plan,
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
      kind: one.notice.kind,
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

export function notificationHandlers(deps: NotificationDeps) {
  return {
    [NOTIFY]: (payload: Record<string, unknown>) => notifyHistory(deps, payload),
    [SEND_MAIL]: (payload: Record<string, unknown>) => sendNoticeMail(deps, payload),
    [SEND_PUSH]: (payload: Record<string, unknown>) => sendNoticePush(deps, payload),
    [RATING_PROMPT]: (payload: Record<string, unknown>) => promptRating(deps, payload),
  };
}

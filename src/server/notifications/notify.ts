import { eq } from "drizzle-orm";
import { NOTIFY } from "#domain/notice-triggers.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import { bookingHistory, bookings } from "#server/bookings/schema.ts";
import { deliver } from "./deliver.ts";
import type { NotificationDeps } from "./notification-deps.ts";
import { text } from "./payload-fields.ts";
import { plan } from "./plan.ts";
import { promptRating, RATING_PROMPT, scheduleRatingPromptOnCompletion } from "./rating-prompt.ts";
import { SEND_MAIL, SEND_PUSH, sendNoticeMail, sendNoticePush } from "./send.ts";

/**
 * Notices outside the app (issue 19, record 036). Every step of a booking is an entry of its
 * history, written in the step's own transaction; an entry that may be news schedules the queue's
 * NOTIFY job in that same transaction (bookings/transitions.ts), so no step is told twice or lost by
 * a crash. That job works out who is told what (plan.ts), and writes one `notifications` row per mail
 * or push subscription, unique per event and target (deliver.ts); each row is then sent by a job of
 * its own, retried with backoff, and marked sent (send.ts). Nothing here runs inside a request.
 */

/** The queue's NOTIFY handler: one history entry → the notices it means, each recorded once and sent. */
export async function notifyHistory(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const historyId = text(payload.historyId);
  if (!historyId) return;
  const [entry] = await deps.db.select().from(bookingHistory).where(eq(bookingHistory.id, historyId));
  if (!entry) return;
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, entry.bookingId));
  if (!row) return;
  const booking = await toBooking(deps, row);
  await scheduleRatingPromptOnCompletion(deps, entry, booking);
  const plans = await plan(deps, entry, row, booking);
  for (const one of plans) await deliver(deps, one);
  if (plans.length > 0) deps.queue?.poke();
}

export function notificationHandlers(deps: NotificationDeps) {
  return {
    [NOTIFY]: (payload: Record<string, unknown>) => notifyHistory(deps, payload),
    [SEND_MAIL]: (payload: Record<string, unknown>) => sendNoticeMail(deps, payload),
    [SEND_PUSH]: (payload: Record<string, unknown>) => sendNoticePush(deps, payload),
    [RATING_PROMPT]: (payload: Record<string, unknown>) => promptRating(deps, payload),
  };
}

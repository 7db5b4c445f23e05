import { eq } from "drizzle-orm";
import type { Booking } from "#domain/booking.ts";
import { customerNotices } from "#domain/notice-texts.ts";
import { RATING_PROMPT_DELAY_MS } from "#domain/notice-triggers.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import { bookings, type HistoryRow, jobs } from "#server/bookings/schema.ts";
import { nowOf } from "#server/context.ts";
import { schedule } from "#server/queue/queue.ts";
import { ratings } from "#server/ratings/schema.ts";
import { factsOf, mateName } from "./booking-facts.ts";
import { deliver } from "./deliver.ts";
import type { NotificationDeps } from "./notification-deps.ts";
import { text } from "./payload-fields.ts";
import { wantsRatingPrompts } from "./settings.ts";

/** The queue's job that asks a customer, once, to rate a completed booking. */
export const RATING_PROMPT = "notifications.ratingPrompt";

/**
 * The history entry that completed a booking (its last job done) schedules the booking's rating
 * prompt, RATING_PROMPT_DELAY_MS after it; any other entry schedules nothing.
 */
export async function scheduleRatingPromptOnCompletion(
  deps: NotificationDeps,
  entry: HistoryRow,
  booking: Booking,
): Promise<void> {
  if (entry.action !== "complete" || booking.status !== "completed") return;
  await scheduleRatingPrompt(deps, booking.id, entry.at);
}

async function scheduleRatingPrompt(deps: NotificationDeps, bookingId: string, completedAt: Date): Promise<void> {
  await schedule(deps.db, {
    name: RATING_PROMPT,
    key: `${RATING_PROMPT}:${bookingId}`,
    payload: { bookingId },
    runAt: new Date(completedAt.getTime() + RATING_PROMPT_DELAY_MS),
  });
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
  const facts = factsOf(booking);
  const name = await mateName(deps.db, mateId ?? undefined);
  await deliver(deps, {
    key: `rating_prompt:${bookingId}:${row.userId}`,
    userId: row.userId,
    notice: (w) => customerNotices.ratingPrompt(w, facts, name),
    tag: `booking:${bookingId}`,
  });
  deps.queue?.poke();
}

import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import {
  formatStars,
  type MateRatings,
  mateRating,
  RATING_RULES,
  type RatingInput,
  type RatingTag,
  ratingOpenUntil,
} from "#domain/rating.ts";
import { users } from "#server/auth/schema.ts";
import { publishChange } from "#server/bookings/publish.ts";
import type { JobRow } from "#server/bookings/schema.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { completedAtOf, jobsOf, lockOwnBooking, recordHistory } from "#server/bookings/transitions.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { schedule } from "#server/queue/queue.ts";
import { DONE, reviewsOf } from "./reviews.ts";
import { ratings } from "./schema.ts";

/**
 * Ratings and reviews (issue 18, record 034): the customer's one rating of a completed booking,
 * changeable for 7 days, with an optional tip added to a bill still to be paid; each mate's rating
 * recomputed from theirs in the same transaction; reviews per service for its page and averages
 * for the catalogue; operators hiding an abusive review, audited.
 */

const conflict = (code: string, message: string) => new AppError(409, code, message);

/**
 * Where the tip goes: on a job still to be paid (the one that already carries it, else the first
 * completed one). A tip cannot be changed on a bill already paid.
 */
function placeTip(own: readonly JobRow[], tipRupees: number): { job: JobRow; tipRupees: number }[] {
  const carrying = own.filter((job) => job.tipRupees > 0);
  const current = carrying.reduce((sum, job) => sum + job.tipRupees, 0);
  if (tipRupees === current) return [];
  if (carrying.some((job) => job.status !== "completed")) {
    throw conflict("tip_closed", "Your bill is paid, so its tip can no longer be changed.");
  }
  const target = carrying[0] ?? own.find((job) => job.status === "completed");
  if (!target) throw conflict("tip_closed", "Your bill is already paid, so a tip can no longer be added to it.");
  return [{ job: target, tipRupees }];
}

/** Rates a completed booking of the customer's, or changes their rating within 7 days of completion. */
export async function rateBooking(deps: AppDeps, userId: string, bookingId: string, input: RatingInput) {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, userId, bookingId);
    if (booking.status !== "completed") {
      throw conflict("not_completed", "You can rate a booking once its work is done.");
    }
    if (!ratingOpenUntil(await completedAtOf(tx, bookingId), now)) {
      throw conflict(
        "rating_closed",
        `A booking can be rated, and its rating changed, for ${RATING_RULES.editDays} days after the work is done.`,
      );
    }
    const [earlier] = await tx.select().from(ratings).where(eq(ratings.bookingId, bookingId));
    if (earlier?.hiddenAt) {
      throw conflict("rating_hidden", "This review was hidden by the Mates team and can no longer be changed.");
    }
    const own = (await jobsOf(tx, bookingId)).filter((job) => DONE.includes(job.status));
    for (const { job, tipRupees } of placeTip(own, input.tipRupees)) {
      await tx
        .update(jobs)
        .set({ tipRupees, updatedAt: now })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "completed")));
      await tx
        .update(jobs)
        .set({ tipRupees: 0 })
        .where(and(eq(jobs.bookingId, bookingId), sql`${jobs.id} <> ${job.id}`));
    }
    const values = { stars: input.stars, tags: input.tags, comment: input.comment, updatedAt: now };
    await tx
      .insert(ratings)
      .values({ bookingId, userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: ratings.bookingId, set: values });
    if (!earlier) {
      // The day this rating leaves the window, its mates' ratings are computed without it.
      await schedule(tx, {
        name: RATING_AGES_OUT,
        key: `${RATING_AGES_OUT}:${bookingId}`,
        payload: { bookingId },
        runAt: new Date(now.getTime() + RATING_RULES.windowDays * 86_400_000),
      });
    }
    await recordHistory(tx, {
      bookingId,
      who: { actor: "customer", actorId: userId },
      action: earlier ? "rating_changed" : "rated",
      details: { stars: input.stars, tipRupees: input.tipRupees },
      at: now,
    });
    await recomputeMates(tx, mateIdsOf(own), now);
    return booking;
  });
  return publishChange(deps, row);
}

/** The queued work that recomputes a booking's mates when its rating leaves the 365-day window. */
export const RATING_AGES_OUT = "ratings.agesOut";

/** The queue's handler: the ratings of the booking's mates without the one that aged out. */
export async function ratingAgedOut(deps: AppDeps, payload: Record<string, unknown>): Promise<void> {
  const bookingId = String(payload.bookingId ?? "");
  await deps.db.transaction(async (tx) => {
    const own = (await jobsOf(tx, bookingId)).filter((job) => DONE.includes(job.status));
    await recomputeMates(tx, mateIdsOf(own), nowOf(deps));
  });
}

const mateIdsOf = (own: readonly JobRow[]) => [...new Set(own.flatMap((job) => (job.mateId ? [job.mateId] : [])))];

/** Each mate's rating from their visible ratings of the last 365 days (domain/rating.ts mateRating). */
export async function recomputeMates(tx: Tx, mateIds: readonly string[], now: Date) {
  if (mateIds.length === 0) return;
  const from = new Date(now.getTime() - RATING_RULES.windowDays * 86_400_000);
  const rows = await tx
    .select({ mateId: jobs.mateId, stars: ratings.stars, at: ratings.createdAt })
    .from(ratings)
    .innerJoin(jobs, eq(jobs.bookingId, ratings.bookingId))
    .where(
      and(
        inArray(jobs.mateId, [...mateIds]),
        inArray(jobs.status, DONE),
        isNull(ratings.hiddenAt),
        gte(ratings.createdAt, from),
      ),
    );
  const before = await tx
    .select({ id: mates.id, ratingBefore: mates.ratingBefore })
    .from(mates)
    .where(inArray(mates.id, [...mateIds]));
  for (const mate of before) {
    const own = rows.filter((row) => row.mateId === mate.id);
    await tx
      .update(mates)
      .set({ rating: mateRating(own, mate.ratingBefore, now) })
      .where(eq(mates.id, mate.id));
  }
}

/** A mate's own ratings, newest first, without who gave them. */
export async function mateRatings(db: Database, mateId: string, now: Date): Promise<MateRatings> {
  const [mate] = await db.select({ rating: mates.rating }).from(mates).where(eq(mates.id, mateId));
  const rows = await db
    .select({ rating: ratings, service: jobs.service, items: bookings.items })
    .from(ratings)
    .innerJoin(jobs, eq(jobs.bookingId, ratings.bookingId))
    .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
    .where(and(eq(jobs.mateId, mateId), reviewsOf()))
    .orderBy(desc(ratings.createdAt))
    .limit(100);
  return {
    rating: mate?.rating == null ? null : Number(formatStars(mate.rating)),
    fromRatings:
      mateRating(
        rows.map(({ rating }) => ({ stars: rating.stars, at: rating.createdAt })),
        null,
        now,
      ) !== null,
    count: rows.length,
    ratings: rows.map(({ rating, service, items }) => ({
      stars: rating.stars,
      tags: rating.tags as RatingTag[],
      comment: rating.comment,
      serviceTitle: items.find((item) => item.service === service)?.serviceTitle ?? service,
      at: rating.createdAt.toISOString(),
    })),
  };
}

/** The newest reviews for the console, hidden ones included, with who wrote them and about whom. */
export async function listReviewsForOps(db: Database) {
  const rows = await db
    .select({ rating: ratings, customer: users.name, items: bookings.items })
    .from(ratings)
    .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
    .innerJoin(users, eq(users.id, ratings.userId))
    .orderBy(desc(ratings.createdAt))
    .limit(50);
  return rows.map(({ rating, customer, items }) => ({
    bookingId: rating.bookingId,
    customer,
    services: [...new Set(items.map((item) => item.serviceTitle))],
    stars: rating.stars,
    tags: rating.tags as RatingTag[],
    comment: rating.comment,
    at: rating.createdAt.toISOString(),
    hidden: rating.hiddenAt ? { at: rating.hiddenAt.toISOString(), reason: rating.hiddenReason ?? "" } : null,
  }));
}

/**
 * An operator hides an abusive review (or shows it again), with a reason the audit log keeps: a
 * hidden review counts for nobody, so its mates' ratings are recomputed at once.
 */
export async function setReviewHidden(
  db: Database,
  operatorId: string,
  bookingId: string,
  hide: boolean,
  reason: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [rating] = await tx.select().from(ratings).where(eq(ratings.bookingId, bookingId)).for("update");
    if (!rating) throw notFound("There is no review of that booking.");
    if ((rating.hiddenAt !== null) === hide) {
      throw conflict("unchanged", hide ? "That review is already hidden." : "That review is not hidden.");
    }
    await tx
      .update(ratings)
      .set(
        hide
          ? { hiddenAt: now, hiddenBy: operatorId, hiddenReason: reason }
          : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
      )
      .where(eq(ratings.bookingId, bookingId));
    await recordAudit(tx, {
      actorId: operatorId,
      action: hide ? "review.hide" : "review.show",
      subjectType: "booking",
      subjectId: bookingId,
      before: { hidden: !hide },
      after: { hidden: hide },
      reason,
      at: now,
    });
    const own = (await jobsOf(tx, bookingId)).filter((job) => DONE.includes(job.status));
    await recomputeMates(tx, mateIdsOf(own), now);
  });
}

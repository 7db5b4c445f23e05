import { and, avg, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { lastCompleted } from "#domain/booking-history.ts";
import {
  type BookingRating,
  formatStars,
  RATING_RULES,
  type Rating,
  type RatingTag,
  type ReviewPage,
  type ReviewSummary,
  ratingOpenUntil,
} from "#domain/rating.ts";
import { users } from "#server/auth/schema.ts";
import type { BookingRow, HistoryRow, JobRow } from "#server/bookings/schema.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { services } from "#server/catalogue/schema.ts";
import type { Database } from "#server/db/client.ts";
import { notFound } from "#server/http/errors.ts";
import { ratings } from "./schema.ts";

/**
 * Ratings as they are read (issue 18): what a booking says of its rating, a service's page of
 * reviews and every service's average for the catalogue. Only the tables: the bookings' presenter
 * and the catalogue's answers build on it without the rating's writes (ratings.ts).
 */

/** Jobs whose work was done: only they earn their mate a rating and their service a review. */
export type RatingRow = typeof ratings.$inferSelect;

export const DONE = ["completed", "paid"];

/** Reviews that count: visible, of a job whose work was done. */
export function reviewsOf(service?: string) {
  return and(isNull(ratings.hiddenAt), inArray(jobs.status, DONE), ...(service ? [eq(jobs.service, service)] : []));
}

export const summaryOf = (row: { average: string | null; count: number } | undefined): ReviewSummary | null =>
  row && row.count > 0 && row.average !== null
    ? { average: Number(formatStars(Number(row.average))), count: row.count }
    : null;

/** Every service's average stars and count of reviews, for the catalogue's answers. */
export async function serviceSummaries(db: Pick<Database, "select">): Promise<Map<string, ReviewSummary>> {
  const rows = await db
    .select({ service: jobs.service, average: avg(ratings.stars), count: count() })
    .from(ratings)
    .innerJoin(jobs, eq(jobs.bookingId, ratings.bookingId))
    .where(reviewsOf())
    .groupBy(jobs.service);
  return new Map(rows.flatMap((row) => (summaryOf(row) ? [[row.service, summaryOf(row) as ReviewSummary]] : [])));
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** One page of a service's reviews, newest first, with the average and count; an unknown service is a 404. */
export async function serviceReviews(db: Database, service: string, page: number): Promise<ReviewPage> {
  const [known] = await db.select({ name: services.name }).from(services).where(eq(services.name, service));
  if (!known) throw notFound(`There is no service called "${service}".`);
  const size = RATING_RULES.reviewsPerPage;
  const [totals] = await db
    .select({ average: avg(ratings.stars), count: count() })
    .from(ratings)
    .innerJoin(jobs, eq(jobs.bookingId, ratings.bookingId))
    .where(reviewsOf(service));
  const summary = summaryOf(totals);
  const rows = summary
    ? await db
        .select({ rating: ratings, name: users.name, address: bookings.address })
        .from(ratings)
        .innerJoin(jobs, eq(jobs.bookingId, ratings.bookingId))
        .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
        .innerJoin(users, eq(users.id, ratings.userId))
        .where(reviewsOf(service))
        .orderBy(desc(ratings.createdAt), desc(ratings.bookingId))
        .limit(size)
        .offset((page - 1) * size)
    : [];
  return {
    summary,
    reviews: rows.map(({ rating, name, address }) => ({
      stars: rating.stars,
      tags: rating.tags as RatingTag[],
      comment: rating.comment,
      name: firstName(name),
      locality: address.locality,
      at: rating.createdAt.toISOString(),
      verified: true as const,
    })),
    page,
    pages: Math.max(1, Math.ceil((summary?.count ?? 0) / size)),
  };
}

export function ratingView(row: RatingRow, tipRupees: number): Rating {
  return {
    stars: row.stars,
    tags: row.tags as RatingTag[],
    comment: row.comment,
    tipRupees,
    at: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
  };
}

/** What each booking of a page says of its rating: one query for the page (the history is loaded). */
export async function presentRatings(
  db: Pick<Database, "select">,
  rows: readonly BookingRow[],
  jobRows: readonly JobRow[],
  historyRows: readonly HistoryRow[],
  now: Date,
): Promise<Map<string, BookingRating>> {
  const completed = rows.filter((row) => row.status === "completed").map((row) => row.id);
  const given =
    completed.length === 0 ? [] : await db.select().from(ratings).where(inArray(ratings.bookingId, completed));
  return new Map(
    rows.map((row) => {
      const own = jobRows.filter((job) => job.bookingId === row.id);
      const rating = given.find((entry) => entry.bookingId === row.id);
      const completedAt = lastCompleted(historyRows, row.id);
      const until = row.status === "completed" && rating?.hiddenAt == null ? ratingOpenUntil(completedAt, now) : null;
      const tip = own.reduce((sum, job) => sum + job.tipRupees, 0);
      return [
        row.id,
        {
          rating: rating ? ratingView(rating, tip) : null,
          openUntil: until?.toISOString() ?? null,
          tipOpen: until !== null && own.some((job) => job.status === "completed"),
        },
      ];
    }),
  );
}

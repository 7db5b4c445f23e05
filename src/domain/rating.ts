import { z } from "zod";
import { serviceSchema } from "./catalogue.ts";
import { NO_NUL } from "./text.ts";

/**
 * Ratings and reviews (issue 18): after a booking is completed its customer rates it once (stars,
 * tags, a comment and an optional tip added to the bill), and may change that for 7 days. The
 * rating counts for every mate who did a job of the booking, and shows as a review on the page of
 * every service it booked. An operator may hide an abusive review; a hidden review counts for nobody.
 */
export const RATING_RULES = {
  /** A rating can be given and changed this long after the booking was completed. */
  editDays: 7,
  commentMax: 500,
  /** The largest tip, in whole rupees. */
  tipMaxRupees: 2000,
  /** Tips offered at one tap; any other amount can be typed. */
  tipChoices: [50, 100, 200] as const,
  /** A mate's rating is the average of the ratings of this many days back (record 034)... */
  windowDays: 365,
  /** ...once they have at least this many of them; until then their earlier rating stands. */
  minimumCount: 3,
  reviewsPerPage: 10,
} as const;

export const RATING_TAGS = ["on_time", "polite", "quality", "cleaned_up"] as const;
export type RatingTag = (typeof RATING_TAGS)[number];
export const TAG_TEXT: Record<RatingTag, string> = {
  on_time: "On time",
  polite: "Polite",
  quality: "Quality of work",
  cleaned_up: "Cleaned up after",
};

export const ratingInputSchema = z
  .object({
    stars: z
      .number({ error: "Choose 1 to 5 stars." })
      .int("Choose 1 to 5 stars.")
      .min(1, "Choose 1 to 5 stars.")
      .max(5, "Choose 1 to 5 stars."),
    tags: z
      .array(z.enum(RATING_TAGS, { error: "That is not one of the tags." }))
      .max(RATING_TAGS.length)
      .refine((tags) => new Set(tags).size === tags.length, "Each tag once.")
      .default([]),
    comment: z
      .string()
      .trim()
      .max(RATING_RULES.commentMax, `A comment is at most ${RATING_RULES.commentMax} characters.`)
      .regex(NO_NUL, "A comment may not contain NUL characters.")
      .default(""),
    tipRupees: z
      .number()
      .int("A tip is in whole rupees.")
      .min(0, "A tip cannot be negative.")
      .max(RATING_RULES.tipMaxRupees, `A tip is at most ₹${RATING_RULES.tipMaxRupees}.`)
      .default(0),
  })
  .strict();
export type RatingInput = z.infer<typeof ratingInputSchema>;

/** The customer's own rating of a booking, as they gave it. */
export const ratingSchema = z.object({
  stars: z.number().int(),
  tags: z.array(z.enum(RATING_TAGS)),
  comment: z.string(),
  tipRupees: z.number().int(),
  at: z.string(),
  /** Set when an operator hid it: it shows nowhere and counts for nobody. */
  hidden: z.boolean(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** What a booking says of its rating: the rating, until when it can be given or changed, and tips. */
export const bookingRatingSchema = z.object({
  rating: ratingSchema.nullable(),
  /** Set while the booking can be rated (or its rating changed): completed less than 7 days ago. */
  openUntil: z.string().nullable(),
  /** Whether a tip can still be added: some job's bill is still to be paid. */
  tipOpen: z.boolean(),
});
export type BookingRating = z.infer<typeof bookingRatingSchema>;

/** Until when a booking completed at this time can be rated, or null when that time has passed. */
export function ratingOpenUntil(completedAt: Date | undefined, now: Date): Date | null {
  if (!completedAt) return null;
  const until = new Date(completedAt.getTime() + RATING_RULES.editDays * 86_400_000);
  return now < until ? until : null;
}

/**
 * A mate's rating from the ratings of their jobs (record 034): the average of the visible ratings of
 * the last 365 days once there are at least 3, otherwise the rating they had before (the one they
 * joined with, or none for a new mate), so one early rating never decides a mate's standing.
 */
export function mateRating(
  ratings: readonly { stars: number; at: Date }[],
  earlier: number | null,
  now: Date,
): number | null {
  const from = now.getTime() - RATING_RULES.windowDays * 86_400_000;
  const recent = ratings.filter((rating) => rating.at.getTime() >= from);
  if (recent.length < RATING_RULES.minimumCount) return earlier;
  return recent.reduce((sum, rating) => sum + rating.stars, 0) / recent.length;
}

/** A service's reviews as anyone sees them on its page. */
export const reviewSchema = z.object({
  stars: z.number().int(),
  tags: z.array(z.enum(RATING_TAGS)),
  comment: z.string(),
  /** The customer's first name and their address's locality: never more. */
  name: z.string(),
  locality: z.string(),
  at: z.string(),
  /** Every review comes from a completed booking: shown as "Verified booking". */
  verified: z.literal(true),
});
export type Review = z.infer<typeof reviewSchema>;

/** The average stars (to one decimal) and the count of a service's visible reviews. */
export const reviewSummarySchema = serviceSchema.shape.reviews.unwrap();
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewPageSchema = z.object({
  summary: reviewSummarySchema.nullable(),
  reviews: z.array(reviewSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: "The page is a number." })
    .int("The page is a whole number.")
    .min(1, "Pages start at 1.")
    .max(10_000, "There are not that many pages.")
    .default(1),
});

/** "4.7" for an average, one decimal. */
export function formatStars(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** A mate's own ratings, without who gave them. */
export const mateRatingsSchema = z.object({
  rating: z.number().nullable(),
  /** True once the ratings of the last 365 days decide it (3 or more); false while it is the earlier one. */
  fromRatings: z.boolean(),
  count: z.number().int(),
  ratings: z.array(
    z.object({
      stars: z.number().int(),
      tags: z.array(z.enum(RATING_TAGS)),
      comment: z.string(),
      serviceTitle: z.string(),
      at: z.string(),
    }),
  ),
});
export type MateRatings = z.infer<typeof mateRatingsSchema>;

/** The console's list of the newest reviews, hidden ones included. */
export const opsReviewListSchema = z.object({
  reviews: z.array(
    z.object({
      bookingId: z.string(),
      customer: z.string(),
      services: z.array(z.string()),
      stars: z.number().int(),
      tags: z.array(z.enum(RATING_TAGS)),
      comment: z.string(),
      at: z.string(),
      hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
    }),
  ),
});
export type OpsReviewList = z.infer<typeof opsReviewListSchema>;

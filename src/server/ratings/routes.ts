import { type Context, Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { bookingResponseSchema } from "#domain/booking.ts";
import { slugSchema } from "#domain/catalogue.ts";
import { reasonSchema } from "#domain/ops.ts";
import {
  mateRatingsSchema,
  opsReviewListSchema,
  ratingInputSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
} from "#domain/rating.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter, type SignedIn } from "#server/auth/session.ts";
import { mateOfUser } from "#server/bookings/job-steps.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam, queryParams } from "#server/http/openapi.ts";
import { listReviewsForOps, mateRatings, rateBooking, setReviewHidden } from "./ratings.ts";
import { serviceReviews } from "./reviews.ts";

const security = [{ session: [] }];
const bookingId = z.uuid("That is not a booking id.");
const bookingParam = pathParam("id", bookingId, "The booking id.");

/** `PUT /api/bookings/:id/rating`: the customer rates a completed booking of theirs, or changes it. */
export function customerRatingRoutes(deps: AppDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "customer").put(
    "/:id/rating",
    describeRoute({
      tags: ["Ratings"],
      security,
      summary: "Rate a completed booking (or change the rating within 7 days), with an optional tip",
      description:
        "1 to 5 stars, tags, a comment of at most 500 characters and a tip in whole rupees, added to a bill still to be paid.",
      parameters: [bookingParam],
      requestBody: jsonBody(ratingInputSchema),
      responses: {
        200: json("The booking with its rating.", bookingResponseSchema),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const id = parseInput(bookingId, c.req.param("id"));
      const input = parseInput(ratingInputSchema, await c.req.json());
      return c.json({ booking: await rateBooking(deps, c.get("userId"), id, input) });
    },
  );
}

/** `GET /api/mate/ratings`: a mate's own ratings and comments, without the customers' names. */
export function mateRatingRoutes(deps: AppDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "mate").get(
    "/ratings",
    describeRoute({
      tags: ["Mate app"],
      security,
      summary: "Your rating and the ratings of your jobs, newest first",
      responses: { 200: json("The mate's ratings.", mateRatingsSchema), ...errors(401, 403) },
    }),
    async (c) => c.json(await mateRatings(deps.db, (await mateOfUser(deps.db, c.get("userId"))).id, nowOf(deps))),
  );
}

/** `GET /api/services/:name/reviews`: anyone reads a service's reviews, newest first. */
export function reviewRoutes(deps: Pick<AppDeps, "db">) {
  return new Hono().get(
    "/:name/reviews",
    describeRoute({
      tags: ["Catalogue"],
      summary: "A service's reviews, newest first, 10 a page, with the average and count",
      parameters: [
        pathParam("name", slugSchema, "The service's name, e.g. `plumber`."),
        ...queryParams(reviewPageQuerySchema),
      ],
      responses: { 200: json("One page of reviews.", reviewPageSchema), ...errors(400, 404) },
    }),
    async (c) => {
      const name = parseInput(slugSchema, c.req.param("name"));
      const { page } = parseInput(reviewPageQuerySchema, c.req.query());
      const reviews = await serviceReviews(deps.db, name, page);
      c.header("Cache-Control", "public, no-cache");
      return c.json(reviews);
    },
  );
}

/** `/api/ops/reviews`: the newest reviews, and hiding an abusive one (or showing it again), audited. */
export function operatorReviewRoutes(deps: AppDeps & { auth: Auth }) {
  const change = (hide: boolean) =>
    describeRoute({
      tags: ["Operations"],
      security,
      summary: hide
        ? "Hide an abusive review: it shows nowhere and counts for nobody (the reason is audited)"
        : "Show a hidden review again (the reason is audited)",
      parameters: [bookingParam],
      requestBody: jsonBody(reasonSchema, "Why: kept in the audit log."),
      responses: { 200: json("The newest reviews.", opsReviewListSchema), ...errors(400, 401, 403, 404, 409, 429) },
    });
  const act = (hide: boolean) => async (c: Context<SignedIn>) => {
    const id = parseInput(bookingId, c.req.param("id"));
    const { reason } = parseInput(reasonSchema, await c.req.json());
    await setReviewHidden(deps.db, c.get("userId"), id, hide, reason, nowOf(deps));
    return c.json({ reviews: await listReviewsForOps(deps.db) });
  };
  return roleRouter(deps.auth, "operator")
    .get(
      "/",
      describeRoute({
        tags: ["Operations"],
        security,
        summary: "The 50 newest reviews, hidden ones included",
        responses: { 200: json("The newest reviews.", opsReviewListSchema), ...errors(401, 403) },
      }),
      async (c) => c.json({ reviews: await listReviewsForOps(deps.db) }),
    )
    .post("/:id/hide", change(true), act(true))
    .post("/:id/show", change(false), act(false));
}

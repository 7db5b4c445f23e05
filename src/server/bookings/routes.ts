import { describeRoute } from "hono-openapi";
import type { Logger } from "pino";
import { z } from "zod";
import {
  bookingListSchema,
  bookingResponseSchema,
  cancelBookingSchema,
  placeBookingSchema,
  rescheduleSchema,
} from "#domain/booking.ts";
import { mergeResultSchema } from "#domain/cart.ts";
import { extraDecisionSchema } from "#domain/job.ts";
import { slotsQuerySchema, slotsResponseSchema } from "#domain/slots.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import type { AppDeps } from "#server/context.ts";
import { optionalJson, parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam, queryParams } from "#server/http/openapi.ts";
import { getBooking, listBookings } from "./bookings.ts";
import { bookAgain, cancelBooking, decideExtra, rescheduleBooking } from "./lifecycle.ts";
import { cancelNoShow, rescueWithAnotherMate } from "./no-show.ts";
import { placeBooking } from "./placement.ts";
import { slotsForCustomer } from "./slots.ts";

const idSchema = z.uuid("That is not a booking id.");
const extraIdSchema = z.uuid("That is not an extra's id.");
const slotsQuery = slotsQuerySchema.extend({ booking: z.uuid("That is not a booking id.").optional() });

const tags = ["Bookings"];
const security = [{ session: [] }];
const idParam = pathParam("id", idSchema, "The booking id.");
const oneBooking = (description: string) => json(description, bookingResponseSchema);

/** `/api/slots` and `/api/bookings`, for customers only (a visitor gets a 401, a mate or operator a 403). */
export function bookingRoutes(deps: AppDeps & { auth: Auth; logger: Logger }) {
  const { auth } = deps;
  /** Placing or moving scheduled the assignment in its transaction; the worker takes it at once. */
  const assignLater = () => deps.queue?.poke();

  const slots = roleRouter(auth, "customer").get(
    "/",
    describeRoute({
      tags,
      security,
      summary: "The free start times of a day for the cart (or for moving a booking)",
      parameters: queryParams(slotsQuery),
      responses: { 200: json("The day's slots.", slotsResponseSchema), ...errors(400, 401, 404) },
    }),
    async (c) => {
      const query = parseInput(slotsQuery, { date: c.req.query("date"), booking: c.req.query("booking") });
      return c.json(await slotsForCustomer(deps, c.get("userId"), query));
    },
  );

  const bookings = roleRouter(auth, "customer")
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "The customer's bookings, upcoming and past",
        responses: { 200: json("The bookings.", bookingListSchema), ...errors(401) },
      }),
      async (c) => c.json(await listBookings(deps, c.get("userId"))),
    )
    .post(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Book the cart at a start time",
        description:
          "The idempotency key may come in the body or in the Idempotency-Key header; a retry with the same key answers the same booking with 200.",
        parameters: [
          {
            in: "header",
            name: "Idempotency-Key",
            required: false,
            schema: { type: "string", minLength: 8, maxLength: 100 },
          },
        ],
        requestBody: jsonBody(placeBookingSchema),
        responses: {
          201: oneBooking("The new booking; a mate is assigned in the background."),
          200: oneBooking("The booking this idempotency key already made."),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const userId = c.get("userId");
        const body: unknown = await c.req.json();
        const header = c.req.header("Idempotency-Key");
        const withKey =
          header && typeof body === "object" && body !== null && !("idempotencyKey" in body)
            ? { ...body, idempotencyKey: header }
            : body;
        const input = parseInput(placeBookingSchema, withKey);
        const { booking, created } = await placeBooking(deps, userId, input);
        if (created) assignLater();
        return c.json({ booking }, created ? 201 : 200);
      },
    )
    .get(
      "/:id",
      describeRoute({
        tags,
        security,
        summary: "One of the customer's bookings",
        parameters: [idParam],
        responses: { 200: oneBooking("The booking."), ...errors(400, 401, 404) },
      }),
      async (c) => {
        const userId = c.get("userId");
        return c.json({ booking: await getBooking(deps, userId, parseInput(idSchema, c.req.param("id"))) });
      },
    )
    .post(
      "/:id/cancel",
      describeRoute({
        tags,
        security,
        summary: "Cancel a booking",
        description:
          "Free until 3 hours before the start; once the mate is on the way it costs the visiting charge. `chargeRupees`, what the customer agreed to, refuses the cancellation (409) if the cost is no longer that.",
        parameters: [idParam],
        requestBody: jsonBody(cancelBookingSchema, "May be left out.", false),
        responses: { 200: oneBooking("The cancelled booking."), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(idSchema, c.req.param("id"));
        const { chargeRupees } = parseInput(cancelBookingSchema, await optionalJson(c.req));
        return c.json({ booking: await cancelBooking(deps, c.get("userId"), id, chargeRupees) });
      },
    )
    .post(
      "/:id/extras/:extraId",
      describeRoute({
        tags,
        security,
        summary: "Approve or decline extra work a mate proposed",
        parameters: [idParam, pathParam("extraId", extraIdSchema, "The extra's id.")],
        requestBody: jsonBody(extraDecisionSchema),
        responses: { 200: oneBooking("The booking with its bill."), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(idSchema, c.req.param("id"));
        const extraId = parseInput(extraIdSchema, c.req.param("extraId"));
        const { approve } = parseInput(extraDecisionSchema, await c.req.json());
        return c.json({ booking: await decideExtra(deps, c.get("userId"), id, extraId, approve) });
      },
    )
    .post(
      "/:id/book-again",
      describeRoute({
        tags,
        security,
        summary: "Put a booking's services and options back in the cart",
        parameters: [idParam],
        responses: {
          200: json("The cart, and the lines left out with why.", mergeResultSchema),
          ...errors(400, 401, 403, 404, 429),
        },
      }),
      async (c) => {
        const id = parseInput(idSchema, c.req.param("id"));
        return c.json(await bookAgain(deps, c.get("userId"), id));
      },
    )
    .post(
      "/:id/no-show/another-mate",
      describeRoute({
        tags,
        security,
        summary: "Mate hasn't arrived: find another mate now",
        description:
          "Open once the booking offers the no-show rescue (`noShowRescue`). The mates who did not come lose their jobs (recorded as no-shows) to the best mates free now, and the booking starts now. When nobody is free, nothing changes and the answer is a 409 `no_mate_free`.",
        parameters: [idParam],
        responses: { 200: oneBooking("The booking with its new mates."), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(idSchema, c.req.param("id"));
        return c.json({ booking: await rescueWithAnotherMate(deps, c.get("userId"), id) });
      },
    )
    .post(
      "/:id/no-show/cancel",
      describeRoute({
        tags,
        security,
        summary: "Mate hasn't arrived: cancel free",
        description:
          "Open once the booking offers the no-show rescue (`noShowRescue`). No visiting charge, everything paid online refunded, credit spent on it given back, and Mates credit given for the trouble.",
        parameters: [idParam],
        responses: { 200: oneBooking("The cancelled booking."), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(idSchema, c.req.param("id"));
        return c.json({ booking: await cancelNoShow(deps, c.get("userId"), id) });
      },
    )
    .post(
      "/:id/reschedule",
      describeRoute({
        tags,
        security,
        summary: "Move a booking to another start time",
        parameters: [idParam],
        requestBody: jsonBody(rescheduleSchema),
        responses: { 200: oneBooking("The moved booking."), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const id = parseInput(idSchema, c.req.param("id"));
        const { start } = parseInput(rescheduleSchema, await c.req.json());
        await rescheduleBooking(deps, userId, id, start);
        assignLater();
        return c.json({ booking: await getBooking(deps, userId, id) });
      },
    );

  return { slots, bookings };
}

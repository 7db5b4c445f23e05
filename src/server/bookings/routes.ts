import type { Context } from "hono";
import { Hono } from "hono";
import type { Logger } from "pino";
import { z } from "zod";
import {
  bookingDays,
  jobsByService,
  kolkataDay,
  placeBookingSchema,
  rescheduleSchema,
  slotsQuerySchema,
} from "#domain/booking.ts";
import type { Auth } from "../auth/auth.ts";
import { requireUserId } from "../auth/routes.ts";
import { readCart } from "../cart/cart.ts";
import { badRequest, parseInput } from "../http/errors.ts";
import { assignBooking } from "./assignment.ts";
import { type BookingDeps, getBooking, listBookings } from "./bookings.ts";
import { cancelBooking, rescheduleBooking } from "./lifecycle.ts";
import { placeBooking } from "./placement.ts";
import { daySlots } from "./slots.ts";

const idSchema = z.uuid("That is not a booking id.");
const slotsQuery = slotsQuerySchema.extend({ booking: z.uuid("That is not a booking id.").optional() });

const noStore = async (c: Context, next: () => Promise<void>) => {
  c.header("Cache-Control", "no-store");
  await next();
};

/** `/api/slots` and `/api/bookings`, for the signed-in customer only. */
export function bookingRoutes(deps: BookingDeps & { auth: Auth; logger: Logger }) {
  const { auth, logger } = deps;
  const now = () => deps.now?.() ?? new Date();
  /** Assignment runs after the answer; the booking's tabs hear the result over /api/events. */
  const assignLater = (id: string) => {
    setImmediate(() => {
      assignBooking(deps, id).catch((error: unknown) =>
        logger.error({ err: error, bookingId: id }, "assignment failed"),
      );
    });
  };

  const slots = new Hono().use(noStore).get("/", async (c) => {
    const userId = await requireUserId(auth, c);
    const query = parseInput(slotsQuery, { date: c.req.query("date"), booking: c.req.query("booking") });
    const items = query.booking
      ? (await getBooking(deps, userId, query.booking)).items
      : (await readCart(deps.db, userId)).items;
    if (items.length === 0) throw badRequest("Your cart is empty. Add a service before choosing a time.", "empty_cart");
    const jobs = jobsByService(items);
    const days = bookingDays(now());
    if (!days.includes(query.date)) {
      throw badRequest(
        `Bookings open for the next ${days.length} days, from ${kolkataDay(now())}.`,
        "date_out_of_range",
      );
    }
    return c.json({
      date: query.date,
      days,
      durationMinutes: Math.max(...jobs.values()),
      slots: await daySlots(deps.db, query.date, jobs, now()),
    });
  });

  const bookings = new Hono()
    .use(noStore)
    .get("/", async (c) => c.json(await listBookings(deps, await requireUserId(auth, c))))
    .post("/", async (c) => {
      const userId = await requireUserId(auth, c);
      const body: unknown = await c.req.json();
      const header = c.req.header("Idempotency-Key");
      const withKey =
        header && typeof body === "object" && body !== null && !("idempotencyKey" in body)
          ? { ...body, idempotencyKey: header }
          : body;
      const input = parseInput(placeBookingSchema, withKey);
      const { booking, created } = await placeBooking(deps, userId, input);
      if (created) assignLater(booking.id);
      return c.json({ booking }, created ? 201 : 200);
    })
    .get("/:id", async (c) => {
      const userId = await requireUserId(auth, c);
      return c.json({ booking: await getBooking(deps, userId, parseInput(idSchema, c.req.param("id"))) });
    })
    .post("/:id/cancel", async (c) => {
      const userId = await requireUserId(auth, c);
      return c.json({ booking: await cancelBooking(deps, userId, parseInput(idSchema, c.req.param("id"))) });
    })
    .post("/:id/reschedule", async (c) => {
      const userId = await requireUserId(auth, c);
      const id = parseInput(idSchema, c.req.param("id"));
      const { start } = parseInput(rescheduleSchema, await c.req.json());
      await rescheduleBooking(deps, userId, id, start);
      assignLater(id);
      return c.json({ booking: await getBooking(deps, userId, id) });
    });

  return { slots, bookings };
}

import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { bookingResponseSchema } from "#domain/booking.ts";
import { REWORK_RULES, reworkDetailsSchema } from "#domain/rework.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import { parseInput } from "#server/http/errors.ts";
import { readDetailsAndFiles } from "#server/http/multipart.ts";
import { errors, json, pathParam } from "#server/http/openapi.ts";
import { photoRoute, photosForm, photosLimit } from "#server/uploads/photo-route.ts";
import { type ReworkDeps, requestRework, reworkPhoto } from "./rework.ts";

const security = [{ session: [] }];
const bookingId = z.uuid("That is not a booking id.");

/** `POST /api/bookings/:id/rework`: the customer asks for free re-work of a completed booking. */
export function customerReworkRoutes(deps: ReworkDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "customer").post(
    "/:id/rework",
    describeRoute({
      tags: ["Bookings"],
      security,
      summary: "Ask for free re-work of a completed booking (within 30 days, once per booking)",
      description:
        "Makes a free booking of the same services at the same address at the chosen start, offered first to the same mates. Answers the new booking.",
      parameters: [pathParam("id", bookingId, "The completed booking.")],
      requestBody: photosForm(REWORK_RULES, "description, start"),
      responses: {
        201: json("The re-work booking.", bookingResponseSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415, 429),
      },
    }),
    photosLimit(REWORK_RULES),
    async (c) => {
      const id = parseInput(bookingId, c.req.param("id"));
      const { details, files } = await readDetailsAndFiles(c, "the request", ["photos"]);
      const row = await requestRework(deps, c.get("userId"), id, parseInput(reworkDetailsSchema, details), files);
      return c.json({ booking: await toBooking(deps, row) }, 201);
    },
  );
}

/**
 * `GET /api/rework/:id/photos/:key`: a re-work's photo, for its customer, a mate with a job on it,
 * or an operator (rework.ts `reworkPhoto` is the one check); anyone else is told there is none.
 */
export function reworkPhotoRoutes(deps: ReworkDeps & { auth: Auth }) {
  return photoRoute(
    deps,
    {
      tags: ["Bookings"],
      summary: "A photo of a re-work request (JPEG or PNG)",
      id: bookingId,
      idDescription: "The re-work booking.",
    },
    (viewer, id, key) => reworkPhoto(deps, viewer, id, key),
  );
}

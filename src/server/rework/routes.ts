import { bodyLimit } from "hono/body-limit";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { bookingResponseSchema } from "#domain/booking.ts";
import { REWORK_RULES, reworkDetailsSchema } from "#domain/rework.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter, signedInRouter } from "#server/auth/session.ts";
import { findUserById } from "#server/auth/users.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import { AppError, parseInput } from "#server/http/errors.ts";
import { readDetailsAndFiles } from "#server/http/multipart.ts";
import { errors, json, pathParam } from "#server/http/openapi.ts";
import { type ReworkDeps, requestRework, reworkPhoto } from "./rework.ts";

const security = [{ session: [] }];
const bookingId = z.uuid("That is not a booking id.");
const photoKey = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "That is not a photo id.");
const MAX_BODY_BYTES = REWORK_RULES.maxPhotos * REWORK_RULES.maxPhotoBytes + 64 * 1024;
const MB = 1024 * 1024;

const multipartBody = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["details"],
        properties: {
          details: { type: "string", description: "The request's fields as JSON: description, start." },
          photos: {
            type: "array",
            items: { type: "string", format: "binary" },
            description: `Up to ${REWORK_RULES.maxPhotos} photos of what is wrong: JPEG or PNG by their content, at most ${REWORK_RULES.maxPhotoBytes / MB} MB each.`,
          },
        },
      },
    },
  },
} as const;

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
      requestBody: multipartBody as never,
      responses: {
        201: json("The re-work booking.", bookingResponseSchema),
        ...errors(400, 401, 403, 404, 409, 413, 415, 429),
      },
    }),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError(
          413,
          "too_large",
          `The photos are too large: at most ${REWORK_RULES.maxPhotos} of ${REWORK_RULES.maxPhotoBytes / MB} MB each.`,
        );
      },
    }),
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
  return signedInRouter(deps.auth).get(
    "/:id/photos/:key",
    describeRoute({
      tags: ["Bookings"],
      security,
      summary: "A photo of a re-work request (JPEG or PNG)",
      parameters: [pathParam("id", bookingId, "The re-work booking."), pathParam("key", photoKey)],
      responses: {
        200: {
          description: "The photo.",
          content: {
            "image/jpeg": { schema: { type: "string", format: "binary" } },
            "image/png": { schema: { type: "string", format: "binary" } },
          },
        },
        ...errors(400, 401, 404),
      },
    }),
    async (c) => {
      const id = parseInput(bookingId, c.req.param("id"));
      const key = parseInput(photoKey, c.req.param("key"));
      const userId = c.get("userId");
      const role = (await findUserById(deps.db, userId))?.role ?? "";
      const photo = await reworkPhoto(deps, { userId, role }, id, key);
      return c.body(photo.bytes, 200, { "Content-Type": photo.contentType, "X-Content-Type-Options": "nosniff" });
    },
  );
}

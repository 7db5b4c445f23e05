import { bodyLimit } from "hono/body-limit";
import { describeRoute } from "hono-openapi";
import type { z } from "zod";
import type { PhotoType } from "#domain/rework.ts";
import type { Auth } from "#server/auth/auth.ts";
import { signedInRouter } from "#server/auth/session.ts";
import { findUserById } from "#server/auth/users.ts";
import type { Database } from "#server/db/client.ts";
import { AppError, parseInput } from "#server/http/errors.ts";
import { errors, pathParam, photoAnswer } from "#server/http/openapi.ts";
import { documentKeySchema } from "./document-store.ts";

export type Viewer = { userId: string; role: string };
/** How many photos a form takes, and how large each may be. */
export type PhotoRules = { maxPhotos: number; maxPhotoBytes: number };

const MB = 1024 * 1024;
const eachText = (rules: PhotoRules) => `at most ${rules.maxPhotos} of ${rules.maxPhotoBytes / MB} MB each`;

/** A form of photos refused with a 413 as soon as it is larger than they may be together (and the fields). */
export const photosLimit = (rules: PhotoRules) =>
  bodyLimit({
    maxSize: rules.maxPhotos * rules.maxPhotoBytes + 64 * 1024,
    onError: () => {
      throw new AppError(413, "too_large", `The photos are too large: ${eachText(rules)}.`);
    },
  });

/** The OpenAPI request body of a form of fields (`details`, JSON) and photos (`photos`). */
export const photosForm = (rules: PhotoRules, fields: string) =>
  ({
    required: true,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          required: ["details"],
          properties: {
            details: { type: "string", description: `The fields as JSON: ${fields}.` },
            photos: {
              type: "array",
              items: { type: "string", format: "binary" },
              description: `Photos, JPEG or PNG by their content: ${eachText(rules)}.`,
            },
          },
        },
      },
    },
  }) as never;
type Photo = { bytes: Uint8Array<ArrayBuffer>; contentType: PhotoType };

/**
 * `GET /:id/photos/:key`: a stored photo of something (a re-work request, a case) for a signed-in
 * person; `read` is the one check of who may see it, and answers 404 to anyone else.
 */
export function photoRoute(
  deps: { auth: Auth; db: Database },
  doc: { tags: string[]; summary: string; id: z.ZodType<string>; idDescription: string },
  read: (viewer: Viewer, id: string, key: string) => Promise<Photo>,
) {
  return signedInRouter(deps.auth).get(
    "/:id/photos/:key",
    describeRoute({
      tags: doc.tags,
      security: [{ session: [] }],
      summary: doc.summary,
      parameters: [pathParam("id", doc.id, doc.idDescription), pathParam("key", documentKeySchema)],
      responses: { 200: photoAnswer, ...errors(400, 401, 404) },
    }),
    async (c) => {
      const id = parseInput(doc.id, c.req.param("id"));
      const key = parseInput(documentKeySchema, c.req.param("key"));
      const userId = c.get("userId");
      const role = (await findUserById(deps.db, userId))?.role ?? "";
      const photo = await read({ userId, role }, id, key);
      return c.body(photo.bytes, 200, { "Content-Type": photo.contentType, "X-Content-Type-Options": "nosniff" });
    },
  );
}

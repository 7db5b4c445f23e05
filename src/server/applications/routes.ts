import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import {
  APPLICATION_RULES,
  APPLICATION_STATUSES,
  applicationDetailsSchema,
  applicationListSchema,
  applicationReceivedSchema,
  applicationResponseSchema,
  DOCUMENT_KINDS,
  rejectApplicationSchema,
  verificationChecklistSchema,
} from "#domain/applications.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { AppError, parseInput } from "#server/http/errors.ts";
import { readDetailsAndFiles } from "#server/http/multipart.ts";
import { noStore } from "#server/http/no-store.ts";
import { errors, json, jsonBody, pathParam, queryParams } from "#server/http/openapi.ts";
import type { ApplicationDeps } from "./deps.ts";
import {
  applicationDetail,
  applicationDocument,
  listApplications,
  rejectApplication,
  verifyApplication,
} from "./review.ts";
import { submitApplication } from "./submit.ts";

/** Every file at its largest, and room for the form's other parts. */
const MAX_BODY_BYTES = APPLICATION_RULES.maxFiles * APPLICATION_RULES.maxFileBytes + 256 * 1024;

const multipartBody = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["details", "identity", "address"],
        properties: {
          details: {
            type: "string",
            description:
              "The application's fields as JSON: fullName, mobile, email, skills, homeLocality, yearsExperience.",
          },
          identity: {
            type: "array",
            items: { type: "string", format: "binary" },
            description: "Identity document: JPEG, PNG or PDF.",
          },
          address: {
            type: "array",
            items: { type: "string", format: "binary" },
            description: "Address proof: JPEG, PNG or PDF.",
          },
        },
      },
    },
  },
} as const;

/** `POST /api/applications`: a professional applies (public, limited per address in api.ts). */
export function applicationRoutes(deps: ApplicationDeps) {
  return new Hono().use(noStore).post(
    "/",
    describeRoute({
      tags: ["Applications"],
      summary: "Apply to work with Mates",
      description: `The fields as JSON in \`details\` and the documents as files (\`identity\`, \`address\`): JPEG, PNG or PDF by their content, at most ${APPLICATION_RULES.maxFileBytes / 1024 / 1024} MB each and ${APPLICATION_RULES.maxFiles} in all. One open application per e-mail address.`,
      requestBody: multipartBody as never,
      responses: {
        201: json("The application was stored and a mail confirms it.", applicationReceivedSchema),
        ...errors(400, 403, 409, 413, 415, 429),
      },
    }),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError(
          413,
          "too_large",
          `The documents are too large: at most ${APPLICATION_RULES.maxFiles} files of ${APPLICATION_RULES.maxFileBytes / 1024 / 1024} MB each.`,
        );
      },
    }),
    async (c) => {
      const { details, files } = await readDetailsAndFiles(c, "the application", DOCUMENT_KINDS);
      const uploaded = files.map(({ field, name, bytes }) => ({ kind: field, name, bytes }));
      const received = await submitApplication(deps, parseInput(applicationDetailsSchema, details), uploaded);
      return c.json(received, 201);
    },
  );
}

const security = [{ session: [] }];
const applicationId = z.uuid("That is not an application id.");
const documentId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "That is not a document id.");
const listQuery = z.object({ status: z.enum(APPLICATION_STATUSES).default("received") }).strict();

/** A file name for Content-Disposition: plain ASCII in `filename`, the real one in `filename*`. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** `/api/ops/applications/*`: the operators' queue of applications; operators only. */
export function applicationOpsRoutes(deps: ApplicationDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "operator")
    .get(
      "/",
      describeRoute({
        tags: ["Operations"],
        security,
        summary: "Applications: the queue (oldest first) or the decided ones",
        parameters: queryParams(listQuery),
        responses: { 200: json("At most 100 applications.", applicationListSchema), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const { status } = parseInput(listQuery, c.req.query());
        return c.json({ applications: await listApplications(deps.db, status) });
      },
    )
    .get(
      "/:id",
      describeRoute({
        tags: ["Operations"],
        security,
        summary: "An application, its documents and its decision",
        parameters: [pathParam("id", applicationId)],
        responses: { 200: json("The application.", applicationResponseSchema), ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const id = parseInput(applicationId, c.req.param("id"));
        return c.json({ application: await applicationDetail(deps.db, id) });
      },
    )
    .get(
      "/:id/documents/:documentId",
      describeRoute({
        tags: ["Operations"],
        security,
        summary: "A document's bytes (JPEG, PNG or PDF)",
        parameters: [pathParam("id", applicationId), pathParam("documentId", documentId)],
        responses: {
          200: {
            description: "The document, shown inline.",
            content: {
              "image/jpeg": { schema: { type: "string", format: "binary" } },
              "image/png": { schema: { type: "string", format: "binary" } },
              "application/pdf": { schema: { type: "string", format: "binary" } },
            },
          },
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const id = parseInput(applicationId, c.req.param("id"));
        const doc = await applicationDocument(deps, id, parseInput(documentId, c.req.param("documentId")));
        return c.body(doc.bytes, 200, {
          "Content-Type": doc.contentType,
          "Content-Disposition": disposition(doc.name),
          "X-Content-Type-Options": "nosniff",
        });
      },
    )
    .post(
      "/:id/verify",
      describeRoute({
        tags: ["Operations"],
        security,
        summary: "Verify: make the mate and send their invitation",
        parameters: [pathParam("id", applicationId)],
        requestBody: jsonBody(verificationChecklistSchema),
        responses: {
          200: json("The decided application.", applicationResponseSchema),
          ...errors(400, 401, 403, 404, 409),
        },
      }),
      async (c) => {
        const id = parseInput(applicationId, c.req.param("id"));
        const checklist = parseInput(verificationChecklistSchema, await c.req.json());
        return c.json({ application: await verifyApplication(deps, c.get("userId"), id, checklist) });
      },
    )
    .post(
      "/:id/reject",
      describeRoute({
        tags: ["Operations"],
        security,
        summary: "Reject with a reason; the documents are deleted",
        parameters: [pathParam("id", applicationId)],
        requestBody: jsonBody(rejectApplicationSchema),
        responses: {
          200: json("The decided application.", applicationResponseSchema),
          ...errors(400, 401, 403, 404, 409),
        },
      }),
      async (c) => {
        const id = parseInput(applicationId, c.req.param("id"));
        const { reason } = parseInput(rejectApplicationSchema, await c.req.json());
        return c.json({ application: await rejectApplication(deps, c.get("userId"), id, reason) });
      },
    );
}

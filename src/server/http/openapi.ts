import type { Hono } from "hono";
import { findTargetHandler } from "hono/utils/handler";
import { type DescribeRouteOptions, generateSpecs, resolver, uniqueSymbol } from "hono-openapi";
import { z } from "zod";
import { apiErrorSchema } from "#domain/api-error.ts";

/**
 * The OpenAPI document is generated from the routes themselves: each route carries a
 * `describeRoute(...)` whose request and response schemas are the zod schemas the handler parses
 * with (parseInput) and answers with. These helpers keep those descriptions short.
 */

/** The one error body, defined once in components and referenced by every 4xx and 5xx. */
export const ERROR_SCHEMA_NAME = "Error";
const errorRef = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };

const ERROR_TEXT: Record<number, string> = {
  400: "The input is not valid: `message` names the field and what is wrong.",
  401: "Nobody is signed in.",
  403: "Not allowed: the request did not come from the Mates app, or this account's role may not do it.",
  404: "Not found, or not this customer's.",
  409: "The request conflicts with the current state (slot taken, booking not changeable).",
  415: "The body is not JSON.",
  423: "Locked: the start code took 5 wrong tries; an operator unlocks it.",
  429: "Too many requests: wait for Retry-After seconds.",
  503: "A service the answer needs is not available.",
};

/** Error answers, all with the one error body. */
export function errors(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: ERROR_TEXT[status] ?? "Error",
        content: { "application/json": { schema: errorRef } },
      },
    ]),
  );
}

/** A JSON answer with the given schema. */
export function json(description: string, schema: z.ZodType) {
  return { description, content: { "application/json": { schema: resolver(schema) } } };
}

/** A photo's bytes, a JPEG or PNG (re-work's and cases' photos). */
export const photoAnswer = {
  description: "The photo.",
  content: {
    "image/jpeg": { schema: { type: "string", format: "binary" } },
    "image/png": { schema: { type: "string", format: "binary" } },
  },
} as const;

/**
 * A JSON request body, documented from the schema the handler parses it with; `required: false`
 * for one that may be left out (see `optionalJson`).
 */
export function jsonBody(schema: z.ZodType, description?: string, required = true) {
  return {
    required,
    ...(description ? { description } : {}),
    content: { "application/json": { schema: resolver(schema) } },
  };
}

type Parameter = NonNullable<DescribeRouteOptions["parameters"]>[number];

/** The JSON Schema of what a client may send (zod's input side: before trims and transforms). */
function inputJsonSchema(schema: z.ZodType) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest as never;
}

/** A path parameter, documented from the schema the handler parses it with. */
export function pathParam(name: string, schema: z.ZodType, description?: string): Parameter {
  return { in: "path", name, required: true, schema: inputJsonSchema(schema), ...(description ? { description } : {}) };
}

/** Query parameters, one per key of the object schema the handler parses the query with. */
export function queryParams(schema: z.ZodObject): Parameter[] {
  return Object.entries(schema.shape).map(([name, field]) => ({
    in: "query",
    name,
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: inputJsonSchema(field as z.ZodType),
  }));
}

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

/** Generates the document of a composed app (once, at start; main serves the cached copy). */
export function generateDocument(app: Hono, version: string): Promise<OpenApiDocument> {
  return generateSpecs(app, {
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "Mates API",
        version,
        description:
          'The API the Mates web app speaks. Every error answers `{ "error": { "code", "message" } }`. Sessions are the `mates.session_token` cookie set by the sign-in and sign-up routes; requests that change data must carry the app\'s Origin.',
      },
      components: {
        schemas: { [ERROR_SCHEMA_NAME]: inputJsonSchema(apiErrorSchema) },
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "mates.session_token" },
          metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN, for /metrics alone." },
        },
      },
    },
    // /api/openapi.json itself is not a static file.
    excludeStaticFile: false,
    // Every route states its own 400; the library's default 400 body is not ours.
    defaultValidationErrorResponse: false,
  });
}

type StandardValidate = (value: unknown) =>
  | { issues?: readonly { message: string; path?: unknown }[] }
  | Promise<{
      issues?: readonly { message: string; path?: unknown }[];
    }>;

type DocumentedResponse = { content?: Record<string, { schema?: { validate?: StandardValidate; $ref?: string } }> };
type Spec = { responses?: Record<string, DocumentedResponse> };
type DescribedOperation = {
  path: string;
  method: string;
  pattern: RegExp;
  responses: Record<string, DocumentedResponse>;
};

/** Hono's `/items/:id` as an OpenAPI path, `/items/{id}`. */
export function toOpenApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");
}

/**
 * The operations described on the app's routes, with their response schemas still as validators
 * (the resolver keeps the zod schema's standard `validate`), for contract checks in tests.
 */
export function describedOperations(app: Hono): DescribedOperation[] {
  const seen = new Map<string, DescribedOperation>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const handler = findTargetHandler(route.handler) as unknown as Record<symbol, { spec?: Spec } | undefined>;
    const marker = handler[uniqueSymbol];
    if (!marker?.spec) continue;
    const path = toOpenApiPath(route.path);
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    seen.set(`${route.method} ${path}`, {
      path,
      method: route.method,
      pattern,
      responses: marker.spec.responses ?? {},
    });
  }
  return [...seen.values()];
}

/**
 * Checks an answer against the documented schema of its operation and status. Returns the list of
 * problems (empty when the answer is as documented).
 */
export async function checkAgainstDocument(
  operations: DescribedOperation[],
  method: string,
  url: string,
  response: Response,
): Promise<string[]> {
  const path = new URL(url, "http://x").pathname;
  const operation =
    operations.find((op) => op.method === method && op.pattern.test(path) && !op.path.includes("{")) ??
    operations.find((op) => op.method === method && op.pattern.test(path));
  if (!operation) return [`no documented operation for ${method} ${path}`];
  const documented = operation.responses[String(response.status)];
  if (!documented) return [`${method} ${operation.path} does not document status ${response.status}`];
  const media = documented.content?.["application/json"];
  if (!media?.schema) return [];
  const body: unknown = await response.clone().json();
  if (media.schema.$ref) {
    return apiErrorSchema.safeParse(body).success ? [] : [`${response.status} body is not the error shape`];
  }
  const validate = media.schema.validate;
  if (!validate) return [];
  const result = await validate(body);
  return (result.issues ?? []).map(
    (issue) => `${method} ${operation.path} ${response.status}: ${JSON.stringify(issue.path ?? [])} ${issue.message}`,
  );
}

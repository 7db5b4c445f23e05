import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { errorBody } from "#server/http/errors.ts";
import { errors } from "#server/http/openapi.ts";

/** The same length whatever was sent, so comparing digests says nothing of the token's length. */
const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding METRICS_TOKEN; without the
 * setting the route is not offered (404, as any unknown path), so nobody learns it exists.
 */
export function metricsRoutes(registry: Registry, token: string | undefined, logger: Logger) {
  return new Hono().get(
    "/",
    describeRoute({
      tags: ["Operations"],
      summary: "This instance's metrics for Prometheus (with METRICS_TOKEN as a bearer token)",
      security: [{ metricsToken: [] }],
      responses: {
        200: {
          description: "Prometheus's text format: requests by route pattern, queue, streams, database, Redis, sends.",
          content: { "text/plain": { schema: { type: "string" } } },
        },
        ...errors(401, 404, 503),
      },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      if (!token) return c.json(errorBody("not_found", `Nothing at ${c.req.method} ${c.req.path}.`), 404);
      if (!bearerMatches(c.req.header("authorization"), token)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return c.json(errorBody("unauthorized", "Send METRICS_TOKEN as Authorization: Bearer <token>."), 401);
      }
      try {
        return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
      } catch (error) {
        // Each database metric already answers its own failure; this is for anything else.
        logger.error({ err: error }, "could not collect the metrics");
        return c.json(errorBody("metrics_unavailable", "The metrics could not be collected."), 503);
      }
    },
  );
}

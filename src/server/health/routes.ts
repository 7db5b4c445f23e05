import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { DatabaseHandle } from "#server/db/client.ts";
import { errorBody } from "#server/http/errors.ts";
import { errors, json } from "#server/http/openapi.ts";
import type { RedisStatus } from "#server/redis/redis.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  /** Only with REDIS_URL set. */
  redis: z.enum(["up", "down"]).optional(),
});

/**
 * `GET /api/health`: 503 `draining` once the instance is stopping (a load balancer that probes it
 * sends no new requests; record 076), 503 when the database does not answer. With REDIS_URL set it also says whether
 * Redis is up; Redis down is "degraded" with a 200, since this instance still serves every route
 * from its own memory (docs/decisions/017-durability.md).
 */
export function healthRoutes(
  database: Pick<DatabaseHandle, "ping">,
  redis?: RedisStatus,
  draining: () => boolean = () => false,
) {
  return new Hono().get(
    "/",
    describeRoute({
      tags: ["Health"],
      summary: "Whether this instance takes requests (not draining), its database and (when set) Redis answer",
      responses: {
        200: json("The database answers; Redis, when set, is up (ok) or down (degraded).", healthSchema),
        ...errors(503),
      },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      if (draining()) {
        return c.json(errorBody("draining", "This instance is stopping; send requests to another one."), 503);
      }
      try {
        await database.ping();
      } catch {
        return c.json(errorBody("database_unavailable", "The database is not answering."), 503);
      }
      if (!redis) return c.json({ status: "ok" });
      const state = redis.state();
      return c.json({ status: state === "up" ? "ok" : "degraded", redis: state });
    },
  );
}

import { Hono } from "hono";
import type { DatabaseHandle } from "../db/client.ts";
import { errorBody } from "../http/errors.ts";
import type { RedisStatus } from "../redis/redis.ts";

/**
 * `GET /api/health`: 503 when the database does not answer. With REDIS_URL set it also says whether
 * Redis is up; Redis down is "degraded" with a 200, since this instance still serves every route
 * from its own memory (docs/decisions/017-durability.md).
 */
export function healthRoutes(database: Pick<DatabaseHandle, "ping">, redis?: RedisStatus) {
  return new Hono().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await database.ping();
    } catch {
      return c.json(errorBody("database_unavailable", "The database is not answering."), 503);
    }
    if (!redis) return c.json({ status: "ok" });
    const state = redis.state();
    return c.json({ status: state === "up" ? "ok" : "degraded", redis: state });
  });
}

import { Hono } from "hono";
import type { DatabaseHandle } from "../db/client.ts";
import { errorBody } from "../http/errors.ts";

/** `GET /api/health`: ok only when the database answers. */
export function healthRoutes(database: Pick<DatabaseHandle, "ping">) {
  return new Hono().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await database.ping();
      return c.json({ status: "ok" });
    } catch {
      return c.json(errorBody("database_unavailable", "The database is not answering."), 503);
    }
  });
}

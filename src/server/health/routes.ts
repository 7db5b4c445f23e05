import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { DatabaseHandle } from "../db/client.ts";
import { errorBody } from "../http/errors.ts";
import { errors, json } from "../http/openapi.ts";

const healthSchema = z.object({ status: z.literal("ok") });

/** `GET /api/health`: ok only when the database answers. */
export function healthRoutes(database: Pick<DatabaseHandle, "ping">) {
  return new Hono().get(
    "/",
    describeRoute({
      tags: ["Health"],
      summary: "Whether this instance and its database answer",
      responses: { 200: json("The database answers.", healthSchema), ...errors(503) },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      try {
        await database.ping();
        return c.json({ status: "ok" });
      } catch {
        return c.json(errorBody("database_unavailable", "The database is not answering."), 503);
      }
    },
  );
}

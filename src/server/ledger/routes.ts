import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { adjustmentResponseSchema, adjustmentSchema } from "#domain/adjustments.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import type { AppDeps } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { adjustMate } from "./adjustments.ts";

const mateId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/, "That is not a mate id.");

/** `/api/ops/mates/:id/adjustments` (issue 39): an operator adjusts a mate's balance, with a reason. */
export function mateAdjustmentRoutes(deps: Pick<AppDeps, "db" | "now"> & { auth: Auth }) {
  return roleRouter(deps.auth, "operator").post(
    "/:id/adjustments",
    describeRoute({
      tags: ["Operations"],
      security: [{ session: [] }],
      summary: "Adjust a mate's balance (signed whole rupees, with the reason the mate reads); audited",
      parameters: [pathParam("id", mateId)],
      requestBody: jsonBody(adjustmentSchema),
      responses: {
        200: json("The adjustment and the mate's balance after it.", adjustmentResponseSchema),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const input = parseInput(adjustmentSchema, await c.req.json());
      const adjustment = await adjustMate(deps, c.get("userId"), parseInput(mateId, c.req.param("id")), input);
      return c.json({ adjustment });
    },
  );
}

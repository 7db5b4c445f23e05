import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import type { BookingDeps } from "#server/bookings/bookings.ts";
import { unlockStartCode } from "#server/bookings/job-steps.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, pathParam } from "#server/http/openapi.ts";

const security = [{ session: [] }];
const bookingId = z.uuid("That is not a booking id.");

/** `/api/ops/*`: what operators can do before their console exists. */
export function operatorRoutes(deps: BookingDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "operator").post(
    "/bookings/:id/unlock-start-code",
    describeRoute({
      tags: ["Operations"],
      security,
      summary: "Unlock a start code locked after 5 wrong tries",
      parameters: [pathParam("id", bookingId, "The booking id.")],
      responses: { 200: json("The booking.", z.object({ ok: z.literal(true) })), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      await unlockStartCode(deps, c.get("userId"), parseInput(bookingId, c.req.param("id")));
      return c.json({ ok: true as const });
    },
  );
}

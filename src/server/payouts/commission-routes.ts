import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { commissionRateInputSchema, commissionRateResponseSchema, commissionRatesSchema } from "#domain/mate-money.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { listCommissionRates, setCommissionRate } from "./commission-rates.ts";

const tags = ["Operations"];
const security = [{ session: [] }];
const service = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, "That is not a service name.");

/** `/api/ops/commission-rates` (issue 39): each service's commission, and an operator's own rate for one. */
export function commissionRateRoutes(deps: AppDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "operator")
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Every service's commission: its group's setting, its own rate if set, the one that applies",
        responses: { 200: json("The rates.", commissionRatesSchema), ...errors(401, 403) },
      }),
      async (c) => c.json({ rates: await listCommissionRates(deps.db, payoutSettingsOf(deps)) }),
    )
    .put(
      "/:service",
      describeRoute({
        tags,
        security,
        summary: "Set a service's own commission (a percentage), or null to follow its group's; audited",
        description: "Jobs booked after the change take the new rate; jobs booked before keep theirs.",
        parameters: [pathParam("service", service, "The service's name.")],
        requestBody: jsonBody(commissionRateInputSchema),
        responses: {
          200: json("The service's rates now.", commissionRateResponseSchema),
          ...errors(400, 401, 403, 404, 429),
        },
      }),
      async (c) => {
        const name = parseInput(service, c.req.param("service"));
        const { percent } = parseInput(commissionRateInputSchema, await c.req.json());
        const rate = await setCommissionRate(
          deps.db,
          payoutSettingsOf(deps),
          c.get("userId"),
          name,
          percent,
          nowOf(deps),
        );
        return c.json({ rate });
      },
    );
}

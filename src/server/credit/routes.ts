import { describeRoute } from "hono-openapi";
import { creditAccountSchema } from "#domain/credit.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { errors, json } from "#server/http/openapi.ts";
import { creditAccount } from "./account.ts";

/**
 * `/api/me/credit`: the customer's Mates credit (record 058), read only. Credit is given by the
 * product's own paths (a resolution, the no-show rescue) and spent by placing a booking; no route
 * grants or spends it directly.
 */
export function creditRoutes(deps: { auth: Auth; db: Database; now?: (() => Date) | undefined }) {
  return roleRouter(deps.auth, "customer").get(
    "/",
    describeRoute({
      tags: ["Accounts"],
      security: [{ session: [] }],
      summary: "The customer's Mates credit: balance, grants and every movement",
      responses: {
        200: json("The balance that can be spent now, each grant, and the history, newest first.", creditAccountSchema),
        ...errors(401, 403),
      },
    }),
    async (c) => c.json(creditAccountSchema.parse(await creditAccount(deps.db, c.get("userId"), nowOf(deps)))),
  );
}

import { describeRoute } from "hono-openapi";
import { businessResponseSchema, businessSchema } from "#domain/gstin.ts";
import type { Database } from "#server/db/client.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody } from "#server/http/openapi.ts";
import type { Auth } from "./auth.ts";
import { roleRouter } from "./session.ts";
import { customerBusiness, setCustomerBusiness } from "./users.ts";

/**
 * `/api/me/business`: the business a customer books for, kept in their profile (issue 36). Its
 * GSTIN and legal name are offered at each booking and printed on the tax invoice.
 */
export function businessRoutes(auth: Auth, db: Database) {
  const described = (summary: string, codes: (400 | 401 | 403 | 429)[], body?: boolean) =>
    describeRoute({
      tags: ["Accounts"],
      security: [{ session: [] }],
      summary,
      ...(body ? { requestBody: jsonBody(businessSchema) } : {}),
      responses: {
        200: json("The business kept in the profile, or null.", businessResponseSchema),
        ...errors(...codes),
      },
    });
  return roleRouter(auth, "customer")
    .get("/", described("The business the customer books for, if any", [401, 403]), async (c) =>
      c.json(businessResponseSchema.parse({ business: await customerBusiness(db, c.get("userId")) })),
    )
    .put(
      "/",
      described("Keep a business's GSTIN and legal name for invoices", [400, 401, 403, 429], true),
      async (c) => {
        const business = parseInput(businessSchema, await c.req.json());
        await setCustomerBusiness(db, c.get("userId"), business);
        return c.json(businessResponseSchema.parse({ business }));
      },
    )
    .delete("/", described("Forget the business", [401, 403, 429]), async (c) => {
      await setCustomerBusiness(db, c.get("userId"), null);
      return c.json(businessResponseSchema.parse({ business: null }));
    });
}

import { describeRoute } from "hono-openapi";
import { duesOrderSchema, duesPaidSchema, panInputSchema, panResponseSchema } from "#domain/mate-money.ts";
import { checkoutResultSchema } from "#domain/payments.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { mateOfUser } from "#server/bookings/job-steps.ts";
import { nowOf } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody } from "#server/http/openapi.ts";
import type { PaymentDeps } from "#server/payments/gateway.ts";
import { confirmDuesPayment, setPan, startDuesPayment } from "./mate-dues.ts";

const tags = ["Mate app"];
const security = [{ session: [] }];

/** `/api/mate/pan` and `/api/mate/dues/*` (issue 39): the mate's PAN, and paying what they owe Mates. */
export function mateMoneyRoutes(deps: PaymentDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "mate")
    .put(
      "/pan",
      describeRoute({
        tags,
        security,
        summary: "Give the PAN (AAAAA9999A): TDS is then the lower rate; shown masked afterwards",
        requestBody: jsonBody(panInputSchema),
        responses: { 200: json("The PAN, masked.", panResponseSchema), ...errors(400, 401, 403, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const mate = await mateOfUser(deps.db, userId);
        const { pan } = parseInput(panInputSchema, await c.req.json());
        return c.json({ pan: await setPan(deps.db, userId, mate, pan, nowOf(deps)) });
      },
    )
    .post(
      "/dues/payment",
      describeRoute({
        tags,
        security,
        summary: "A Razorpay order for what the mate owes Mates now, to pay in Checkout",
        responses: {
          200: json("The order for Checkout.", duesOrderSchema),
          ...errors(401, 403, 409, 429, 503),
        },
      }),
      async (c) => {
        const userId = c.get("userId");
        return c.json(await startDuesPayment(deps, userId, await mateOfUser(deps.db, userId)));
      },
    )
    .post(
      "/dues/payment/verify",
      describeRoute({
        tags,
        security,
        summary: "Checkout's answer for a dues order: the signature is checked, then the payment is posted once",
        requestBody: jsonBody(checkoutResultSchema),
        responses: {
          200: json("What was paid and what is owed now.", duesPaidSchema),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        const result = parseInput(checkoutResultSchema, await c.req.json());
        return c.json(await confirmDuesPayment(deps, mate, result));
      },
    );
}

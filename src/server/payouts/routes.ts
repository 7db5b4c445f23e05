import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { payoutDestinationInputSchema, payoutDestinationResponseSchema } from "#domain/payout-destination.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { webhookBodyLimit } from "#server/http/webhook-body.ts";
import { mateDestination, setMateDestination } from "./destinations.ts";
import type { PayoutDeps } from "./payout-deps.ts";
import { payoutViewSchema, retryPayout } from "./retry.ts";
import { takePayoutWebhook } from "./webhook.ts";

const security = [{ session: [] }];
const payoutId = z.uuid("That is not a payout id.");

/** `/api/mate/payout-destination`: where the signed-in mate is paid (mates only). */
export function mateDestinationRoutes(deps: PayoutDeps & { auth: Auth }) {
  const tags = ["Mate app"];
  return roleRouter(deps.auth, "mate")
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Where the mate is paid, masked (null until given)",
        responses: { 200: json("The destination.", payoutDestinationResponseSchema), ...errors(401, 403) },
      }),
      async (c) => c.json({ destination: await mateDestination(deps, c.get("userId")) }),
    )
    .put(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Set where the mate is paid: a bank account or a UPI ID",
        description:
          "Checked here (IFSC, the account number typed twice, the UPI ID), then made a RazorpayX fund account; it replaces the active destination, is audited, mailed to the mate, and holds the mate's next payout for PAYOUT_HOLD_HOURS. 409 when RazorpayX is not set up.",
        requestBody: jsonBody(payoutDestinationInputSchema),
        responses: {
          200: json("The destination as now kept (masked).", payoutDestinationResponseSchema),
          ...errors(400, 401, 403, 409, 429, 502),
        },
      }),
      async (c) => {
        const input = parseInput(payoutDestinationInputSchema, await c.req.json().catch(() => undefined));
        return c.json({ destination: await setMateDestination(deps, c.get("userId"), input) });
      },
    );
}

/** Where RazorpayX posts its payout webhooks (outside the same-origin check: its servers post it). */
export const PAYOUT_WEBHOOK_PATH = "/api/payouts/webhook";

/** `/api/payouts`: RazorpayX's payout webhook (public, authenticated by its signature). */
export function payoutWebhookRoutes(deps: PayoutDeps) {
  return new Hono().post(
    "/webhook",
    describeRoute({
      tags: ["Payouts"],
      summary: "RazorpayX's payout webhook (payout.processed, payout.failed, payout.reversed)",
      description:
        "Refused with 400 unless X-Razorpay-Signature is the HMAC-SHA256 of the raw body with RAZORPAYX_WEBHOOK_SECRET. Each payout and status is taken once; news older than the payout's state changes nothing. 409 when RazorpayX is not set up.",
      responses: {
        200: json(
          "Taken (or a repeat, ignored).",
          z.object({ ok: z.literal(true), duplicate: z.boolean(), moved: z.boolean() }),
        ),
        ...errors(400, 409, 413),
      },
    }),
    webhookBodyLimit(),
    async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      return c.json(await takePayoutWebhook(deps, raw, c.req.header("x-razorpay-signature")));
    },
  );
}

/** `/api/ops/payouts`: operators' actions on payouts (audited). */
export function payoutOpsRoutes(deps: PayoutDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "operator").post(
    "/:id/retry",
    describeRoute({
      tags: ["Operations"],
      security,
      summary: "Send a failed, reversed, rejected or cancelled payout again (a new payout, a new idempotency key)",
      description:
        "Only when the payout ended without the money arriving and its settlement has no other payout on its way; to the mate's current destination (not while a new one holds payouts). Anything else is a 409.",
      parameters: [pathParam("id", payoutId, "The payout id.")],
      responses: {
        200: json("The new payout.", z.object({ payout: payoutViewSchema })),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const id = parseInput(payoutId, c.req.param("id"));
      return c.json({ payout: await retryPayout(deps, c.get("userId"), id) });
    },
  );
}

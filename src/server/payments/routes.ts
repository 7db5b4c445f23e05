import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { bookingResponseSchema } from "#domain/booking.ts";
import { invoiceSchema } from "#domain/invoice.ts";
import { checkoutOrderSchema, checkoutResultSchema, paymentOptionsSchema } from "#domain/payments.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { webhookBodyLimit } from "#server/http/webhook-body.ts";
import { confirmCheckout, startCheckout } from "./checkout.ts";
import { type PaymentDeps, paymentOptions } from "./gateway.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { customerInvoice } from "./invoices.ts";
import { takeWebhook } from "./webhook.ts";

const idSchema = z.uuid("That is not a booking id.");
const slugSchema = z.string().regex(/^MT-\d{2}-\d{2}-\d{6}$/, "That is not an invoice number.");
const idParam = pathParam("id", idSchema, "The booking id.");
const slugParam = pathParam("number", slugSchema, "The invoice number with its slashes as hyphens (MT-26-27-000001).");
const tags = ["Payments"];
const security = [{ session: [] }];

/**
 * `/api/payments`: whether online payment is offered (public) and Razorpay's webhook (public,
 * authenticated by its signature, outside the same-origin check: Razorpay's servers post it).
 */
export function paymentRoutes(deps: PaymentDeps) {
  return new Hono()
    .get(
      "/options",
      describeRoute({
        tags,
        summary: "Whether online payment is offered, and Checkout's script and key id",
        responses: { 200: json("What the payment screen offers.", paymentOptionsSchema) },
      }),
      (c) => c.json(paymentOptions(deps.razorpay)),
    )
    .post(
      "/razorpay/webhook",
      describeRoute({
        tags,
        summary: "Razorpay's webhook (payment.*, order.paid, refund.*)",
        description:
          "Refused with 400 unless X-Razorpay-Signature is the HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET. A repeated X-Razorpay-Event-Id is acknowledged and ignored; the event is applied by the job queue.",
        responses: {
          200: json("Taken (or a repeat, ignored).", z.object({ ok: z.literal(true), duplicate: z.boolean() })),
          ...errors(400, 409, 413),
        },
      }),
      webhookBodyLimit(),
      async (c) => {
        const raw = Buffer.from(await c.req.arrayBuffer());
        const { duplicate } = await takeWebhook(
          deps,
          raw,
          c.req.header("x-razorpay-signature"),
          c.req.header("x-razorpay-event-id"),
        );
        return c.json({ ok: true as const, duplicate });
      },
    );
}

/** `/api/bookings/:id/payment` and `/api/invoices`: the customer's own, as the bookings routes are. */
export function customerPaymentRoutes(deps: PaymentDeps & { auth: Auth }) {
  const payment = roleRouter(deps.auth, "customer")
    .post(
      "/:id/payment",
      describeRoute({
        tags,
        security,
        summary: "A Razorpay order for what the booking owes now",
        description:
          "The amount is computed on the server: a held booking's total less its Mates credit, or after the work the bill's balance (approved extras and tips, less what was paid up front or with credit). An open order for the same amount is handed out again.",
        parameters: [idParam],
        responses: {
          200: json("The order for Checkout.", checkoutOrderSchema),
          ...errors(401, 403, 404, 409, 429, 503),
        },
      }),
      async (c) => {
        const id = parseInput(idSchema, c.req.param("id"));
        return c.json(await startCheckout(deps, c.get("userId"), id));
      },
    )
    .post(
      "/:id/payment/verify",
      describeRoute({
        tags,
        security,
        summary: "Checkout's success: checked against the order stored on the server",
        parameters: [idParam],
        requestBody: jsonBody(checkoutResultSchema),
        responses: { 200: json("The paid booking.", bookingResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(idSchema, c.req.param("id"));
        const result = parseInput(checkoutResultSchema, await c.req.json());
        return c.json({ booking: await confirmCheckout(deps, c.get("userId"), id, result) });
      },
    );

  const invoices = roleRouter(deps.auth, "customer")
    .get(
      "/:number",
      describeRoute({
        tags,
        security,
        summary: "One of the customer's tax invoices",
        parameters: [slugParam],
        responses: { 200: json("The invoice.", z.object({ invoice: invoiceSchema })), ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const slug = parseInput(slugSchema, c.req.param("number"));
        return c.json({ invoice: await customerInvoice(deps.db, c.get("userId"), slug) });
      },
    )
    .get(
      "/:number/pdf",
      describeRoute({
        tags,
        security,
        summary: "One of the customer's tax invoices as a PDF",
        parameters: [slugParam],
        responses: { 200: { description: "The invoice as application/pdf." }, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const slug = parseInput(slugSchema, c.req.param("number"));
        const invoice = await customerInvoice(deps.db, c.get("userId"), slug);
        const pdf = await invoicePdf(invoice);
        return c.body(new Uint8Array(pdf), 200, {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="invoice-${slug}.pdf"`,
        });
      },
    );
  return { payment, invoices };
}

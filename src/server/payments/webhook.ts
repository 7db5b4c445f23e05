import { eq } from "drizzle-orm";
import { z } from "zod";
import { nowOf } from "#server/context.ts";
import { badRequest } from "#server/http/errors.ts";
import { recordDuesCaptured } from "#server/payouts/mate-dues.ts";
import { schedule } from "#server/queue/queue.ts";
import { gateway, type PaymentDeps } from "./gateway.ts";
import { recordPaymentNews } from "./payment-news.ts";
import { signedWebhookBody } from "./razorpay.ts";
import { recordRefundNews, refundEntity } from "./refunds.ts";
import { razorpayEvents } from "./schema.ts";
import { PAYMENT_WORK } from "./settlement.ts";

/**
 * Takes a webhook delivery: refused (400) unless X-Razorpay-Signature is the HMAC of these exact
 * bytes; a repeated event id is acknowledged and ignored; a new one is stored and queued in one
 * transaction, so the answer is immediate and the work survives a restart.
 */
export async function takeWebhook(
  deps: PaymentDeps,
  raw: Buffer,
  signature: string | undefined,
  eventId: string | undefined,
): Promise<{ duplicate: boolean }> {
  const { config } = gateway(deps);
  const body = signedWebhookBody(config.webhookSecret, raw, signature);
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) throw badRequest("The webhook's body is not a Razorpay event.", "bad_event");
  if (!eventId || eventId.length > 100) throw badRequest("The webhook has no X-Razorpay-Event-Id.", "no_event_id");
  const now = nowOf(deps);
  const inserted = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(razorpayEvents)
      .values({ eventId, event: parsed.data.event, payload: body as Record<string, unknown>, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: razorpayEvents.eventId });
    if (rows.length === 0) return false;
    await schedule(tx, {
      name: PAYMENT_WORK.webhook,
      key: `${PAYMENT_WORK.webhook}:${eventId}`,
      payload: { eventId },
      runAt: now,
    });
    return true;
  });
  if (inserted) deps.queue?.poke();
  return { duplicate: !inserted };
}

const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullable().optional(),
  amount: z.number().int(),
  status: z.string(),
  method: z.string().nullable().optional(),
  error_description: z.string().nullable().optional(),
});
const webhookSchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
    })
    .loose(),
});

/** Applies one stored webhook event (the queue's handler; safe to run twice). */
export async function applyEvent(deps: PaymentDeps, eventId: string): Promise<void> {
  const [stored] = await deps.db.select().from(razorpayEvents).where(eq(razorpayEvents.eventId, eventId));
  if (!stored || stored.processedAt) return;
  const { event, payload } = webhookSchema.parse(stored.payload);
  const payment = payload.payment?.entity;
  const captured = event === "payment.captured" || event === "order.paid";
  if (
    payment?.order_id &&
    captured &&
    (await recordDuesCaptured(deps, {
      orderId: payment.order_id,
      razorpayPaymentId: payment.id,
      amountPaise: payment.amount,
    }))
  ) {
    // A mate paying their dues (issue 39): posted to the ledger, once.
  } else if (payment?.order_id && (event === "payment.authorized" || captured)) {
    await recordPaymentNews(deps, {
      orderId: payment.order_id,
      razorpayPaymentId: payment.id,
      status: event === "payment.authorized" ? "authorized" : "captured",
      amountPaise: payment.amount,
      ...(payment.method ? { method: payment.method } : {}),
    });
  } else if (payment?.order_id && event === "payment.failed") {
    await recordPaymentNews(deps, {
      orderId: payment.order_id,
      razorpayPaymentId: payment.id,
      status: "failed",
      ...(payment.error_description ? { error: payment.error_description } : {}),
    });
  } else if (payload.refund && event.startsWith("refund.")) {
    await recordRefundNews(deps, payload.refund.entity);
  }
  await deps.db
    .update(razorpayEvents)
    .set({ processedAt: nowOf(deps) })
    .where(eq(razorpayEvents.eventId, eventId));
}

import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { Booking } from "#domain/booking.ts";
import type { Seller } from "#domain/invoice.ts";
import { JOB_ACTIONS } from "#domain/job.ts";
import {
  type CheckoutOrder,
  type CheckoutResult,
  PAYMENT_RULES,
  type PaymentOptions,
  type PaymentPurpose,
} from "#domain/payments.ts";
import { users } from "#server/auth/schema.ts";
import { cancelTimedChecks } from "#server/bookings/follow-ups.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import { publishChange } from "#server/bookings/publish.ts";
import { bookings, jobExtras } from "#server/bookings/schema.ts";
import { jobsOf, lockBooking, recordHistory, settleBooking, transition } from "#server/bookings/transitions.ts";
import type { RazorpayConfig } from "#server/config.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import { AppError, badRequest, notFound } from "#server/http/errors.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { type Handler, schedule } from "#server/queue/queue.ts";
import {
  checkoutSignatureValid,
  createRazorpayClient,
  type RazorpayClient,
  RazorpayError,
  webhookSignatureValid,
} from "./razorpay.ts";
import { payments, razorpayEvents, refunds } from "./schema.ts";
import { applyPayment, holdKey, PAYMENT_WORK } from "./settlement.ts";
import { type Due, dueOf, isPaid, type PaymentRow } from "./summary.ts";

/**
 * Online payment through Razorpay (issue 17, decision record 031). The server makes the order for
 * the amount it computes; Checkout's answer is believed only when its signature over the order id
 * stored here verifies; the webhook is the source of truth, taken after its signature over the raw
 * body verifies and handed to the durable queue, so it answers at once and a repeat or an
 * out-of-order delivery changes nothing twice. Refunds and the expiry of an unpaid hold run on the
 * queue too.
 */
export type PaymentDeps = AppDeps & {
  razorpay: RazorpayConfig | undefined;
  seller: Seller;
  logger: Logger;
  client?: RazorpayClient;
};

export function paymentOptions(razorpay: RazorpayConfig | undefined): PaymentOptions {
  return razorpay ? { online: true, checkoutUrl: razorpay.checkoutUrl, keyId: razorpay.keyId } : { online: false };
}

/**
 * What the pages' Content-Security-Policy must allow for Checkout: its script, the frame it opens
 * and the calls it makes. Razorpay's own Checkout spans several razorpay.com hosts; a stand-in
 * (tests) is its own origins.
 */
export function razorpayCspOrigins(razorpay: RazorpayConfig | undefined) {
  if (!razorpay) return {};
  const origins = [...new Set([new URL(razorpay.checkoutUrl).origin, new URL(razorpay.apiUrl).origin])];
  const hosted = origins.some((origin) => new URL(origin).hostname.endsWith(".razorpay.com"));
  const all = hosted ? [...origins, "https://*.razorpay.com"] : origins;
  return { scriptSrc: all, frameSrc: all, connectSrc: all, imgSrc: all };
}

const OFF_MESSAGE = "Online payment is not set up. Please choose pay after service.";

function gateway(deps: PaymentDeps): { config: RazorpayConfig; client: RazorpayClient } {
  if (!deps.razorpay) throw new AppError(409, "payments_off", OFF_MESSAGE);
  deps.client ??= createRazorpayClient(deps.razorpay);
  return { config: deps.razorpay, client: deps.client };
}

/** Refuses "Pay now" when online payment is not set up (placement.ts asks before booking). */
export function requireOnline(razorpay: RazorpayConfig | undefined): void {
  if (!razorpay) throw badRequest(OFF_MESSAGE, "payments_off");
}

/** The hold of a "Pay now" booking: until when, and the queue's job that ends it. */
export async function holdForPayment(tx: Parameters<typeof schedule>[0], bookingId: string, now: Date): Promise<Date> {
  const payBy = new Date(now.getTime() + PAYMENT_RULES.holdMinutes * 60_000);
  await schedule(tx, { name: PAYMENT_WORK.expireHold, key: holdKey(bookingId), payload: { bookingId }, runAt: payBy });
  return payBy;
}

async function ownBookingRow(deps: PaymentDeps, userId: string, bookingId: string) {
  const [row] = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!row) throw notFound("There is no such booking among yours.");
  return row;
}

async function dueNow(deps: PaymentDeps, booking: typeof bookings.$inferSelect): Promise<Due | undefined> {
  const jobRows = await jobsOf(deps.db, booking.id);
  const extraRows =
    jobRows.length === 0
      ? []
      : await deps.db
          .select()
          .from(jobExtras)
          .where(
            inArray(
              jobExtras.jobId,
              jobRows.map((job) => job.id),
            ),
          );
  const paymentRows = await deps.db.select().from(payments).where(eq(payments.bookingId, booking.id));
  return dueOf(booking, jobRows, extraRows, paymentRows);
}

const sameJobs = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/**
 * An order for what the booking owes now (the held booking's total, or the balance after the job),
 * computed here from the catalogue's prices and the approved extras: the browser sends no amount.
 * An open order for the same amount is handed out again, so "Try again" reuses it.
 */
export async function startCheckout(deps: PaymentDeps, userId: string, bookingId: string): Promise<CheckoutOrder> {
  const { config, client } = gateway(deps);
  const booking = await ownBookingRow(deps, userId, bookingId);
  const now = nowOf(deps);
  if (booking.payBy && booking.payBy.getTime() <= now.getTime()) {
    throw new AppError(
      409,
      "hold_expired",
      `This booking was not paid within ${PAYMENT_RULES.holdMinutes} minutes, so its time was released. Please book again.`,
    );
  }
  const due = await dueNow(deps, booking);
  if (!due) throw new AppError(409, "nothing_due", "Nothing is due on this booking.");
  const open = (await deps.db.select().from(payments).where(eq(payments.bookingId, booking.id))).find(
    (row) =>
      (row.status === "created" || row.status === "failed") &&
      row.purpose === due.purpose &&
      row.amountPaise === due.amountPaise &&
      sameJobs(row.jobIds, due.jobIds),
  );
  const orderId = open?.orderId ?? (await createOrder(deps, client, booking.id, due));
  const [customer] = await deps.db
    .select({ name: users.name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  return {
    keyId: config.keyId,
    orderId,
    amountPaise: due.amountPaise,
    currency: "INR",
    purpose: due.purpose,
    description: due.purpose === "booking" ? "Your Mates booking" : "The balance of your Mates bill",
    prefill: {
      name: customer?.name ?? "",
      email: customer?.email ?? "",
      ...(customer?.mobile ? { contact: customer.mobile } : {}),
    },
  };
}

async function createOrder(deps: PaymentDeps, client: RazorpayClient, bookingId: string, due: Due): Promise<string> {
  let order: Awaited<ReturnType<RazorpayClient["createOrder"]>>;
  try {
    order = await client.createOrder({
      amountPaise: due.amountPaise,
      receipt: bookingId.slice(0, PAYMENT_RULES.receiptMaxLength),
      notes: { bookingId, purpose: due.purpose },
    });
  } catch (error) {
    deps.logger.warn({ err: error, bookingId }, "razorpay order not created");
    throw new AppError(
      503,
      "payments_unavailable",
      "Online payment is not answering just now. Please try again in a minute, or pay after the service.",
    );
  }
  if (order.amount !== due.amountPaise) throw new Error(`Razorpay made order ${order.id} for another amount`);
  await deps.db.insert(payments).values({
    id: randomUUID(),
    bookingId,
    purpose: due.purpose satisfies PaymentPurpose,
    jobIds: due.jobIds,
    orderId: order.id,
    amountPaise: due.amountPaise,
  });
  return order.id;
}

/** What a piece of news says of a payment: from Checkout's handler or from a webhook. */
type PaymentNews = {
  orderId: string;
  razorpayPaymentId: string;
  status: "authorized" | "captured" | "failed";
  amountPaise?: number;
  method?: string;
  error?: string;
};

const RANK: Record<string, number> = { created: 0, failed: 1, authorized: 2, captured: 3 };

/**
 * Records news of a payment, in any order: a status only moves forward (captured after authorised
 * is kept, authorised after captured is ignored; a failure never undoes a payment). The first news
 * that the payment was made applies it to the booking. Answers the booking when it changed.
 */
export async function recordPaymentNews(deps: PaymentDeps, news: PaymentNews) {
  const now = nowOf(deps);
  const changed = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(payments).where(eq(payments.orderId, news.orderId));
    if (!found) return undefined; // not an order of ours
    const booking = await lockBooking(tx, found.bookingId);
    const [row] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
    if (!row) return undefined;
    if (news.amountPaise !== undefined && news.amountPaise !== row.amountPaise) {
      deps.logger.error({ orderId: row.orderId, news }, "a Razorpay payment's amount differs from its order's");
      return undefined;
    }
    if (news.status === "failed") {
      if (isPaid(row)) return undefined;
      await tx
        .update(payments)
        .set({ status: "failed", lastError: news.error ?? "The payment failed." })
        .where(eq(payments.id, row.id));
      return undefined;
    }
    if ((RANK[news.status] ?? 0) <= (RANK[row.status] ?? 0)) return undefined;
    const [updated] = await tx
      .update(payments)
      .set({
        status: news.status,
        razorpayPaymentId: news.razorpayPaymentId,
        ...(news.method ? { method: news.method } : {}),
        paidAt: row.paidAt ?? now,
      })
      .where(eq(payments.id, row.id))
      .returning();
    if (!updated || isPaid(row)) return undefined;
    await applyPayment(tx, deps.seller, booking, updated, now);
    return settleBooking(tx, booking.id, now);
  });
  if (changed) await publishChange(deps, changed);
  return changed;
}

/** Checkout's success handler: believed only if the signature is over the order id stored here. */
export async function confirmCheckout(
  deps: PaymentDeps,
  userId: string,
  bookingId: string,
  result: CheckoutResult,
): Promise<Booking> {
  const { config } = gateway(deps);
  const booking = await ownBookingRow(deps, userId, bookingId);
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, result.razorpay_order_id), eq(payments.bookingId, booking.id)));
  if (!row) throw notFound("There is no such payment on this booking.");
  if (!checkoutSignatureValid(config.keySecret, row.orderId, result.razorpay_payment_id, result.razorpay_signature)) {
    throw badRequest("This payment could not be verified, so nothing was changed.", "bad_signature");
  }
  await recordPaymentNews(deps, {
    orderId: row.orderId,
    razorpayPaymentId: result.razorpay_payment_id,
    status: "authorized",
  });
  return toBooking(deps, await ownBookingRow(deps, userId, bookingId));
}

// ---- Webhooks

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
  if (!signature || !webhookSignatureValid(config.webhookSecret, raw, signature)) {
    throw badRequest("The webhook's signature does not match its body.", "bad_signature");
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("The webhook's body is not JSON.", "bad_json");
  }
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
const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  acquirer_data: z.object({ arn: z.string().nullable().optional() }).partial().nullable().optional(),
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
async function applyEvent(deps: PaymentDeps, eventId: string): Promise<void> {
  const [stored] = await deps.db.select().from(razorpayEvents).where(eq(razorpayEvents.eventId, eventId));
  if (!stored || stored.processedAt) return;
  const { event, payload } = webhookSchema.parse(stored.payload);
  const payment = payload.payment?.entity;
  if (payment?.order_id && (event === "payment.authorized" || event === "payment.captured" || event === "order.paid")) {
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

// ---- Refunds

const REFUND_RANK: Record<string, number> = { requested: 0, pending: 1, failed: 2, processed: 3 };

/** Razorpay's news of a refund, from its answer or a webhook, in any order; the status only moves forward. */
async function recordRefundNews(deps: PaymentDeps, refund: z.infer<typeof refundEntity>): Promise<void> {
  const status = refund.status === "processed" ? "processed" : refund.status === "failed" ? "failed" : "pending";
  const now = nowOf(deps);
  const changed = await deps.db.transaction(async (tx) => {
    let [row] = await tx.select().from(refunds).where(eq(refunds.razorpayRefundId, refund.id)).for("update");
    if (!row) {
      // The webhook came before Razorpay's answer to our request: match it by payment and amount.
      const [payment] = await tx.select().from(payments).where(eq(payments.razorpayPaymentId, refund.payment_id));
      if (!payment) return undefined;
      [row] = (
        await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.paymentId, payment.id), eq(refunds.amountPaise, refund.amount)))
          .for("update")
      ).filter((candidate) => !candidate.razorpayRefundId);
    }
    if (!row || (REFUND_RANK[status] ?? 0) <= (REFUND_RANK[row.status] ?? 0)) {
      if (row && !row.razorpayRefundId) {
        await tx.update(refunds).set({ razorpayRefundId: refund.id }).where(eq(refunds.id, row.id));
      }
      return undefined;
    }
    const reference = refund.acquirer_data?.arn ?? refund.id;
    await tx
      .update(refunds)
      .set({
        status,
        razorpayRefundId: refund.id,
        reference,
        ...(status === "processed" ? { processedAt: now } : {}),
      })
      .where(eq(refunds.id, row.id));
    if (status !== "processed") return undefined;
    const booking = await lockBooking(tx, row.bookingId);
    await recordHistory(tx, {
      bookingId: booking.id,
      who: { actor: "system" },
      action: "refund_processed",
      details: { amountPaise: row.amountPaise, reference },
      at: now,
    });
    return booking;
  });
  if (changed) await publishChange(deps, changed);
}

/** Sends a requested refund to Razorpay with its idempotency key (retried by the queue until it answers). */
async function sendRefund(deps: PaymentDeps, refundId: string): Promise<void> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (row?.status !== "requested") return;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, row.paymentId));
  if (!payment?.razorpayPaymentId) throw new Error(`refund ${refundId}: its payment has no Razorpay id`);
  const { client } = gateway(deps);
  try {
    const answer = await client.refund(payment.razorpayPaymentId, {
      amountPaise: row.amountPaise,
      idempotencyKey: row.id,
    });
    await recordRefundNews(deps, answer);
  } catch (error) {
    if (error instanceof RazorpayError && error.status === 400) {
      deps.logger.error({ err: error, refundId }, "Razorpay refused a refund; the operations team must settle it");
      await deps.db.update(refunds).set({ status: "failed" }).where(eq(refunds.id, row.id));
      return;
    }
    throw error;
  }
}

// ---- The hold of an unpaid "Pay now" booking

/** Cancels a "Pay now" booking still unpaid at the end of its hold, and frees its mates' time. */
async function expireHold(deps: PaymentDeps, bookingId: string): Promise<void> {
  const now = nowOf(deps);
  const result = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId).catch(() => undefined);
    if (!booking?.payBy || booking.status === "cancelled" || booking.payBy.getTime() > now.getTime()) return undefined;
    const paid = (await tx.select().from(payments).where(eq(payments.bookingId, bookingId))).some(
      (row: PaymentRow) => isPaid(row) && row.purpose === "booking",
    );
    if (paid) return undefined;
    const own = await jobsOf(tx, bookingId);
    for (const job of own) {
      if ((JOB_ACTIONS.expire.from as readonly string[]).includes(job.status)) {
        await transition(tx, booking, job, "expire", { actor: "system" }, now);
      }
    }
    await tx.delete(mateBusy).where(eq(mateBusy.bookingId, bookingId));
    await cancelTimedChecks(tx, bookingId, now);
    const settled = await settleBooking(tx, bookingId, now);
    return { settled, mates: own.flatMap((job) => (job.mateId ? [job.mateId] : [])) };
  });
  if (result) await publishChange(deps, result.settled, result.mates);
}

/** The queue's handlers of the payment work. */
export function paymentHandlers(deps: PaymentDeps): Record<string, Handler> {
  const id = (payload: Record<string, unknown>, key: string) => String(payload[key] ?? "");
  return {
    [PAYMENT_WORK.webhook]: (payload) => applyEvent(deps, id(payload, "eventId")),
    [PAYMENT_WORK.refund]: (payload) => sendRefund(deps, id(payload, "refundId")),
    [PAYMENT_WORK.expireHold]: (payload) => expireHold(deps, id(payload, "bookingId")),
  };
}

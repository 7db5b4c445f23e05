import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Booking } from "#domain/booking.ts";
import { type CheckoutOrder, type CheckoutResult, PAYMENT_RULES, type PaymentPurpose } from "#domain/payments.ts";
import { users } from "#server/auth/schema.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import { bookings } from "#server/bookings/schema.ts";
import { extrasOfJobs, jobsOf } from "#server/bookings/transitions.ts";
import { nowOf } from "#server/context.ts";
import { AppError, badRequest, notFound } from "#server/http/errors.ts";
import { gateway, type PaymentDeps } from "./gateway.ts";
import { recordPaymentNews } from "./payment-news.ts";
import { checkoutSignatureValid, type RazorpayClient } from "./razorpay.ts";
import { payments } from "./schema.ts";
import { type Due, dueOf } from "./summary.ts";

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
  const extraRows = await extrasOfJobs(
    deps.db,
    jobRows.map((job) => job.id),
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
  return {
    keyId: config.keyId,
    orderId,
    amountPaise: due.amountPaise,
    currency: "INR",
    purpose: due.purpose,
    description: due.purpose === "booking" ? "Your Mates booking" : "The balance of your Mates bill",
    prefill: await prefillOf(deps.db, userId),
  };
}

/** Checkout's prefill: the payer's name, e-mail and mobile, as their account has them. */
export async function prefillOf(db: PaymentDeps["db"], userId: string): Promise<CheckoutOrder["prefill"]> {
  const [payer] = await db
    .select({ name: users.name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  return {
    name: payer?.name ?? "",
    email: payer?.email ?? "",
    ...(payer?.mobile ? { contact: payer.mobile } : {}),
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

import { z } from "zod";
import { jobCreditRupees } from "./credit.ts";
import { groupIndian } from "./indian-digits.ts";
import { type ExtraStatus, jobBillRupees } from "./job.ts";

/**
 * Paying online (issue 17): Razorpay orders, Checkout, webhooks and refunds. Money is integer paise
 * here and everywhere it moves; the catalogue's whole rupees become paise by multiplying, never by
 * dividing, so no floating point touches an amount.
 */
export const PAYMENT_RULES = {
  /** A "Pay now" booking holds its mate this long; unpaid, it is cancelled and the time freed. */
  holdMinutes: 15,
  currency: "INR",
  /** Razorpay's `receipt` is at most 40 characters: the booking id (36) fits. */
  receiptMaxLength: 40,
} as const;

export const paise = (rupees: number): number => rupees * 100;

/** "₹1,234" or "₹1,234.50" for an amount in paise, in Indian digit grouping. */
export function formatPaise(amount: number): string {
  const rupees = Math.trunc(amount / 100);
  const rest = Math.abs(amount % 100);
  const whole = groupIndian(rupees);
  return `₹${whole}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

/**
 * What a cancelled booking gives back of what was paid online: all of it in the free window, all
 * but the visiting charge once the mate was on the way; never less than nothing.
 */
export function refundOnCancel(paidPaise: number, chargeRupees: number): number {
  return Math.max(0, paidPaise - paise(chargeRupees));
}

/**
 * What a job still owes after the work: its bill (booked lines and approved extras), less its
 * booked lines when the booking was paid up front (with the credit it spent, record 058), else
 * less its share of the booking's Mates credit, and the tip the customer added, in paise. Never
 * below nothing: the credit's share of a job is at most its booked lines.
 */
export function jobBalancePaise(
  booking: { items: readonly { service: string; lineTotalRupees: number }[]; creditRupees?: number },
  job: { id: string; service: string; tipRupees?: number },
  extras: readonly { jobId: string; priceRupees: number; status: string }[],
  prepaid: boolean,
): number {
  const own = extras
    .filter((extra) => extra.jobId === job.id)
    .map((extra) => ({ priceRupees: extra.priceRupees, status: extra.status as ExtraStatus }));
  const bill = jobBillRupees(booking.items, job.service, own);
  const booked = jobBillRupees(booking.items, job.service, []);
  const owed = prepaid ? bill - booked : bill - jobCreditRupees(booking, job.service);
  return paise(Math.max(0, owed) + (job.tipRupees ?? 0));
}

/** What a payment was for: the booking up front ("Pay now") or the bill after the job. */
export const PAYMENT_PURPOSES = ["booking", "bill"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const paymentOptionsSchema = z.object({
  /** False when the Razorpay keys are not set: pay after service is offered alone. */
  online: z.boolean(),
  checkoutUrl: z.string().optional(),
  keyId: z.string().optional(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** What the browser hands Checkout: the order the server made, for the amount the server computed. */
export const checkoutOrderSchema = z.object({
  keyId: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal("INR"),
  purpose: z.enum(PAYMENT_PURPOSES),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string().optional() }),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

/** Checkout's success handler's three fields, posted as Checkout names them. */
export const checkoutResultSchema = z
  .object({
    razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, "That is not a Razorpay payment id."),
    razorpay_order_id: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/, "That is not a Razorpay order id."),
    razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/, "That is not a Razorpay signature."),
  })
  .strict();
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const REFUND_STATUSES = ["requested", "pending", "processed", "failed"] as const;

/** A booking's money as the customer sees it: what was paid online, what is due, what came back. */
export const bookingPaymentSchema = z.object({
  /** Paid online so far, in paise. */
  paidPaise: z.number().int(),
  /** A "Pay now" booking not yet paid: it is kept until then, and cancelled after. */
  payBy: z.string().optional(),
  /** What can be paid online now (the held booking, or the bill's balance after the job), in paise. */
  duePaise: z.number().int(),
  dueFor: z.enum(PAYMENT_PURPOSES).optional(),
  refunds: z.array(
    z.object({
      amountPaise: z.number().int(),
      status: z.enum(REFUND_STATUSES),
      reference: z.string().optional(),
      at: z.string(),
    }),
  ),
  invoices: z.array(z.object({ number: z.string(), slug: z.string(), service: z.string(), issuedAt: z.string() })),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

import type { Logger } from "pino";
import type { Seller } from "#domain/invoice.ts";
import type { PaymentOptions } from "#domain/payments.ts";
import type { RazorpayConfig } from "#server/config.ts";
import type { AppDeps } from "#server/context.ts";
import { AppError, badRequest } from "#server/http/errors.ts";
import { createRazorpayClient, type RazorpayClient } from "./razorpay.ts";

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

export function gateway(deps: PaymentDeps): { config: RazorpayConfig; client: RazorpayClient } {
  if (!deps.razorpay) throw new AppError(409, "payments_off", OFF_MESSAGE);
  deps.client ??= createRazorpayClient(deps.razorpay);
  return { config: deps.razorpay, client: deps.client };
}

/** Refuses "Pay now" when online payment is not set up (placement.ts asks before booking). */
export function requireOnline(razorpay: RazorpayConfig | undefined): void {
  if (!razorpay) throw badRequest(OFF_MESSAGE, "payments_off");
}

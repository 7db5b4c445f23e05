import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { RazorpayConfig } from "#server/config.ts";
import { badRequest } from "#server/http/errors.ts";

/**
 * A small client for the three Razorpay endpoints the product uses, over fetch (decision record
 * 031: the official SDK hard-codes its host and cannot send the refund idempotency header). Basic
 * auth with the key id and secret; amounts in paise; errors keep Razorpay's own description.
 */
export class RazorpayError extends Error {
  override name = "RazorpayError";
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const orderSchema = z.object({ id: z.string(), amount: z.number().int(), status: z.string() });
export type RazorpayOrder = z.infer<typeof orderSchema>;

const refundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  payment_id: z.string(),
  status: z.string(),
  acquirer_data: z.object({ arn: z.string().nullable().optional() }).partial().nullable().optional(),
});
export type RazorpayRefund = z.infer<typeof refundSchema>;

const errorSchema = z.object({ error: z.object({ code: z.string(), description: z.string() }).partial() }).partial();

export type RazorpayClient = {
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  refund(paymentId: string, input: { amountPaise: number; idempotencyKey: string }): Promise<RazorpayRefund>;
};

export function createRazorpayClient(config: RazorpayConfig, timeoutMs = 10_000): RazorpayClient {
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;
  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>, headers: Record<string, string> = {}) {
    const response = await fetch(`${config.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer: unknown = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = errorSchema.safeParse(answer).data?.error;
      throw new RazorpayError(
        response.status,
        error?.code ?? "RAZORPAY_ERROR",
        error?.description ?? `Razorpay answered ${response.status}.`,
      );
    }
    return schema.parse(answer);
  }
  return {
    createOrder: ({ amountPaise, receipt, notes }) =>
      call("/v1/orders", { amount: amountPaise, currency: "INR", receipt, notes }, orderSchema),
    refund: (paymentId, { amountPaise, idempotencyKey }) =>
      call(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: amountPaise, speed: "normal" },
        refundSchema,
        { "X-Refund-Idempotency": idempotencyKey },
      ),
  };
}

export function hmacHex(secret: string, message: Uint8Array | string): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Compares two hex signatures in constant time (a wrong length is simply unequal). */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's signature: HMAC-SHA256 of "<order id stored on the server>|<payment id>" with the key secret. */
export function checkoutSignatureValid(
  keySecret: string,
  storedOrderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return sameSignature(hmacHex(keySecret, `${storedOrderId}|${paymentId}`), signature);
}

/** A webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body, before any parsing, with the webhook secret. */
export function webhookSignatureValid(webhookSecret: string, rawBody: Uint8Array | string, signature: string): boolean {
  return sameSignature(hmacHex(webhookSecret, rawBody), signature);
}

/**
 * A webhook's body (payments' and RazorpayX's), believed only when X-Razorpay-Signature is the HMAC
 * of these exact bytes with `secret` (400 otherwise), then read as JSON (400 when it is not).
 */
export function signedWebhookBody(secret: string, raw: Buffer, signature: string | undefined): unknown {
  if (!signature || !webhookSignatureValid(secret, raw, signature)) {
    throw badRequest("The webhook's signature does not match its body.", "bad_signature");
  }
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("The webhook's body is not JSON.", "bad_json");
  }
}

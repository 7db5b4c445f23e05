import type { Handler } from "#server/queue/queue.ts";
import type { PaymentDeps } from "./gateway.ts";
import { expireHold } from "./hold-expiry.ts";
import { sendRefund } from "./refunds.ts";
import { PAYMENT_WORK } from "./settlement.ts";
import { applyEvent } from "./webhook.ts";

/** The queue's handlers of the payment work. */
export function paymentHandlers(deps: PaymentDeps): Record<string, Handler> {
  const id = (payload: Record<string, unknown>, key: string) => String(payload[key] ?? "");
  return {
    [PAYMENT_WORK.webhook]: (payload) => applyEvent(deps, id(payload, "eventId")),
    [PAYMENT_WORK.refund]: (payload) => sendRefund(deps, id(payload, "refundId")),
    [PAYMENT_WORK.expireHold]: (payload) => expireHold(deps, id(payload, "bookingId")),
  };
}

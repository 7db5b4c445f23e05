import { z } from "zod";
import type { PayoutStatus } from "#domain/payouts.ts";
import { nowOf } from "#server/context.ts";
import { badRequest } from "#server/http/errors.ts";
import { webhookSignatureValid } from "#server/payments/razorpay.ts";
import { applyPayoutNews, payoutOfNews } from "./news.ts";
import { type PayoutDeps, razorpayXOf } from "./payout-deps.ts";
import { payoutNewsOf, razorpayXPayoutSchema } from "./razorpayx.ts";
import { payoutEvents } from "./schema.ts";

/*
 * RazorpayX's payout webhooks (record 064): believed only when X-Razorpay-Signature is the HMAC of
 * the exact bytes with the RazorpayX webhook secret; each (payout, status) is taken once (a repeat
 * is acknowledged and changes nothing), and in the same transaction the payout moves forward,
 * if the news is newer than what we know, with its ledger entries.
 */

const EVENTS: Record<string, PayoutStatus> = {
  "payout.processed": "processed",
  "payout.failed": "failed",
  "payout.reversed": "reversed",
  "payout.rejected": "rejected",
};

const eventSchema = z.object({
  event: z.string().max(100),
  payload: z.object({ payout: z.object({ entity: razorpayXPayoutSchema }) }).loose(),
});

export type WebhookOutcome = { ok: true; duplicate: boolean; moved: boolean };

export async function takePayoutWebhook(
  deps: PayoutDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const { x } = razorpayXOf(deps);
  if (!signature || !webhookSignatureValid(x.webhookSecret, raw, signature)) {
    throw badRequest("The webhook's signature does not match its body.", "bad_signature");
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("The webhook's body is not JSON.", "bad_json");
  }
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw badRequest("The webhook's body is not a RazorpayX payout event.", "bad_event");
  const status = EVENTS[parsed.data.event];
  // Events we do not act on (payout.queued, payout.initiated, …) are acknowledged.
  if (!status) return { ok: true, duplicate: false, moved: false };
  const news = payoutNewsOf(parsed.data.payload.payout.entity);
  const now = nowOf(deps);
  const outcome = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .insert(payoutEvents)
      .values({
        razorpayPayoutId: news.razorpayPayoutId,
        status,
        event: parsed.data.event,
        payload: body as Record<string, unknown>,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payoutEvents.razorpayPayoutId });
    if (!taken) return { duplicate: true, moved: false };
    const ours = await payoutOfNews(tx, news.razorpayPayoutId, news.ourPayoutId);
    if (!ours) {
      deps.logger.warn({ razorpayPayoutId: news.razorpayPayoutId }, "a payout webhook names no payout of ours");
      return { duplicate: false, moved: false };
    }
    const moved = await applyPayoutNews(tx, ours.id, { ...news, status }, now);
    return { duplicate: false, moved };
  });
  if (outcome.moved) deps.queue?.poke();
  return { ok: true, ...outcome };
}

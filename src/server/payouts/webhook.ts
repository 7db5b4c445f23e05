import { z } from "zod";
import type { PayoutStatus } from "#domain/payouts.ts";
import { nowOf } from "#server/context.ts";
import { badRequest } from "#server/http/errors.ts";
import { signedWebhookBody } from "#server/payments/razorpay.ts";
import { applyPayoutNews, payoutOfNews } from "./news.ts";
import { type PayoutDeps, razorpayXOf } from "./payout-deps.ts";
import { payoutNewsOf, razorpayXPayoutSchema } from "./razorpayx.ts";
import { payoutEvents } from "./schema.ts";

/*
 * RazorpayX's payout webhooks (record 064): payout.processed, .failed and .reversed, and any other
 * payout event by the status its entity has: believed only when X-Razorpay-Signature is the HMAC of
 * the exact bytes with the RazorpayX webhook secret; each (payout, status) is taken once (a repeat
 * is acknowledged and changes nothing), and in the same transaction the payout moves forward,
 * if the news is newer than what we know, with its ledger entries.
 */

const EVENTS: Record<string, PayoutStatus> = {
  "payout.processed": "processed",
  "payout.failed": "failed",
  "payout.reversed": "reversed",
  "payout.rejected": "rejected",
  "payout.initiated": "processing",
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
  const body = signedWebhookBody(x.webhookSecret, raw, signature);
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw badRequest("The webhook's body is not a RazorpayX payout event.", "bad_event");
  const news = payoutNewsOf(parsed.data.payload.payout.entity);
  // The named endings say their status; other payout events (initiated, updated …) the entity's.
  const status = EVENTS[parsed.data.event] ?? news.status;
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
    // A repeat of a status changes nothing, but may bring the UTR the first one lacked.
    if (!taken && !news.utr) return { duplicate: true, moved: false };
    const ours = await payoutOfNews(tx, news.razorpayPayoutId, news.ourPayoutId);
    if (!taken) {
      if (ours) await applyPayoutNews(tx, ours.id, { ...news, status }, now);
      return { duplicate: true, moved: false };
    }
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

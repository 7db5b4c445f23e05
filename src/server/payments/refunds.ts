import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { publishChange } from "#server/bookings/publish.ts";
import { lockBooking, recordHistory } from "#server/bookings/transitions.ts";
import { nowOf } from "#server/context.ts";
import { postRefundFailed } from "#server/ledger/postings.ts";
import { gateway, type PaymentDeps } from "./gateway.ts";
import { RazorpayError } from "./razorpay.ts";
import { payments, refunds } from "./schema.ts";

export const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  acquirer_data: z.object({ arn: z.string().nullable().optional() }).partial().nullable().optional(),
});

const REFUND_RANK: Record<string, number> = { requested: 0, pending: 1, failed: 2, processed: 3 };

/** Razorpay's news of a refund, from its answer or a webhook, in any order; the status only moves forward. */
export async function recordRefundNews(deps: PaymentDeps, refund: z.infer<typeof refundEntity>): Promise<void> {
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
    if (status === "failed") await postRefundFailed(tx, row, now);
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
export async function sendRefund(deps: PaymentDeps, refundId: string): Promise<void> {
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
      await deps.db.transaction(async (tx) => {
        const [failed] = await tx
          .update(refunds)
          .set({ status: "failed" })
          .where(and(eq(refunds.id, row.id), eq(refunds.status, "requested")))
          .returning();
        if (failed) await postRefundFailed(tx, failed, nowOf(deps));
      });
      return;
    }
    throw error;
  }
}

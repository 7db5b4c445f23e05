import { eq } from "drizzle-orm";
import { publishChange } from "#server/bookings/publish.ts";
import { lockBooking, settleBooking } from "#server/bookings/transitions.ts";
import { nowOf } from "#server/context.ts";
import type { PaymentDeps } from "./gateway.ts";
import { payments } from "./schema.ts";
import { applyPayment } from "./settlement.ts";
import { isPaid } from "./summary.ts";

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

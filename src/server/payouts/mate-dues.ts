import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { duesPaid } from "#domain/ledger.ts";
import type { DuesOrder } from "#domain/mate-money.ts";
import { type CheckoutResult, PAYMENT_RULES } from "#domain/payments.ts";
import { maskPan, type PayoutSettings, tdsBpFor } from "#domain/payouts.ts";
import { nowOf, payoutSettingsOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { AppError, badRequest, notFound } from "#server/http/errors.ts";
import { mateBalance, post } from "#server/ledger/ledger.ts";
import type { MateRow } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { prefillOf } from "#server/payments/checkout.ts";
import { gateway, type PaymentDeps } from "#server/payments/gateway.ts";
import { checkoutSignatureValid } from "#server/payments/razorpay.ts";
import { mateDuesPayments } from "./schema.ts";

/*
 * The mate's tax and dues (issue 39, record 063). A PAN lowers the TDS on their jobs; dues are what
 * the mate owes Mates (the commission and TDS of jobs paid to them in cash or by UPI); past the limit
 * their new jobs pause until they pay, through Razorpay Checkout like a customer's payment.
 */

/** The dues limit in paise: owing more than this pauses new jobs. */
export const duesLimitPaiseOf = (settings: Pick<PayoutSettings, "duesLimitRupees">) => settings.duesLimitRupees * 100;

/** What the mate owes Mates now (0 when nothing), and whether their new jobs are paused. One query. */
export async function mateDues(db: Pick<Database, "select">, mateId: string, settings: PayoutSettings) {
  const balance = await mateBalance(db, mateId);
  const duesPaise = balance < 0 ? -balance : 0;
  return { duesPaise, paused: duesPaise > duesLimitPaiseOf(settings) };
}

/** GET /api/mate/me's money fields: the PAN masked, the dues, the pause, the rates. */
export async function mateMoney(db: Pick<Database, "select">, mate: MateRow, settings: PayoutSettings) {
  return {
    pan: mate.pan ? maskPan(mate.pan) : null,
    ...(await mateDues(db, mate.id, settings)),
    duesLimitPaise: duesLimitPaiseOf(settings),
    tdsBp: settings.tdsBp,
    tdsNoPanBp: settings.tdsNoPanBp,
  };
}

/** The TDS rate on the mate's jobs now: the lower one once they gave a PAN. */
export const mateTdsBp = (mate: Pick<MateRow, "pan">, settings: PayoutSettings) =>
  tdsBpFor(mate.pan !== null, settings);

/** Stores the mate's PAN (already checked by panSchema), audited with the mate as the actor (masked). */
export async function setPan(db: Database, userId: string, mate: MateRow, pan: string, now: Date): Promise<string> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ pan: mates.pan }).from(mates).where(eq(mates.id, mate.id)).for("update");
    await tx.update(mates).set({ pan, panGivenAt: now }).where(eq(mates.id, mate.id));
    await recordAudit(tx, {
      actorId: userId,
      action: "pan_given",
      subjectType: "mate",
      subjectId: mate.id,
      before: { pan: before?.pan ? maskPan(before.pan) : null },
      after: { pan: maskPan(pan) },
      at: now,
    });
  });
  return maskPan(pan);
}

/**
 * An order for everything the mate owes now. The amount is the server's (the ledger's balance); an
 * open order for the same amount is handed out again, so "Try again" reuses it.
 */
export async function startDuesPayment(deps: PaymentDeps, userId: string, mate: MateRow): Promise<DuesOrder> {
  const { config, client } = gateway(deps);
  const { duesPaise } = await mateDues(deps.db, mate.id, payoutSettingsOf(deps));
  if (duesPaise <= 0) throw new AppError(409, "nothing_due", "You owe Mates nothing.");
  const [open] = await deps.db
    .select({ orderId: mateDuesPayments.orderId })
    .from(mateDuesPayments)
    .where(
      and(
        eq(mateDuesPayments.mateId, mate.id),
        eq(mateDuesPayments.status, "created"),
        eq(mateDuesPayments.amountPaise, duesPaise),
      ),
    );
  let orderId = open?.orderId;
  if (!orderId) {
    const id = randomUUID();
    try {
      const order = await client.createOrder({
        amountPaise: duesPaise,
        receipt: `dues-${id}`.slice(0, PAYMENT_RULES.receiptMaxLength),
        notes: { mateId: mate.id, purpose: "dues" },
      });
      if (order.amount !== duesPaise) throw new Error(`Razorpay made order ${order.id} for another amount`);
      orderId = order.id;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("Razorpay made")) throw error;
      deps.logger.warn({ err: error, mateId: mate.id }, "razorpay dues order not created");
      throw new AppError(
        503,
        "payments_unavailable",
        "Online payment is not answering just now. Please try again in a minute.",
      );
    }
    await deps.db
      .insert(mateDuesPayments)
      .values({ id, mateId: mate.id, orderId, amountPaise: duesPaise, createdAt: nowOf(deps) });
  }
  return {
    keyId: config.keyId,
    orderId,
    amountPaise: duesPaise,
    currency: "INR",
    purpose: "dues",
    description: "What you owe Mates",
    prefill: await prefillOf(deps.db, userId),
  };
}

/** Checkout's answer for a dues order: believed only if its signature is over this mate's order. */
export async function confirmDuesPayment(deps: PaymentDeps, mate: MateRow, result: CheckoutResult) {
  const { config } = gateway(deps);
  const [row] = await deps.db
    .select()
    .from(mateDuesPayments)
    .where(and(eq(mateDuesPayments.orderId, result.razorpay_order_id), eq(mateDuesPayments.mateId, mate.id)));
  if (!row) throw notFound("There is no such payment of yours.");
  if (!checkoutSignatureValid(config.keySecret, row.orderId, result.razorpay_payment_id, result.razorpay_signature)) {
    throw badRequest("This payment could not be verified, so nothing was changed.", "bad_signature");
  }
  await recordDuesCaptured(deps, { orderId: row.orderId, razorpayPaymentId: result.razorpay_payment_id });
  return { paidPaise: row.amountPaise, ...(await mateDues(deps.db, mate.id, payoutSettingsOf(deps))) };
}

/**
 * A dues order was paid (Checkout's verified answer or the webhook's payment.captured): in one
 * transaction the row is marked captured and the payment posted to the ledger under `dues:<id>`,
 * once however often the news comes. Answers whether the order was a dues order at all.
 */
export async function recordDuesCaptured(
  deps: Pick<PaymentDeps, "db" | "logger" | "now">,
  news: { orderId: string; razorpayPaymentId: string; amountPaise?: number },
): Promise<boolean> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mateDuesPayments)
      .where(eq(mateDuesPayments.orderId, news.orderId))
      .for("update");
    if (!row) return false;
    if (news.amountPaise !== undefined && news.amountPaise !== row.amountPaise) {
      deps.logger.error({ orderId: row.orderId, news }, "a Razorpay dues payment's amount differs from its order's");
      return true;
    }
    if (row.status === "captured") return true;
    await tx
      .update(mateDuesPayments)
      .set({ status: "captured", razorpayPaymentId: news.razorpayPaymentId, paidAt: now })
      .where(eq(mateDuesPayments.id, row.id));
    await post(
      tx,
      {
        kind: "dues_paid",
        key: `dues:${row.id}`,
        entries: duesPaid(row.mateId, row.amountPaise),
        mateId: row.mateId,
        memo: `Razorpay ${news.razorpayPaymentId}`,
        who: { actor: "mate" },
      },
      now,
    );
    return true;
  });
}

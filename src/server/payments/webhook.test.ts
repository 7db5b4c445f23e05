import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { seedCustomer } from "#testing/seeded-customer.ts";
import { payments } from "./schema.ts";

/**
 * Razorpay's webhook: the truth in any order and once, refused unsigned, and a failure kept until
 * a retry pays.
 */
const paying = razorpayTestApp();
const { bookingOf, checkout, settle } = paying;

describe("paying now", () => {
  it("is confirmed by the webhook alone when the tab was closed, once however often it comes, in any order", async () => {
    const customer = await seedCustomer(paying.t, "12:00", { paymentMethod: "online" });
    const order = await checkout(customer);
    const { payment } = await paying.fake.pay(order.orderId, { webhooks: false });
    // Captured arrives before authorised; each is delivered twice.
    const captured = await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment), {
      eventId: "evt_cap_1",
    });
    const repeat = await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment), {
      eventId: "evt_cap_1",
    });
    expect([captured.status, repeat.status]).toEqual([200, 200]);
    await settle();
    await paying.fake.deliver("payment.authorized", paying.fake.paymentPayload({ ...payment, status: "authorized" }));
    await settle();
    const booking = await bookingOf(customer);
    expect(booking.payment).toMatchObject({ paidPaise: 44_900, duePaise: 0 });
    expect(booking.history.filter((entry) => entry.action === "payment_received")).toHaveLength(1);
    const [row] = await paying.t.database.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(row).toMatchObject({ status: "captured", razorpayPaymentId: payment.id, method: "upi" });
  });

  it("changes nothing for a forged webhook (400) or one for an order that is not ours", async () => {
    const customer = await seedCustomer(paying.t, "13:00", { paymentMethod: "online" });
    const order = await checkout(customer);
    const { payment } = await paying.fake.pay(order.orderId, { webhooks: false });
    const forged = await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment), {
      signature: "wrong",
    });
    expect(forged.status).toBe(400);
    const unsigned = await paying.t.app.request("/api/payments/razorpay/webhook", {
      method: "POST",
      body: JSON.stringify({ event: "payment.captured", payload: paying.fake.paymentPayload(payment) }),
      headers: { "x-razorpay-event-id": "evt_unsigned" },
    });
    expect(unsigned.status).toBe(400);
    const stranger = await paying.fake.deliver(
      "payment.captured",
      paying.fake.paymentPayload({ ...payment, order_id: "order_notours" }),
    );
    expect(stranger.status).toBe(200);
    await settle();
    expect((await bookingOf(customer)).payment.paidPaise).toBe(0);
  });

  it("keeps a failed payment's booking unpaid, and a retry pays it", async () => {
    const customer = await seedCustomer(paying.t, "14:00", { paymentMethod: "online" });
    const order = await checkout(customer);
    await paying.fake.fail(order.orderId);
    await settle();
    const [failed] = await paying.t.database.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(failed).toMatchObject({ status: "failed", lastError: "Payment was declined by the bank." });
    expect((await bookingOf(customer)).payment).toMatchObject({ paidPaise: 0, duePaise: 44_900 });
    const retry = await checkout(customer);
    expect(retry.orderId).toBe(order.orderId);
    await paying.fake.pay(retry.orderId);
    await settle();
    expect((await bookingOf(customer)).payment).toMatchObject({ paidPaise: 44_900, duePaise: 0 });
  });
});

import { describe, expect, it } from "vitest";
import { bookingResponseSchema } from "#domain/booking.ts";
import { paymentOptionsSchema } from "#domain/payments.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { errorOf, post } from "#testing/requests.ts";
import { MANY_SIGN_UPS, SEED_NOW, seedCustomer } from "#testing/seeded-customer.ts";
import { createTestApp } from "#testing/test-app.ts";

/**
 * Who may pay, what is offered without Razorpay's keys, and Checkout: the order for the server's
 * amount, confirmed only on a signature over it.
 */
const paying = razorpayTestApp();
const { assigned, bookingOf, checkout, mateOf, verify } = paying;

describe("who may pay and read invoices", () => {
  it("is the booking's own customer only: a visitor 401, a mate or an operator 403, another customer 404", async () => {
    const customer = await seedCustomer(paying.t, "08:30", { paymentMethod: "online" });
    const stranger = await signUpCustomer(paying.t);
    const booking = await assigned(customer);
    const { mate } = await mateOf(booking);
    const operator = await signInAsOperator(paying.t);
    const routes: [string, string, unknown?][] = [
      ["POST", `/api/bookings/${customer.bookingId}/payment`],
      [
        "POST",
        `/api/bookings/${customer.bookingId}/payment/verify`,
        { razorpay_payment_id: "pay_x", razorpay_order_id: "order_x", razorpay_signature: "0".repeat(64) },
      ],
      ["GET", "/api/invoices/MT-26-27-000001"],
      ["GET", "/api/invoices/MT-26-27-000001/pdf"],
    ];
    for (const [method, path, body] of routes) {
      const init = { method, ...(body ? { body: JSON.stringify(body) } : {}) };
      expect((await paying.t.request(path, init)).status, `visitor ${path}`).toBe(401);
      expect((await mate.request(path, init)).status, `mate ${path}`).toBe(403);
      expect((await operator.request(path, init)).status, `operator ${path}`).toBe(403);
      expect((await stranger.request(path, init)).status, `another customer ${path}`).toBe(404);
    }
  });
});

describe("without Razorpay's keys", () => {
  it("offers pay after service alone and refuses the online routes", async () => {
    const plain = await createTestApp({ now: () => SEED_NOW, authLimits: MANY_SIGN_UPS });
    try {
      expect(paymentOptionsSchema.parse(await (await plain.request("/api/payments/options")).json())).toEqual({
        online: false,
      });
      const customer = await seedCustomer(plain, "09:00");
      const placed = await customer.request(
        "/api/bookings",
        post({
          addressId: customer.addressId,
          start: "2026-11-24T10:00:00+05:30",
          paymentMethod: "online",
          idempotencyKey: "online-off-1",
        }),
      );
      expect(placed.status).toBe(400);
      expect((await errorOf(placed)).code).toBe("payments_off");
      const pay = await customer.request(`/api/bookings/${customer.bookingId}/payment`, post());
      expect(pay.status).toBe(409);
      expect((await errorOf(pay)).message).toBe("Online payment is not set up. Please choose pay after service.");
      const hook = await plain.app.request("/api/payments/razorpay/webhook", { method: "POST", body: "{}" });
      expect(hook.status).toBe(409);
    } finally {
      await plain.close();
    }
  });
});

describe("paying now", () => {
  it("offers Checkout and lets the page load it under the CSP", async () => {
    const options = paymentOptionsSchema.parse(await (await paying.t.request("/api/payments/options")).json());
    expect(options).toEqual({ online: true, checkoutUrl: paying.fake.checkoutUrl, keyId: paying.fake.keyId });
    const policy = (await paying.t.request("/api/payments/options")).headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`script-src 'self' ${paying.fake.url}`);
    expect(policy).toMatch(new RegExp(`frame-src ${paying.fake.url.replaceAll(".", "\\.")}`));
  });

  it("holds the booking, makes the order for the server's amount once, and confirms on a verified signature", async () => {
    const customer = await seedCustomer(paying.t, "09:00", { paymentMethod: "online" });
    const held = await assigned(customer);
    expect(held.payment).toMatchObject({ paidPaise: 0, duePaise: 44_900, dueFor: "booking" });
    expect(held.payment.payBy).toBe(new Date(SEED_NOW.getTime() + 15 * 60_000).toISOString());

    const order = await checkout(customer);
    expect(order).toMatchObject({ amountPaise: 44_900, currency: "INR", purpose: "booking", keyId: paying.fake.keyId });
    expect(paying.fake.orders.get(order.orderId)).toMatchObject({
      amount: 44_900,
      currency: "INR",
      receipt: customer.bookingId,
    });
    // "Try again" reuses the open order.
    expect((await checkout(customer)).orderId).toBe(order.orderId);

    // The browser sends no amount: anything beyond Checkout's three fields is refused.
    const { result } = await paying.fake.pay(order.orderId, { webhooks: false });
    const tampered = await verify(customer, { ...result, amount: 100 });
    expect(tampered.status).toBe(400);
    // A signature made for another order (or by anyone without the key secret) is refused.
    const other = await seedCustomer(paying.t, "11:00", { paymentMethod: "online" });
    const otherOrder = await checkout(other);
    const otherPaid = await paying.fake.pay(otherOrder.orderId, { webhooks: false });
    const forged = await verify(customer, { ...result, razorpay_signature: otherPaid.result.razorpay_signature });
    expect(forged.status).toBe(400);
    expect((await errorOf(forged)).code).toBe("bad_signature");
    const crossed = await verify(customer, otherPaid.result);
    expect(crossed.status).toBe(404);
    expect((await bookingOf(customer)).payment.paidPaise).toBe(0);

    const confirmed = await verify(customer, result);
    expect(confirmed.status).toBe(200);
    const { booking } = bookingResponseSchema.parse(await confirmed.json());
    expect(booking.payment).toMatchObject({ paidPaise: 44_900, duePaise: 0 });
    expect(booking.payment.payBy).toBeUndefined();
    expect(booking.history.map((entry) => entry.label)).toContain("Paid online");
    // Paid: nothing more is due, so no new order.
    const again = await customer.request(`/api/bookings/${customer.bookingId}/payment`, post());
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("nothing_due");
  });
});

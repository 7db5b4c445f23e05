import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { invoiceSchema } from "#domain/invoice.ts";
import { setOffFrom } from "#domain/job.ts";
import { opsBookingResponseSchema } from "#domain/ops.ts";
import { checkoutOrderSchema, paymentOptionsSchema } from "#domain/payments.ts";
import { jobs } from "#server/bookings/schema.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { type FakeRazorpay, startFakeRazorpay } from "#testing/fake-razorpay.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { pdfText } from "#testing/pdf-text.ts";
import { errorOf, post } from "#testing/requests.ts";
import {
  MANY_SIGN_UPS,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
  settledBooking,
} from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { invoices, payments, refunds } from "./schema.ts";

/**
 * Issue 17's API proofs, against a Razorpay stand-in that speaks its protocol: the amount is the
 * server's, signatures are checked, webhooks are the truth in any order and once, refunds follow
 * the cancellation rule, and every paid job gets an invoice from a gap-free series.
 */
let t: TestApp;
let fake: FakeRazorpay;
let clock = SEED_NOW;
const limits = MANY_SIGN_UPS;

beforeEach(() => {
  clock = SEED_NOW;
});

beforeAll(async () => {
  fake = await startFakeRazorpay({});
  t = await createTestApp({
    now: () => clock,
    authLimits: limits,
    env: { ...fake.env(), SELLER_GSTIN: "27AABCM1234F1ZX", SELLER_LEGAL_NAME: "Mates Home Services Private Limited" },
  });
  // Razorpay's servers post with no Origin header and no cookie.
  fake.setWebhook(
    async (body, headers) =>
      (await t.app.request("/api/payments/razorpay/webhook", { method: "POST", body, headers })).status,
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/**
 * Waits until the stand-in has answered every webhook it sends a moment later, then lets the queue
 * apply what was delivered (the worker is poked too; running it here makes it certain).
 */
const settle = async () => {
  await fake.delivered();
  await t.queue.runDue();
};

async function bookingOf(customer: SeededCustomer): Promise<Booking> {
  const response = await customer.request(`/api/bookings/${customer.bookingId}`);
  return bookingResponseSchema.parse(await response.json()).booking;
}

const assigned = (customer: SeededCustomer) => settledBooking(t, customer);

async function checkout(customer: SeededCustomer) {
  const response = await customer.request(`/api/bookings/${customer.bookingId}/payment`, post());
  expect(response.status).toBe(200);
  return checkoutOrderSchema.parse(await response.json());
}

async function verify(customer: SeededCustomer, result: unknown) {
  return customer.request(`/api/bookings/${customer.bookingId}/payment/verify`, post(result));
}

/** The mate of a booking's one job, signed in, and a step taker. */
async function mateOf(booking: Booking) {
  const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
  if (!job?.mateId) throw new Error("no mate was assigned");
  const mate = await signInAsMate(t, job.mateId);
  const step = async (path: string, body: unknown = {}) => {
    const response = await mate.request(`/api/mate/jobs/${job.id}/${path}`, post(body));
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  return { job, mate, step };
}

/** The clock moves on to the job's day, when its mate may set off (2 hours before the start). */
function setOffTime(booking: Booking) {
  clock = setOffFrom(new Date(booking.start));
}

/** Takes a booked job through the day to completed, with an approved extra when asked. */
async function doTheJob(customer: SeededCustomer, booking: Booking, extraRupees?: number) {
  const { job, step } = await mateOf(booking);
  setOffTime(booking);
  await step("on-the-way");
  await step("arrive");
  await step("start", { code: booking.startCode });
  if (extraRupees) {
    const added = (await (
      await step("extras", { description: "Replace the trap", priceRupees: extraRupees })
    ).json()) as {
      job: { extras: { id: string }[] };
    };
    const extraId = added.job.extras[0]?.id;
    expect(
      (await customer.request(`/api/bookings/${booking.id}/extras/${extraId}`, post({ approve: true }))).status,
    ).toBe(200);
  }
  await step("complete");
  return { job, step };
}

describe("who may pay and read invoices", () => {
  it("is the booking's own customer only: a visitor 401, a mate or an operator 403, another customer 404", async () => {
    const customer = await seedCustomer(t, "08:30", { paymentMethod: "online" });
    const stranger = await signUpCustomer(t);
    const booking = await assigned(customer);
    const { mate } = await mateOf(booking);
    const operator = await signInAsOperator(t);
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
      expect((await t.request(path, init)).status, `visitor ${path}`).toBe(401);
      expect((await mate.request(path, init)).status, `mate ${path}`).toBe(403);
      expect((await operator.request(path, init)).status, `operator ${path}`).toBe(403);
      expect((await stranger.request(path, init)).status, `another customer ${path}`).toBe(404);
    }
  });
});

describe("without Razorpay's keys", () => {
  it("offers pay after service alone and refuses the online routes", async () => {
    const plain = await createTestApp({ now: () => SEED_NOW, authLimits: limits });
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
    const options = paymentOptionsSchema.parse(await (await t.request("/api/payments/options")).json());
    expect(options).toEqual({ online: true, checkoutUrl: fake.checkoutUrl, keyId: fake.keyId });
    const policy = (await t.request("/api/payments/options")).headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`script-src 'self' ${fake.url}`);
    expect(policy).toMatch(new RegExp(`frame-src ${fake.url.replaceAll(".", "\\.")}`));
  });

  it("holds the booking, makes the order for the server's amount once, and confirms on a verified signature", async () => {
    const customer = await seedCustomer(t, "09:00", { paymentMethod: "online" });
    const held = await assigned(customer);
    expect(held.payment).toMatchObject({ paidPaise: 0, duePaise: 44_900, dueFor: "booking" });
    expect(held.payment.payBy).toBe(new Date(SEED_NOW.getTime() + 15 * 60_000).toISOString());

    const order = await checkout(customer);
    expect(order).toMatchObject({ amountPaise: 44_900, currency: "INR", purpose: "booking", keyId: fake.keyId });
    expect(fake.orders.get(order.orderId)).toMatchObject({
      amount: 44_900,
      currency: "INR",
      receipt: customer.bookingId,
    });
    // "Try again" reuses the open order.
    expect((await checkout(customer)).orderId).toBe(order.orderId);

    // The browser sends no amount: anything beyond Checkout's three fields is refused.
    const { result } = await fake.pay(order.orderId, { webhooks: false });
    const tampered = await verify(customer, { ...result, amount: 100 });
    expect(tampered.status).toBe(400);
    // A signature made for another order (or by anyone without the key secret) is refused.
    const other = await seedCustomer(t, "11:00", { paymentMethod: "online" });
    const otherOrder = await checkout(other);
    const otherPaid = await fake.pay(otherOrder.orderId, { webhooks: false });
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

  it("is confirmed by the webhook alone when the tab was closed, once however often it comes, in any order", async () => {
    const customer = await seedCustomer(t, "12:00", { paymentMethod: "online" });
    const order = await checkout(customer);
    const { payment } = await fake.pay(order.orderId, { webhooks: false });
    // Captured arrives before authorised; each is delivered twice.
    const captured = await fake.deliver("payment.captured", fake.paymentPayload(payment), { eventId: "evt_cap_1" });
    const repeat = await fake.deliver("payment.captured", fake.paymentPayload(payment), { eventId: "evt_cap_1" });
    expect([captured.status, repeat.status]).toEqual([200, 200]);
    await settle();
    await fake.deliver("payment.authorized", fake.paymentPayload({ ...payment, status: "authorized" }));
    await settle();
    const booking = await bookingOf(customer);
    expect(booking.payment).toMatchObject({ paidPaise: 44_900, duePaise: 0 });
    expect(booking.history.filter((entry) => entry.action === "payment_received")).toHaveLength(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(row).toMatchObject({ status: "captured", razorpayPaymentId: payment.id, method: "upi" });
  });

  it("changes nothing for a forged webhook (400) or one for an order that is not ours", async () => {
    const customer = await seedCustomer(t, "13:00", { paymentMethod: "online" });
    const order = await checkout(customer);
    const { payment } = await fake.pay(order.orderId, { webhooks: false });
    const forged = await fake.deliver("payment.captured", fake.paymentPayload(payment), { signature: "wrong" });
    expect(forged.status).toBe(400);
    const unsigned = await t.app.request("/api/payments/razorpay/webhook", {
      method: "POST",
      body: JSON.stringify({ event: "payment.captured", payload: fake.paymentPayload(payment) }),
      headers: { "x-razorpay-event-id": "evt_unsigned" },
    });
    expect(unsigned.status).toBe(400);
    const stranger = await fake.deliver(
      "payment.captured",
      fake.paymentPayload({ ...payment, order_id: "order_notours" }),
    );
    expect(stranger.status).toBe(200);
    await settle();
    expect((await bookingOf(customer)).payment.paidPaise).toBe(0);
  });

  it("keeps a failed payment's booking unpaid, and a retry pays it", async () => {
    const customer = await seedCustomer(t, "14:00", { paymentMethod: "online" });
    const order = await checkout(customer);
    await fake.fail(order.orderId);
    await settle();
    const [failed] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(failed).toMatchObject({ status: "failed", lastError: "Payment was declined by the bank." });
    expect((await bookingOf(customer)).payment).toMatchObject({ paidPaise: 0, duePaise: 44_900 });
    const retry = await checkout(customer);
    expect(retry.orderId).toBe(order.orderId);
    await fake.pay(retry.orderId);
    await settle();
    expect((await bookingOf(customer)).payment).toMatchObject({ paidPaise: 44_900, duePaise: 0 });
  });

  it("releases an unpaid booking and its mate after 15 minutes", async () => {
    const customer = await seedCustomer(t, "15:00", { paymentMethod: "online" });
    const held = await assigned(customer);
    expect(held.status).toBe("assigned");
    clock = new Date(SEED_NOW.getTime() + 16 * 60_000);
    try {
      // A run the worker has in hand (poked by an earlier commit) is waited for, then the queue looks again.
      await t.queue.runDue();
      const expired = await bookingOf(customer);
      expect(expired.status).toBe("cancelled");
      expect(expired.history.map((entry) => entry.label)).toContain("Cancelled: not paid in time");
      expect(await t.database.db.select().from(mateBusy).where(eq(mateBusy.bookingId, customer.bookingId))).toEqual([]);
      const late = await customer.request(`/api/bookings/${customer.bookingId}/payment`, post());
      expect(late.status).toBe(409);
      expect((await errorOf(late)).code).toBe("hold_expired");
    } finally {
      clock = SEED_NOW;
    }
  });
});

describe("refunds", () => {
  async function paidBooking(slot: string) {
    const customer = await seedCustomer(t, slot, { paymentMethod: "online" });
    const booking = await assigned(customer);
    const order = await checkout(customer);
    const { result } = await fake.pay(order.orderId, { webhooks: false });
    expect((await verify(customer, result)).status).toBe(200);
    // Razorpay captures at once (auto-capture): the webhook says so.
    const payment = fake.payments.get(result.razorpay_payment_id);
    if (!payment) throw new Error("the stand-in lost the payment");
    await fake.deliver("payment.captured", fake.paymentPayload(payment));
    await settle();
    return { customer, booking, payment };
  }

  it("gives everything back in the free window, with Razorpay's idempotency key, and shows it processed", async () => {
    const { customer, payment } = await paidBooking("16:00");
    const cancelled = await customer.request(`/api/bookings/${customer.bookingId}/cancel`, post({ chargeRupees: 0 }));
    expect(cancelled.status).toBe(200);
    await settle();
    await settle(); // the stand-in processes the refund a moment later and says so by webhook
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, customer.bookingId));
    expect(refund).toMatchObject({ amountPaise: 44_900, status: "processed" });
    const request = fake.refundRequests.find((r) => r.paymentId === payment.id);
    expect(request).toMatchObject({ idempotencyKey: refund?.id, body: { amount: 44_900, speed: "normal" } });
    const booking = await bookingOf(customer);
    expect(booking.payment.refunds).toEqual([
      expect.objectContaining({ amountPaise: 44_900, status: "processed", reference: expect.stringMatching(/^ARN/) }),
    ]);
    expect(booking.history.map((entry) => entry.label)).toEqual(
      expect.arrayContaining(["Refund started", "Refund processed"]),
    );
    // The queue running the refund again sends nothing twice.
    await t.queue.runDue();
    expect(fake.refundRequests.filter((r) => r.paymentId === payment.id)).toHaveLength(1);
  });

  it("keeps the visiting charge once the mate was on the way", async () => {
    const { customer, booking } = await paidBooking("17:00");
    const { step } = await mateOf(booking);
    setOffTime(booking);
    await step("on-the-way");
    const cancelled = await customer.request(`/api/bookings/${customer.bookingId}/cancel`, post({ chargeRupees: 99 }));
    expect(cancelled.status).toBe(200);
    await settle();
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, customer.bookingId));
    expect(refund?.amountPaise).toBe(44_900 - 9_900);
  });

  it("gives everything back when an operator cancels for the customer, and the console shows it", async () => {
    const { customer, booking } = await paidBooking("10:00");
    const { step } = await mateOf(booking);
    setOffTime(booking);
    await step("on-the-way");
    const operator = await signInAsOperator(t);
    const cancelled = await operator.request(
      `/api/ops/bookings/${customer.bookingId}/cancel`,
      post({ reason: "The customer called: family emergency" }),
    );
    expect(cancelled.status).toBe(200);
    await settle();
    await settle();
    const detail = opsBookingResponseSchema.parse(
      await (await operator.request(`/api/ops/bookings/${customer.bookingId}`)).json(),
    );
    expect(detail.booking.payment.refunds).toEqual([
      expect.objectContaining({ amountPaise: 44_900, status: "processed" }),
    ]);
  });
});

describe("after the job", () => {
  it("settles a prepaid job with nothing more to pay at once, with its invoice", async () => {
    const customer = await seedCustomer(t, "18:00", { paymentMethod: "online" });
    const booking = await assigned(customer);
    const { result } = await fake.pay((await checkout(customer)).orderId, { webhooks: false });
    await verify(customer, result);
    await doTheJob(customer, booking);
    const done = await bookingOf(customer);
    expect(done.jobs[0]).toMatchObject({ status: "paid", collectedMethod: "online" });
    expect(done.payment.duePaise).toBe(0);
    expect(done.payment.invoices).toHaveLength(1);
  });

  it("asks online for a prepaid job's approved extras only", async () => {
    const customer = await seedCustomer(t, "19:00", { paymentMethod: "online" });
    const booking = await assigned(customer);
    const { result } = await fake.pay((await checkout(customer)).orderId, { webhooks: false });
    await verify(customer, result);
    const { job, step } = await doTheJob(customer, booking, 150);
    const done = await bookingOf(customer);
    expect(done.payment).toMatchObject({ duePaise: 15_000, dueFor: "bill" });
    const order = await checkout(customer);
    expect(order).toMatchObject({ amountPaise: 15_000, purpose: "bill" });
    // The customer pays the mate instead: the mate collects the balance, not the whole bill.
    await step("collect", { method: "cash" });
    const [paidJob] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(paidJob).toMatchObject({ status: "paid", collectedMethod: "cash", collectedRupees: 150 });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.jobId, job.id));
    expect(invoice?.content.totals.totalPaise).toBe(59_900);
    expect(invoice?.content.paidBy).toBe("Online up front through Razorpay; the balance of ₹150 by cash to the mate");
  });

  it("takes the bill online instead of cash, and issues an invoice with GST, as JSON and as a PDF", async () => {
    const customer = await seedCustomer(t, "20:00");
    const booking = await assigned(customer);
    await doTheJob(customer, booking, 250);
    const due = await bookingOf(customer);
    expect(due.payment).toMatchObject({ duePaise: 69_900, dueFor: "bill" });
    const order = await checkout(customer);
    await fake.pay(order.orderId);
    await settle();
    const paid = await bookingOf(customer);
    expect(paid.jobs[0]).toMatchObject({ status: "paid", collectedMethod: "online" });
    expect(paid.payment).toMatchObject({ paidPaise: 69_900, duePaise: 0 });
    const [listed] = paid.payment.invoices;
    if (!listed) throw new Error("no invoice was issued");
    expect(listed.number).toMatch(/^MT\/26-27\/\d{6}$/);

    const invoice = invoiceSchema.parse(
      ((await (await customer.request(`/api/invoices/${listed.slug}`)).json()) as { invoice: unknown }).invoice,
    );
    expect(invoice).toMatchObject({
      number: listed.number,
      intraState: true,
      seller: { legalName: "Mates Home Services Private Limited", gstin: "27AABCM1234F1ZX", stateCode: "27" },
      buyer: { email: customer.email },
      totals: { totalPaise: 69_900, taxablePaise: 59_237, cgstPaise: 5331, sgstPaise: 5332, igstPaise: 0 },
      totalInWords: "Rupees Six Hundred Ninety-Nine Only",
    });
    expect(invoice.lines.map((line) => [line.sac, line.totalPaise])).toEqual([
      ["9954", 44_900],
      ["9954", 25_000],
    ]);

    const pdf = await customer.request(`/api/invoices/${listed.slug}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Invoice number: ${listed.number}`);
    expect(text).toContain("GSTIN: 27AABCM1234F1ZX");
    expect(text).toContain("Rs. 699.00");
    expect(text).toContain("Rupees Six Hundred Ninety-Nine Only");

    // Another customer, and a mate, are refused the invoice.
    const stranger = await signUpCustomer(t);
    expect((await stranger.request(`/api/invoices/${listed.slug}`)).status).toBe(404);
    expect((await stranger.request(`/api/invoices/${listed.slug}/pdf`)).status).toBe(404);
    const { mate } = await mateOf(booking);
    expect((await mate.request(`/api/invoices/${listed.slug}`)).status).toBe(403);
    expect((await t.request(`/api/invoices/${listed.slug}`)).status).toBe(401);
  });

  it("numbers invoices without gaps or repeats when jobs are paid at the same moment", async () => {
    const slots = ["09:30", "10:30", "11:30", "12:30", "13:30", "14:30"];
    const ready = [];
    for (const slot of slots) {
      const customer = await seedCustomer(t, slot);
      const booking = await assigned(customer);
      const { step } = await doTheJob(customer, booking);
      ready.push(step);
    }
    const before = await t.database.db.select({ sequence: invoices.sequence }).from(invoices);
    await Promise.all(ready.map((step) => step("collect", { method: "cash" })));
    const after = (await t.database.db.select({ sequence: invoices.sequence }).from(invoices))
      .map((row) => row.sequence)
      .sort((a, b) => a - b);
    expect(after).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
    expect(after.length - before.length).toBe(slots.length);
  });

  it("refuses to change or delete an issued invoice, even in the database", async () => {
    const [row] = await t.database.db.select().from(invoices).limit(1);
    if (!row) throw new Error("no invoice yet");
    await expect(t.database.db.delete(invoices).where(eq(invoices.number, row.number))).rejects.toThrow();
    await expect(
      t.database.db.update(invoices).set({ sequence: 999 }).where(eq(invoices.number, row.number)),
    ).rejects.toThrow();
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { checkoutOrderSchema } from "#domain/payments.ts";
import { jobs } from "#server/bookings/schema.ts";
import { type FakeRazorpay, startFakeRazorpay } from "./fake-razorpay.ts";
import { signInAsMate } from "./mates.ts";
import { post } from "./requests.ts";
import { MANY_SIGN_UPS, SEED_NOW, type SeededCustomer, seedCustomer, settledBooking } from "./seeded-customer.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { handMovedClock } from "./test-clock.ts";

/**
 * Issue 17's API proofs run against a Razorpay stand-in that speaks its protocol: the amount is the
 * server's, signatures are checked, webhooks are the truth in any order and once, refunds follow
 * the cancellation rule, and every paid job gets an invoice from a gap-free series.
 *
 * Call once at the top of a test file: before its tests it starts the stand-in and a test app whose
 * online payment goes to it (seller GSTIN set, the clock moved by hand and back at SEED_NOW before
 * each test), and closes both after them. `t` and `fake` are there once the tests run; the steps
 * are those a paying customer's tests take.
 */
export function razorpayTestApp() {
  const clock = handMovedClock(SEED_NOW);
  const started = {} as { t: TestApp; fake: FakeRazorpay };

  beforeAll(async () => {
    started.fake = await startFakeRazorpay({});
    started.t = await createTestApp({
      now: clock.now,
      authLimits: MANY_SIGN_UPS,
      env: {
        ...started.fake.env(),
        SELLER_GSTIN: "27AABCM1234F1ZX",
        SELLER_LEGAL_NAME: "Mates Home Services Private Limited",
      },
    });
    // Razorpay's servers post with no Origin header and no cookie.
    started.fake.setWebhook(
      async (body, headers) =>
        (await started.t.app.request("/api/payments/razorpay/webhook", { method: "POST", body, headers })).status,
    );
  });
  afterAll(async () => {
    await started.t.close();
    await started.fake.close();
  });

  /**
   * Waits until the stand-in has answered every webhook it sends a moment later, then lets the queue
   * apply what was delivered (the worker is poked too; running it here makes it certain).
   */
  const settle = async () => {
    await started.fake.delivered();
    await started.t.queue.runDue();
  };

  async function bookingOf(customer: SeededCustomer): Promise<Booking> {
    const response = await customer.request(`/api/bookings/${customer.bookingId}`);
    return bookingResponseSchema.parse(await response.json()).booking;
  }

  const assigned = (customer: SeededCustomer) => settledBooking(started.t, customer);

  async function checkout(customer: SeededCustomer) {
    const response = await customer.request(`/api/bookings/${customer.bookingId}/payment`, post());
    expect(response.status).toBe(200);
    return checkoutOrderSchema.parse(await response.json());
  }

  async function verify(customer: SeededCustomer, result: unknown) {
    return customer.request(`/api/bookings/${customer.bookingId}/payment/verify`, post(result));
  }

  /** A customer's booking paid online up front (Checkout's answer, then the capture by webhook). */
  async function paidBooking(slot: string) {
    const customer = await seedCustomer(started.t, slot, { paymentMethod: "online" });
    const booking = await assigned(customer);
    const order = await checkout(customer);
    const { result } = await started.fake.pay(order.orderId, { webhooks: false });
    expect((await verify(customer, result)).status).toBe(200);
    // Razorpay captures at once (auto-capture): the webhook says so.
    const payment = started.fake.payments.get(result.razorpay_payment_id);
    if (!payment) throw new Error("the stand-in lost the payment");
    await started.fake.deliver("payment.captured", started.fake.paymentPayload(payment));
    await settle();
    return { customer, booking, payment };
  }

  /** The mate of a booking's one job, signed in, and a step taker. */
  async function mateOf(booking: Booking) {
    const [job] = await started.t.database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
    if (!job?.mateId) throw new Error("no mate was assigned");
    const mate = await signInAsMate(started.t, job.mateId);
    const step = async (path: string, body: unknown = {}) => {
      const response = await mate.request(`/api/mate/jobs/${job.id}/${path}`, post(body));
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response;
    };
    return { job, mate, step };
  }

  /** The clock moves on to the job's day, when its mate may set off (2 hours before the start). */
  function setOffTime(booking: Booking) {
    clock.moveTo(setOffFrom(new Date(booking.start)));
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

  return {
    get t() {
      return started.t;
    },
    get fake() {
      return started.fake;
    },
    clock,
    settle,
    bookingOf,
    assigned,
    checkout,
    verify,
    paidBooking,
    mateOf,
    setOffTime,
    doTheJob,
  };
}

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { opsBookingResponseSchema } from "#domain/ops.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { post } from "#testing/requests.ts";
import { refunds } from "./schema.ts";

/**
 * Refunds of a paid booking cancelled: by the cancellation rule, sent once, shown processed.
 */
const paying = razorpayTestApp();
const { bookingOf, mateOf, paidBooking, setOffTime, settle } = paying;

describe("refunds", () => {
  it("gives everything back in the free window, with Razorpay's idempotency key, and shows it processed", async () => {
    const { customer, payment } = await paidBooking("16:00");
    const cancelled = await customer.request(`/api/bookings/${customer.bookingId}/cancel`, post({ chargeRupees: 0 }));
    expect(cancelled.status).toBe(200);
    await settle();
    await settle(); // the stand-in processes the refund a moment later and says so by webhook
    const [refund] = await paying.t.database.db.select().from(refunds).where(eq(refunds.bookingId, customer.bookingId));
    expect(refund).toMatchObject({ amountPaise: 44_900, status: "processed" });
    const request = paying.fake.refundRequests.find((r) => r.paymentId === payment.id);
    expect(request).toMatchObject({ idempotencyKey: refund?.id, body: { amount: 44_900, speed: "normal" } });
    const booking = await bookingOf(customer);
    expect(booking.payment.refunds).toEqual([
      expect.objectContaining({ amountPaise: 44_900, status: "processed", reference: expect.stringMatching(/^ARN/) }),
    ]);
    expect(booking.history.map((entry) => entry.label)).toEqual(
      expect.arrayContaining(["Refund started", "Refund processed"]),
    );
    // The queue running the refund again sends nothing twice.
    await paying.t.queue.runDue();
    expect(paying.fake.refundRequests.filter((r) => r.paymentId === payment.id)).toHaveLength(1);
  });

  it("keeps the visiting charge once the mate was on the way", async () => {
    const { customer, booking } = await paidBooking("17:00");
    const { step } = await mateOf(booking);
    setOffTime(booking);
    await step("on-the-way");
    const cancelled = await customer.request(`/api/bookings/${customer.bookingId}/cancel`, post({ chargeRupees: 99 }));
    expect(cancelled.status).toBe(200);
    await settle();
    const [refund] = await paying.t.database.db.select().from(refunds).where(eq(refunds.bookingId, customer.bookingId));
    expect(refund?.amountPaise).toBe(44_900 - 9_900);
  });

  it("gives everything back when an operator cancels for the customer, and the console shows it", async () => {
    const { customer, booking } = await paidBooking("10:00");
    const { step } = await mateOf(booking);
    setOffTime(booking);
    await step("on-the-way");
    const operator = await signInAsOperator(paying.t);
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

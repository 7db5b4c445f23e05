import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mateBusy } from "#server/mates/schema.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { errorOf, post } from "#testing/requests.ts";
import { SEED_NOW, seedCustomer } from "#testing/seeded-customer.ts";

/**
 * The hold of a "Pay now" booking: released with its mate when unpaid in time.
 */
const paying = razorpayTestApp();
const { assigned, bookingOf, clock } = paying;

describe("paying now", () => {
  it("releases an unpaid booking and its mate after 15 minutes", async () => {
    const customer = await seedCustomer(paying.t, "15:00", { paymentMethod: "online" });
    const held = await assigned(customer);
    expect(held.status).toBe("assigned");
    clock.moveTo(new Date(SEED_NOW.getTime() + 16 * 60_000));
    try {
      // A run the worker has in hand (poked by an earlier commit) is waited for, then the queue looks again.
      await paying.t.queue.runDue();
      const expired = await bookingOf(customer);
      expect(expired.status).toBe("cancelled");
      expect(expired.history.map((entry) => entry.label)).toContain("Cancelled: not paid in time");
      expect(
        await paying.t.database.db.select().from(mateBusy).where(eq(mateBusy.bookingId, customer.bookingId)),
      ).toEqual([]);
      const late = await customer.request(`/api/bookings/${customer.bookingId}/payment`, post());
      expect(late.status).toBe(409);
      expect((await errorOf(late)).code).toBe("hold_expired");
    } finally {
      clock.moveTo(SEED_NOW);
    }
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { mergeResultSchema } from "#domain/cart.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { post } from "#testing/requests.ts";
import {
  MANY_SIGN_UPS,
  SEED_DAY,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
  seedStart,
  settledBooking,
} from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { jobs } from "./schema.ts";

/** Issue 18's API proofs for moving a booking and booking it again. */
let t: TestApp;
let clock = SEED_NOW;
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    authLimits: MANY_SIGN_UPS,
  });
});
afterAll(() => t.close());

const settled = (customer: SeededCustomer) => settledBooking(t, customer);

const mateOfJob = async (bookingId: string) =>
  (await t.database.db.select({ mateId: jobs.mateId }).from(jobs).where(eq(jobs.bookingId, bookingId)))[0]?.mateId;

describe("rescheduling", () => {
  it("keeps the same mate when they are free at the new time, free of charge, with the change in the history", async () => {
    // The nearest plumber is taken at 9:00 by someone else, so this customer gets the next one…
    const earlier = await seedCustomer(t, "09:00");
    await settled(earlier);
    const nearest = await mateOfJob(earlier.bookingId);
    const customer = await seedCustomer(t, "09:00");
    const before = await settled(customer);
    expect(before).toMatchObject({ status: "assigned", reschedulable: true });
    const mate = await mateOfJob(customer.bookingId);
    expect(mate).not.toBe(nearest);
    // …and keeps that mate when moving to 12:00, though the nearest one is free then.
    const moved = await customer.request(
      `/api/bookings/${customer.bookingId}/reschedule`,
      post({ start: seedStart("12:00") }),
    );
    expect(moved.status).toBe(200);
    const after = await settled(customer);
    expect(after).toMatchObject({ status: "assigned", start: new Date(seedStart("12:00")).toISOString() });
    expect(after.cancellationChargeRupees).toBe(0);
    expect(await mateOfJob(customer.bookingId)).toBe(mate);
    const labels = after.history.map((entry) => entry.label);
    expect(labels.slice(-2)).toEqual(["Moved to a new time", "Mate assigned"]);
  });

  it("goes to the next best free mate when their own is busy then", async () => {
    const first = await seedCustomer(t, "10:00");
    await settled(first);
    const mate = await mateOfJob(first.bookingId);
    // Another customer at the same address books the same mate for 16:00.
    const other = await seedCustomer(t, "16:00");
    await settled(other);
    expect(await mateOfJob(other.bookingId)).toBe(mate);
    const moved = await first.request(
      `/api/bookings/${first.bookingId}/reschedule`,
      post({ start: seedStart("16:00") }),
    );
    expect(moved.status).toBe(200);
    const after = await settled(first);
    expect(after.status).toBe("assigned");
    const next = await mateOfJob(first.bookingId);
    expect(next).toBeTruthy();
    expect(next).not.toBe(mate);
  });

  it("is refused within 3 hours of the start, and never for another's booking", async () => {
    const customer = await seedCustomer(t, "11:00");
    await settled(customer);
    const stranger = await signUpCustomer(t);
    const theirs = await stranger.request(
      `/api/bookings/${customer.bookingId}/reschedule`,
      post({ start: seedStart("13:00") }),
    );
    expect(theirs.status).toBe(404);
    clock = new Date(`${SEED_DAY}T08:30:00+05:30`);
    try {
      const late = await customer.request(
        `/api/bookings/${customer.bookingId}/reschedule`,
        post({ start: seedStart("17:00") }),
      );
      expect(late.status).toBe(409);
      expect(apiErrorSchema.parse(await late.json()).error.code).toBe("not_reschedulable");
      expect((await settled(customer)).reschedulable).toBe(false);
    } finally {
      clock = SEED_NOW;
    }
  });
});

describe("booking again", () => {
  it("puts a booking's services and options back in its customer's cart, and nobody else's", async () => {
    const customer = await seedCustomer(t, "13:00");
    await settled(customer);
    // seedCustomer leaves 2 of the same option in the cart; booking again adds the booked 1.
    const again = await customer.request(`/api/bookings/${customer.bookingId}/book-again`, post());
    expect(again.status).toBe(200);
    const { cart, leftOut } = mergeResultSchema.parse(await again.json());
    expect(leftOut).toEqual([]);
    expect(cart.items.map((item) => [item.service, item.option, item.quantity])).toEqual([
      ["plumber", "drain-blockage", 3],
    ]);
    const stranger = await signUpCustomer(t);
    expect((await stranger.request(`/api/bookings/${customer.bookingId}/book-again`, post())).status).toBe(404);
    expect((await t.request(`/api/bookings/${customer.bookingId}/book-again`, post())).status).toBe(401);
    const operator = await signInAsOperator(t);
    expect((await operator.request(`/api/bookings/${customer.bookingId}/book-again`, post())).status).toBe(403);
    const mateId = await mateOfJob(customer.bookingId);
    const mate = await signInAsMate(t, mateId ?? "");
    expect((await mate.request(`/api/bookings/${customer.bookingId}/book-again`, post())).status).toBe(403);
  });
});

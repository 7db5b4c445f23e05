import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingListSchema, bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { addAddress, at, book, fillCart, settled } from "#testing/booking-requests.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import { MANY_SIGN_UPS, SEED_NOW as NOW, SEED_DAY as TOMORROW } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { jobs } from "./schema.ts";

/** The customer's own bookings: theirs alone, cancelled in time, following the mate's day. */
let t: TestApp;
/** The app's clock: 8:00 AM in Mumbai, until a mate's day begins. */
let clock = NOW;
beforeEach(() => {
  clock = NOW;
});
beforeAll(async () => {
  // Many customers sign up from one address here: lift the per-address sign-up limit.
  t = await createTestApp({ now: () => clock, authLimits: MANY_SIGN_UPS });
});
afterAll(() => t.close());

describe("the customer's bookings", () => {
  it("are theirs alone, cancellable until 3 hours before, and follow the mate's progress", async () => {
    const customer = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const address = await addAddress(customer);
    await fillCart(customer, "electrician", "light-fitting");
    const soon = bookingResponseSchema.parse(
      await (await book(customer, address.id, at("2026-11-23", "10:30"))).json(),
    ).booking;
    await fillCart(customer, "carpenter", "door-lock-installation");
    const later = bookingResponseSchema.parse(
      await (await book(customer, address.id, at(TOMORROW, "10:30"))).json(),
    ).booking;
    await settled(t, customer, soon.id);
    await settled(t, customer, later.id);

    expect((await other.request(`/api/bookings/${soon.id}`)).status).toBe(404);
    expect((await other.request(`/api/bookings/${soon.id}/cancel`, post({}))).status).toBe(404);
    expect(bookingListSchema.parse(await (await other.request("/api/bookings")).json()).upcoming).toEqual([]);

    // 10:30 AM today is 2.5 hours away: too late to cancel online.
    const tooLate = await customer.request(`/api/bookings/${soon.id}/cancel`, post({}));
    expect(tooLate.status).toBe(409);
    expect((await errorOf(tooLate)).message).toMatch(/until 3 hours before the start/);
    const cancelled = bookingResponseSchema.parse(
      await (await customer.request(`/api/bookings/${later.id}/cancel`, post({}))).json(),
    );
    expect(cancelled.booking.status).toBe("cancelled");
    expect(await t.database.db.select().from(mateBusy).where(eq(mateBusy.bookingId, later.id))).toEqual([]);

    // The mate of the soon one steps through the day on the mate app's API; the customer follows.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, soon.id));
    const mate = await signInAsMate(t, job?.mateId ?? "");
    const step = (path: string, body: object = {}) => mate.request(`/api/mate/jobs/${job?.id}/${path}`, post(body));
    // Until 2 hours before the start the mate cannot set off; from then on the steps follow.
    const tooEarly = await step("on-the-way");
    expect(tooEarly.status).toBe(409);
    expect(await errorOf(tooEarly)).toMatchObject({ code: "too_early" });
    clock = setOffFrom(new Date(soon.start));
    expect((await step("on-the-way")).status).toBe(200);
    expect((await step("complete")).status).toBe(409);
    expect((await step("arrive")).status).toBe(200);
    const code = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${soon.id}`)).json()).booking
      .startCode;
    expect(code).toMatch(/^\d{4}$/);
    expect((await step("start", { code })).status).toBe(200);
    expect((await step("complete")).status).toBe(200);
    const list = bookingListSchema.parse(await (await customer.request("/api/bookings")).json());
    expect(list.upcoming).toEqual([]);
    // The cancelled one is later than the completed one, yet it is not "past": it has a list of its own.
    expect(list.past.map((b) => [b.id, b.status])).toEqual([[soon.id, "completed"]]);
    expect(list.cancelled.map((b) => [b.id, b.status])).toEqual([[later.id, "cancelled"]]);
  });
});

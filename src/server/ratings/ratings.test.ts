import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { catalogueSchema } from "#domain/catalogue.ts";
import { mateJobSchema } from "#domain/mate-app.ts";
import { mateRatingsSchema, opsReviewListSchema, reviewPageSchema } from "#domain/rating.ts";
import { jobs } from "#server/bookings/schema.ts";
import { mates } from "#server/mates/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import { invoices } from "#server/payments/schema.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { post } from "#testing/requests.ts";
import {
  completedBooking,
  MANY_SIGN_UPS,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
  settledBooking,
} from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";
import { ratings } from "./schema.ts";

/** Issue 18's API proofs of ratings and reviews: whose booking, once, the 7-day window, tips, reviews. */
// Each test books the seeded day afresh; the first one moves the clock a week on, and it is back before the next.
const clock = handMovedClock(SEED_NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, authLimits: MANY_SIGN_UPS });
});
afterAll(() => t.close());

const later = (minutes: number) => clock.moveTo(new Date(clock.now().getTime() + minutes * 60_000));
const put = (body: unknown) => ({ method: "PUT", body: JSON.stringify(body) });
const rate = (customer: SeededCustomer, body: unknown) =>
  customer.request(`/api/bookings/${customer.bookingId}/rating`, put(body));
async function bookingOf(response: Response): Promise<Booking> {
  expect(response.status, await response.clone().text()).toBe(200);
  return bookingResponseSchema.parse(await response.json()).booking;
}
async function refusal(response: Response) {
  return { status: response.status, ...apiErrorSchema.parse(await response.json()).error };
}

describe("rating a booking", () => {
  it("comes after the work, once per booking, changeable for 7 days, with a tip on the bill while it is open", async () => {
    const customer = await seedCustomer(t, "09:00");
    await settledBooking(t, customer);
    expect(await refusal(await rate(customer, { stars: 5 }))).toMatchObject({ status: 409, code: "not_completed" });

    const { jobId, mate } = await completedBooking(t, customer, clock.moveTo);
    const rated = await bookingOf(
      await rate(customer, { stars: 5, tags: ["on_time", "polite"], comment: "Fixed the drain fast", tipRupees: 100 }),
    );
    expect(rated.rating.rating).toMatchObject({ stars: 5, tags: ["on_time", "polite"], tipRupees: 100, hidden: false });
    expect(rated.rating.openUntil).toBe(new Date(clock.now().getTime() + 7 * 86_400_000).toISOString());
    expect(rated.jobs[0]?.tipRupees).toBe(100);
    const bill = rated.billRupees;
    const mateJob = async () =>
      mateJobSchema.parse(((await (await mate.request(`/api/mate/jobs/${jobId}`)).json()) as { job: unknown }).job);
    expect((await mateJob()).toCollectRupees).toBe(bill + 100);

    later(60);
    const changed = await bookingOf(await rate(customer, { stars: 4, tags: ["quality"], tipRupees: 50 }));
    expect(changed.rating.rating).toMatchObject({ stars: 4, tags: ["quality"], comment: "", tipRupees: 50 });
    expect(changed.history.map((entry) => entry.label)).toEqual(expect.arrayContaining(["Rated", "Rating changed"]));
    expect(await t.database.db.select().from(ratings).where(eq(ratings.bookingId, customer.bookingId))).toHaveLength(1);

    // The mate collects the bill and the tip; the invoice is of the service alone.
    expect((await mate.request(`/api/mate/jobs/${jobId}/collect`, post({ method: "cash" }))).status).toBe(200);
    expect(await mateJob()).toMatchObject({ status: "paid", collectedRupees: bill + 50 });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.jobId, jobId));
    expect(invoice?.content).toMatchObject({ totals: { totalPaise: bill * 100 }, paidBy: "Cash to the mate" });

    expect(await refusal(await rate(customer, { stars: 4, tipRupees: 200 }))).toMatchObject({
      status: 409,
      code: "tip_closed",
    });
    expect((await bookingOf(await rate(customer, { stars: 3, tipRupees: 50 }))).rating.tipOpen).toBe(false);

    later(7 * 24 * 60);
    expect(await refusal(await rate(customer, { stars: 1 }))).toMatchObject({
      status: 409,
      code: "rating_closed",
      message: "A booking can be rated, and its rating changed, for 7 days after the work is done.",
    });
    const closed = await bookingOf(await customer.request(`/api/bookings/${customer.bookingId}`));
    expect(closed.rating).toMatchObject({ rating: { stars: 3 }, openUntil: null, tipOpen: false });
  });

  it("is the booking's customer's alone, and checks every field", async () => {
    const customer = await seedCustomer(t, "10:00");
    const { mate } = await completedBooking(t, customer, clock.moveTo);
    const stranger = await signUpCustomer(t);
    expect((await stranger.request(`/api/bookings/${customer.bookingId}/rating`, put({ stars: 5 }))).status).toBe(404);
    expect((await mate.request(`/api/bookings/${customer.bookingId}/rating`, put({ stars: 5 }))).status).toBe(403);
    const operator = await signInAsOperator(t);
    expect((await operator.request(`/api/bookings/${customer.bookingId}/rating`, put({ stars: 5 }))).status).toBe(403);
    expect((await t.request(`/api/bookings/${customer.bookingId}/rating`, put({ stars: 5 }))).status).toBe(401);
    for (const body of [
      {},
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      { stars: 5, tags: ["rude"] },
      { stars: 5, tags: ["polite", "polite"] },
      { stars: 5, comment: "x".repeat(501) },
      { stars: 5, tipRupees: -1 },
      { stars: 5, tipRupees: 2001 },
      { stars: 5, tipRupees: 10.5 },
      { stars: 5, extra: true },
    ]) {
      expect((await refusal(await rate(customer, body))).status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.database.db.select().from(ratings).where(eq(ratings.bookingId, customer.bookingId))).toEqual([]);
  });
});

describe("what ratings make", () => {
  it("a mate's rating from three on, their own list without names, reviews on the service's page, hidden by an operator", async () => {
    const rated: { customer: SeededCustomer; mateId: string }[] = [];
    for (const [slot, stars, comment] of [
      ["13:00", 5, "Spotless work"],
      ["15:00", 4, "Good, a little late"],
      ["17:00", 1, "Abusive words here"],
    ] as const) {
      const customer = await seedCustomer(t, slot);
      const { mateId } = await completedBooking(t, customer, clock.moveTo);
      await bookingOf(await rate(customer, { stars, comment }));
      rated.push({ customer, mateId });
      later(1);
    }
    const mateId = rated[0]?.mateId ?? "";
    expect(rated.every((entry) => entry.mateId === mateId)).toBe(true);
    const mateRow = async () => (await t.database.db.select().from(mates).where(eq(mates.id, mateId)))[0];
    const ownBefore = (await mateRow())?.ratingBefore ?? null;
    // Earlier tests rated this mate too: what counts is every visible rating of theirs.
    const counted = await t.database.db
      .select({ stars: ratings.stars })
      .from(ratings)
      .innerJoin(jobs, eq(jobs.bookingId, ratings.bookingId))
      .where(eq(jobs.mateId, mateId));
    const average = counted.reduce((sum, row) => sum + row.stars, 0) / counted.length;
    expect((await mateRow())?.rating).toBeCloseTo(average, 5);

    const mate = await signInAsMate(t, mateId);
    const own = await mate.request("/api/mate/ratings");
    const text = await own.clone().text();
    const list = mateRatingsSchema.parse(await own.json());
    expect(list.count).toBe(counted.length);
    expect(list.fromRatings).toBe(true);
    expect(list.ratings[0]).toMatchObject({ stars: 1, comment: "Abusive words here", serviceTitle: "Plumber" });
    for (const { customer } of rated) {
      expect(text).not.toContain(customer.marker);
      expect(text).not.toContain("Seeded");
    }

    const reviews = async (query = "") => {
      const response = await t.request(`/api/services/plumber/reviews${query}`);
      expect(response.status).toBe(200);
      return reviewPageSchema.parse(await response.json());
    };
    const page = await reviews();
    expect(page.summary?.count).toBe(counted.length);
    expect(page.reviews[0]).toEqual({
      stars: 1,
      tags: [],
      comment: "Abusive words here",
      name: "Seeded",
      locality: "Kandivali West",
      at: expect.any(String),
      verified: true,
    });
    expect(JSON.stringify(page)).not.toContain(rated[2]?.customer.marker);

    const operator = await signInAsOperator(t);
    const abusive = rated[2]?.customer.bookingId ?? "";
    expect((await operator.request(`/api/ops/reviews/${abusive}/hide`, post({ reason: "" }))).status).toBe(400);
    const hidden = await operator.request(`/api/ops/reviews/${abusive}/hide`, post({ reason: "Abusive language" }));
    expect(hidden.status).toBe(200);
    const console = opsReviewListSchema.parse(await hidden.json());
    expect(console.reviews.find((review) => review.bookingId === abusive)?.hidden).toMatchObject({
      reason: "Abusive language",
    });
    expect((await operator.request(`/api/ops/reviews/${abusive}/hide`, post({ reason: "Again" }))).status).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, abusive));
    expect(audit.find((entry) => entry.action === "review.hide")).toMatchObject({ reason: "Abusive language" });

    const after = await reviews();
    expect(after.summary?.count).toBe(counted.length - 1);
    expect(after.reviews.map((review) => review.comment)).not.toContain("Abusive words here");
    const visible = counted.length - 1;
    const expected = visible >= 3 ? (counted.reduce((sum, row) => sum + row.stars, 0) - 1) / visible : ownBefore;
    expect((await mateRow())?.rating ?? null).toBeCloseTo(expected ?? 0, 5);
    expect((await mate.request("/api/mate/ratings").then((r) => r.json())) as { count: number }).toMatchObject({
      count: visible,
    });
    // The customer cannot change a hidden review.
    expect(await refusal(await rate(rated[2]?.customer as SeededCustomer, { stars: 2 }))).toMatchObject({
      code: "rating_hidden",
    });

    // The catalogue carries the average within a second of the change.
    await expect
      .poll(
        async () =>
          catalogueSchema
            .parse(await (await t.request("/api/services")).json())
            .groups.flatMap((group) => group.services)
            .find((service) => service.name === "plumber")?.reviews,
        { timeout: 3000, interval: 200 },
      )
      .toEqual(after.summary);

    for (const role of [mate, operator]) {
      expect((await role.request("/api/services/plumber/reviews")).status).toBe(200);
    }
    expect((await t.request("/api/services/no-such-service/reviews")).status).toBe(404);
    expect((await t.request("/api/services/plumber/reviews?page=0")).status).toBe(400);
    expect((await reviews("?page=9")).reviews).toEqual([]);
    expect((await rated[0]?.customer.request("/api/ops/reviews"))?.status).toBe(403);
    expect((await mate.request(`/api/ops/reviews/${abusive}/show`, post({ reason: "mine" }))).status).toBe(403);
    expect((await rated[0]?.customer.request("/api/mate/ratings"))?.status).toBe(403);

    // A year on, the ratings leave the window on their own day: the rating the mate had stands again.
    later(366 * 24 * 60);
    await t.queue.runDue();
    expect((await mateRow())?.rating ?? null).toBe(ownBefore);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { mateJobResponseSchema } from "#domain/mate-app.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { signInAsMate } from "#testing/mates.ts";
import { post } from "#testing/requests.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer, seedStart } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { jobs } from "./schema.ts";

/** The booking's timed work runs on the durable queue, by the clock of the rules. */
let clock = SEED_NOW;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
  });
});
afterAll(() => t.close());

async function assigned(customer: SeededCustomer, id: string): Promise<Booking> {
  for (;;) {
    await t.queue.runDue();
    const { booking } = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${id}`)).json());
    if (booking.status !== "finding") return booking;
  }
}

async function jobOf(bookingId: string) {
  const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, bookingId));
  if (!job?.mateId) throw new Error("the booking has no mate");
  return job;
}

describe("timed transitions on the queue", () => {
  it("flag a job at risk 30 minutes before its start, and close one left in progress 12 hours past its end", async () => {
    clock = SEED_NOW;
    const customer = await seedCustomer(t, "11:00");
    const booking = await assigned(customer, customer.bookingId);
    const job = await jobOf(booking.id);
    const mate = await signInAsMate(t, job.mateId ?? "");
    const view = async () =>
      mateJobResponseSchema.parse(await (await mate.request(`/api/mate/jobs/${job.id}`)).json()).job;

    clock = new Date(Date.parse(seedStart("11:00")) - 31 * 60_000);
    await t.queue.runDue();
    expect((await view()).atRisk).toBe(false);
    clock = new Date(Date.parse(seedStart("11:00")) - 29 * 60_000);
    await t.queue.runDue();
    expect((await view()).atRisk).toBe(true);
    expect((await view()).history.map((entry) => entry.action)).toContain("at_risk");

    for (const step of ["on-the-way", "arrive"]) {
      expect((await mate.request(`/api/mate/jobs/${job.id}/${step}`, post())).status).toBe(200);
    }
    const code = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${booking.id}`)).json())
      .booking.startCode;
    expect((await mate.request(`/api/mate/jobs/${job.id}/start`, post({ code }))).status).toBe(200);

    clock = new Date(Date.parse(booking.end) + 12 * 3_600_000 - 60_000);
    await t.queue.runDue();
    expect((await view()).status).toBe("in_progress");
    clock = new Date(Date.parse(booking.end) + 12 * 3_600_000 + 60_000);
    await t.queue.runDue();
    const closed = await view();
    expect(closed.status).toBe("completed");
    expect(closed.history.at(-1)).toMatchObject({ action: "complete", actor: "system" });
  });

  it("reassign a released job to the next best free mate, never back to the one who released it", async () => {
    clock = SEED_NOW;
    const customer = await seedCustomer(t, "15:00");
    const booking = await assigned(customer, customer.bookingId);
    const first = await jobOf(booking.id);
    const mate = await signInAsMate(t, first.mateId ?? "");
    const released = await mate.request(
      `/api/mate/jobs/${first.id}/release`,
      post({ reason: "My scooter broke down" }),
    );
    expect(released.status).toBe(200);
    expect((await mate.request(`/api/mate/jobs/${first.id}`)).status).toBe(404);
    const again = await assigned(customer, booking.id);
    const second = await jobOf(booking.id);
    expect(again.status).toBe("assigned");
    expect(second.mateId).not.toBe(first.mateId);
    expect(again.history.map((entry) => entry.action)).toEqual(["place", "assign", "release", "assign"]);
  });
});

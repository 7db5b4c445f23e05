import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { mateJobResponseSchema } from "#domain/mate-app.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { mateBusy, mates } from "#server/mates/schema.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { bookingHistory, jobs } from "./schema.ts";

/** Issue 14's API proofs of the job's life: whose job it is, the start code, races, cancellation. */
let t: TestApp;
/** The app's clock: each test starts the day before its bookings and moves on to set off. */
let clock = SEED_NOW;
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
  });
});
afterAll(() => t.close());
beforeEach(() => {
  clock = SEED_NOW;
});

async function bookingOf(customer: SeededCustomer): Promise<Booking> {
  for (;;) {
    const response = await customer.request(`/api/bookings/${customer.bookingId}`);
    const { booking } = bookingResponseSchema.parse(await response.json());
    if (booking.status !== "finding") return booking;
    await t.queue.runDue();
  }
}

/** A customer's booking (plumbing, tomorrow) with its mate signed in. */
async function bookedJob(slot: string) {
  const customer = await seedCustomer(t, slot);
  const booking = await bookingOf(customer);
  const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
  if (!job?.mateId) throw new Error("no mate was assigned");
  const mate = await signInAsMate(t, job.mateId);
  const step = (path: string, body: unknown = {}) => mate.request(`/api/mate/jobs/${job.id}/${path}`, post(body));
  /** The clock moves on to the set-off window's opening (2 hours before the start), when the day's steps may begin. */
  const setOffTime = () => {
    clock = setOffFrom(new Date(booking.start));
  };
  return { customer, booking, job, mate, step, setOffTime };
}

describe("a mate's jobs", () => {
  it("are theirs alone: another mate gets a 404 on the job and on every step", async () => {
    const { job } = await bookedJob("09:00");
    const [other] = await t.database.db.select().from(mates).where(eq(mates.id, "mate-001"));
    expect(other?.id).not.toBe(job.mateId);
    const stranger = await signInAsMate(t, "mate-001");
    expect((await stranger.request(`/api/mate/jobs/${job.id}`)).status).toBe(404);
    for (const path of ["on-the-way", "arrive", "complete"]) {
      expect((await stranger.request(`/api/mate/jobs/${job.id}/${path}`, post())).status).toBe(404);
    }
    expect((await stranger.request(`/api/mate/jobs/${job.id}/start`, post({ code: "1234" }))).status).toBe(404);
    expect(
      (await stranger.request(`/api/mate/jobs/${job.id}/extras`, post({ description: "Tap", priceRupees: 99 }))).status,
    ).toBe(404);
    const list = (await (await stranger.request("/api/mate/jobs")).json()) as { upcoming: { id: string }[] };
    expect(list.upcoming.map((entry) => entry.id)).not.toContain(job.id);
  });

  it("show the full address and the customer's phone only from on the way until completion", async () => {
    const { customer, job, mate, step, setOffTime } = await bookedJob("12:00");
    const view = async () =>
      mateJobResponseSchema.parse(await (await mate.request(`/api/mate/jobs/${job.id}`)).json()).job;
    const before = await view();
    expect(before.address).toBeUndefined();
    expect(before.customerPhone).toBeUndefined();
    expect(JSON.stringify(before)).not.toContain(customer.marker);
    setOffTime();
    expect((await step("on-the-way")).status).toBe(200);
    expect((await view()).address?.flat).toBe(`Flat ${customer.marker}`);
    expect((await view()).customerPhone).toBe("9820012345");
    expect((await step("on-the-way")).status).toBe(409);
    expect((await step("arrive")).status).toBe(200);
    const code = (await bookingOf(customer)).startCode;
    expect((await step("start", { code })).status).toBe(200);
    expect((await step("complete")).status).toBe(200);
    const after = await view();
    expect(after.address).toBeUndefined();
    expect(after.customerPhone).toBeUndefined();
  });
});

describe("the set-off window", () => {
  it("refuses setting off before 2 hours ahead of the start with a 409 that says from when, and lets the steps follow from then", async () => {
    const { customer, job, mate, step } = await bookedJob("11:30");
    const view = async () =>
      mateJobResponseSchema.parse(await (await mate.request(`/api/mate/jobs/${job.id}`)).json()).job;
    // The job starts at 11:30 AM on Tue 24 Nov; the mate may set off from 9:30 AM.
    expect((await view()).setOffFrom).toBe("2026-11-24T04:00:00.000Z");
    const tooEarly = {
      code: "too_early",
      message: "It is too early for this job: you can set off from Tue, 24 Nov, 9:30 AM, 2 hours before its start.",
    };
    const early = await step("on-the-way");
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toEqual(tooEarly);
    // A minute before the window opens, the same day: the time alone.
    clock = new Date("2026-11-24T03:59:00Z");
    const minuteEarly = await step("on-the-way");
    expect(minuteEarly.status).toBe(409);
    expect((await errorOf(minuteEarly)).message).toBe(
      "It is too early for this job: you can set off from 9:30 AM, 2 hours before its start.",
    );
    expect((await view()).status).toBe("assigned");
    expect((await bookingOf(customer)).status).toBe("assigned");
    // From the window's opening on, the steps of the day follow one another.
    clock = new Date("2026-11-24T04:00:00Z");
    expect((await step("on-the-way")).status).toBe(200);
    expect((await step("arrive")).status).toBe(200);
    const code = (await bookingOf(customer)).startCode;
    expect((await step("start", { code })).status).toBe(200);
    expect((await view()).status).toBe("in_progress");
  });

  it("holds for arriving and starting too, when the window was narrowed after the mate set off", async () => {
    const { customer, job, mate: signedIn, step, setOffTime } = await bookedJob("15:00");
    setOffTime();
    expect((await step("on-the-way")).status).toBe(200);
    // Another instance of the app, over the same database, with a window of 30 minutes.
    const narrow = await createTestApp({
      database: t.database,
      now: () => clock,
      env: { SET_OFF_WINDOW_MINUTES: "30" },
      authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
    });
    try {
      // The same mate's session, on the other instance.
      const mate = {
        request: (path: string, init: RequestInit) =>
          narrow.request(path, { ...init, headers: { cookie: signedIn.cookie } }),
      };
      const early = await mate.request(`/api/mate/jobs/${job.id}/arrive`, post());
      expect(early.status).toBe(409);
      expect(await errorOf(early)).toEqual({
        code: "too_early",
        message: "It is too early for this job: you can set off from 2:30 PM, 30 minutes before its start.",
      });
      clock = new Date("2026-11-24T09:00:00Z"); // 2:30 PM in Mumbai
      expect((await mate.request(`/api/mate/jobs/${job.id}/arrive`, post())).status).toBe(200);
      const code = (await bookingOf(customer)).startCode;
      expect((await mate.request(`/api/mate/jobs/${job.id}/start`, post({ code }))).status).toBe(200);
    } finally {
      await narrow.close();
    }
  });
});

describe("the start code", () => {
  it("refuses a wrong code, locks after 5, and an operator unlocks it", async () => {
    const { customer, booking, step, setOffTime } = await bookedJob("13:00");
    setOffTime();
    await step("on-the-way");
    await step("arrive");
    const right = (await bookingOf(customer)).startCode ?? "";
    const wrong = right === "0000" ? "1111" : "0000";
    for (let i = 1; i <= 4; i++) {
      const response = await step("start", { code: wrong });
      expect(response.status, `try ${i}`).toBe(400);
      expect((await errorOf(response)).code).toBe("wrong_start_code");
    }
    expect((await step("start", { code: wrong })).status).toBe(423);
    expect((await bookingOf(customer)).startCodeLocked).toBe(true);
    const stillLocked = await step("start", { code: right });
    expect(stillLocked.status).toBe(423);

    expect((await customer.request(`/api/ops/bookings/${booking.id}/unlock-start-code`, post())).status).toBe(403);
    const operator = await signInAsOperator(t);
    expect((await operator.request(`/api/ops/bookings/${booking.id}/unlock-start-code`, post())).status).toBe(200);
    expect((await bookingOf(customer)).startCodeLocked).toBe(false);
    expect((await step("start", { code: right })).status).toBe(200);
    const started = await bookingOf(customer);
    expect(started.startCode).toBeUndefined();
    expect(started.history.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["start_code_wrong", "start_code_locked", "start_code_unlocked", "start"]),
    );
  });
});

describe("races", () => {
  it("two concurrent completes make one: one answer 200, the other 409, one history entry, one job counted", async () => {
    const { customer, job, step, setOffTime } = await bookedJob("14:00");
    setOffTime();
    await step("on-the-way");
    await step("arrive");
    await step("start", { code: (await bookingOf(customer)).startCode });
    const [before] = await t.database.db
      .select()
      .from(mates)
      .where(eq(mates.id, job.mateId ?? ""));
    const answers = await Promise.all([step("complete"), step("complete")]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const completes = await t.database.db.select().from(bookingHistory).where(eq(bookingHistory.jobId, job.id));
    expect(completes.filter((entry) => entry.action === "complete")).toHaveLength(1);
    const [after] = await t.database.db
      .select()
      .from(mates)
      .where(eq(mates.id, job.mateId ?? ""));
    expect((after?.jobsDone ?? 0) - (before?.jobsDone ?? 0)).toBe(1);
  });
});

describe("extras and the bill", () => {
  it("bill only what the customer approved; completing waits for an answer; collecting records the method", async () => {
    const { customer, job, mate, step, setOffTime } = await bookedJob("16:00");
    expect((await step("extras", { description: "Too early", priceRupees: 100 })).status).toBe(409);
    setOffTime();
    await step("on-the-way");
    await step("arrive");
    await step("start", { code: (await bookingOf(customer)).startCode });
    expect((await step("extras", { description: "Second basin", priceRupees: 249 })).status).toBe(201);
    expect((await step("extras", { description: "New trap", priceRupees: 180 })).status).toBe(201);
    expect((await step("extras", { description: "Free?", priceRupees: 0 })).status).toBe(400);
    expect((await step("complete")).status).toBe(409);
    const [first, second] = (await bookingOf(customer)).jobs[0]?.extras ?? [];
    const answer = (id: string | undefined, approve: boolean) =>
      customer.request(`/api/bookings/${customer.bookingId}/extras/${id}`, post({ approve }));
    expect((await answer(first?.id, true)).status).toBe(200);
    expect((await answer(second?.id, false)).status).toBe(200);
    expect((await answer(second?.id, true)).status).toBe(409);
    expect((await step("complete")).status).toBe(200);
    expect((await step("collect", { method: "cash" })).status).toBe(200);
    const done = await bookingOf(customer);
    expect(done.status).toBe("completed");
    expect(done.billRupees).toBe(done.totalRupees + 249);
    const view = mateJobResponseSchema.parse(await (await mate.request(`/api/mate/jobs/${job.id}`)).json()).job;
    expect(view).toMatchObject({ status: "paid", collectedMethod: "cash", collectedRupees: done.totalRupees + 249 });
  });
});

describe("cancelling", () => {
  it("once the mate is on the way costs the visiting charge and frees the mate; once work started it is refused", async () => {
    const { customer, booking, step, setOffTime } = await bookedJob("17:00");
    setOffTime();
    expect((await step("on-the-way")).status).toBe(200);
    const listed = await bookingOf(customer);
    expect(listed).toMatchObject({ cancellable: true, cancelChargeRupees: 99 });
    // The customer confirmed while it was still free: nothing is cancelled, and they are told the cost.
    const stale = await customer.request(`/api/bookings/${booking.id}/cancel`, post({ chargeRupees: 0 }));
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({
      code: "cancel_charge_changed",
      message: expect.stringMatching(/costs the visiting charge of ₹99\. Nothing was cancelled/),
    });
    expect(await bookingOf(customer)).toMatchObject({ status: "on_the_way" });
    const cancelled = bookingResponseSchema.parse(
      await (await customer.request(`/api/bookings/${booking.id}/cancel`, post({ chargeRupees: 99 }))).json(),
    ).booking;
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationChargeRupees: 99, billRupees: 99 });
    expect(await t.database.db.select().from(mateBusy).where(eq(mateBusy.bookingId, booking.id))).toEqual([]);
    expect((await step("arrive")).status).toBe(409);

    const later = await bookedJob("18:00");
    later.setOffTime();
    await later.step("on-the-way");
    await later.step("arrive");
    await later.step("start", { code: (await bookingOf(later.customer)).startCode });
    const refused = await later.customer.request(`/api/bookings/${later.booking.id}/cancel`, post());
    expect(refused.status).toBe(409);
  });
});

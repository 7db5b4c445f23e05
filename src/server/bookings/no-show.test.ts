import { and, arrayContains, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { caseResponseSchema, deskCaseSchema } from "#domain/help-api.ts";
import { assignCandidatesSchema, opsMateResponseSchema } from "#domain/ops.ts";
import { balanceOf, grantCredit, spendCredit } from "#server/credit/ledger.ts";
import { mates } from "#server/mates/schema.ts";
import { notifications } from "#server/notifications/schema.ts";
import { refunds } from "#server/payments/schema.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { errorOf, post } from "#testing/requests.ts";
import { type SeededCustomer, seedCustomer, seedStart } from "#testing/seeded-customer.ts";
import { bookingHistory, jobs } from "./schema.ts";

/**
 * The no-show rescue (record 059) through the API, over PGlite: the queue's offer 15 minutes after
 * the start, another mate now (or nobody free, and nothing lost), a free cancellation with its
 * refund and credit, and every refusal: a mate who arrived, another customer, other roles, two taps.
 */
const paying = razorpayTestApp();
const { assigned, bookingOf, checkout, clock, settle, verify } = paying;
const minutes = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000);

async function mateOfJob(bookingId: string) {
  const [job] = await paying.t.database.db.select().from(jobs).where(eq(jobs.bookingId, bookingId));
  if (!job?.mateId) throw new Error("no mate");
  return { job, mate: await signInAsMate(paying.t, job.mateId), mateId: job.mateId };
}

/** A booking at `slot`, assigned, with the clock moved 16 minutes past its start and the queue run. */
async function offered(slot: string, options: { paymentMethod?: "online" } = {}) {
  const customer = await seedCustomer(paying.t, slot, options);
  const booking = await assigned(customer);
  clock.moveTo(minutes(seedStart(slot), 16));
  await paying.t.queue.runDue();
  return { customer, booking };
}

/**
 * Every plumber with an account before a rescue: the queue's worker plans the new mate's notice as
 * soon as the rescue commits, and a mate without an account then is not told. Whoever the rescue
 * picks, the test's sign-in later reuses the account made here.
 */
async function plumbersSignedIn() {
  const plumbers = await paying.t.database.db
    .select({ id: mates.id })
    .from(mates)
    .where(arrayContains(mates.skills, ["plumber"]));
  for (const { id } of plumbers) await signInAsMate(paying.t, id);
}

const tap = (customer: SeededCustomer, choice: "another-mate" | "cancel") =>
  customer.request(`/api/bookings/${customer.bookingId}/no-show/${choice}`, post());

async function noticesOf(userId: string, kind: string) {
  return paying.t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

describe("the no-show rescue", () => {
  it("is offered by the queue 15 minutes after the start, once, with a notice to the customer", async () => {
    const customer = await seedCustomer(paying.t, "09:00");
    await assigned(customer);
    clock.moveTo(minutes(seedStart("09:00"), 14));
    await paying.t.queue.runDue();
    expect((await bookingOf(customer)).noShowRescue).toBe(false);
    const early = await tap(customer, "another-mate");
    expect(early.status).toBe(409);
    expect((await errorOf(early)).code).toBe("rescue_not_open");
    clock.moveTo(minutes(seedStart("09:00"), 15));
    await paying.t.queue.runDue();
    await paying.t.queue.runDue();
    const booking = await bookingOf(customer);
    expect(booking.noShowRescue).toBe(true);
    expect(booking.history.filter((entry) => entry.action === "no_show_offered")).toHaveLength(1);
    expect((await noticesOf(customer.id, "no_show_offered")).length).toBeGreaterThan(0);
    expect((await noticesOf(customer.id, "no_show_offered")).filter((n) => n.target === "mail")).toHaveLength(1);
  });

  it("finds another mate free now: the late mate loses the job as a no-show, is told, and the console shows it", async () => {
    const { customer, booking } = await offered("11:00");
    const late = await mateOfJob(booking.id);
    await plumbersSignedIn();
    const response = await tap(customer, "another-mate");
    expect(response.status).toBe(200);
    const { booking: rescued } = bookingResponseSchema.parse(await response.json());
    const now = minutes(seedStart("11:00"), 16);
    expect(rescued).toMatchObject({ status: "assigned", noShowRescue: false, start: now.toISOString() });
    const fresh = await mateOfJob(booking.id);
    expect(fresh.mateId).not.toBe(late.mateId);
    expect(rescued.history.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["no_show_offered", "no_show", "assign"]),
    );
    const [noShow] = await paying.t.database.db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, booking.id), eq(bookingHistory.action, "no_show")));
    expect(noShow).toMatchObject({ actor: "customer", fromStatus: "assigned", details: { mateId: late.mateId } });
    // The late mate's list no longer has it, and they are told; the new mate has it and can come now.
    expect((await late.mate.request(`/api/mate/jobs/${late.job.id}`)).status).toBe(404);
    await paying.t.queue.runDue();
    expect((await noticesOf(late.mate.id, "job_taken")).length).toBeGreaterThan(0);
    expect((await noticesOf(fresh.mate.id, "job_new")).length).toBeGreaterThan(0);
    for (const step of ["on-the-way", "arrive"]) {
      expect((await fresh.mate.request(`/api/mate/jobs/${fresh.job.id}/${step}`, post())).status).toBe(200);
    }
    expect((await bookingOf(customer)).status).toBe("arrived");
    // The operators see it on the late mate's record.
    const operator = await signInAsOperator(paying.t);
    const record = opsMateResponseSchema.parse(
      await (await operator.request(`/api/ops/mates/${late.mateId}`)).json(),
    ).mate;
    expect(record.noShows).toEqual([
      { bookingId: booking.id, jobId: late.job.id, service: "plumber", at: now.toISOString() },
    ]);
    // A case about it: the desk still has the late mate on the booking's record, and can warn them.
    const details = new FormData();
    details.set("details", JSON.stringify({ problem: "late", description: "The first mate never came." }));
    const opened = await customer.request(`/api/bookings/${booking.id}/cases`, { method: "POST", body: details });
    expect(opened.status).toBe(201);
    const helpCase = caseResponseSchema.parse(await opened.json()).case;
    const desk = deskCaseSchema.parse(await (await operator.request(`/api/ops/cases/${helpCase.id}`)).json());
    expect(desk.mates.find((one) => one.id === late.mateId)).toMatchObject({ noShows: 1, jobStatus: "no_show" });
    const warned = await operator.request(
      `/api/ops/cases/${helpCase.id}/warn`,
      post({ mateId: late.mateId, reason: "Did not come to a job.", message: "We have spoken to the mate." }),
    );
    expect(warned.status).toBe(200);
  });

  it("says so when nobody is free now, and keeps the late mate on the job", async () => {
    const { customer, booking } = await offered("18:00");
    const late = await mateOfJob(booking.id);
    // 11 PM: no mate works now.
    clock.moveTo(new Date(`${seedStart("18:00").slice(0, 10)}T23:00:00+05:30`));
    const response = await tap(customer, "another-mate");
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe("no_mate_free");
    expect(error.message).toMatch(/^No other mate is free right now/);
    const kept = await bookingOf(customer);
    expect(kept).toMatchObject({ status: "assigned", noShowRescue: true, start: booking.start });
    expect((await mateOfJob(booking.id)).mateId).toBe(late.mateId);
    expect(kept.history.map((entry) => entry.action)).not.toContain("no_show");
  });

  it("is withdrawn when an operator gives the job to another mate, and comes again if they do not arrive", async () => {
    const { customer, booking } = await offered("10:00");
    const late = await mateOfJob(booking.id);
    const operator = await signInAsOperator(paying.t);
    const { candidates } = assignCandidatesSchema.parse(
      await (await operator.request(`/api/ops/bookings/${booking.id}/jobs/${late.job.id}/candidates`)).json(),
    );
    const chosen = candidates[0]?.id ?? "";
    const given = await operator.request(
      `/api/ops/bookings/${booking.id}/jobs/${late.job.id}/assign`,
      post({ mateId: chosen }),
    );
    expect(given.status).toBe(200);
    // The new mate was only just told: no free cancellation, and nobody marked a no-show.
    expect((await bookingOf(customer)).noShowRescue).toBe(false);
    const early = await tap(customer, "cancel");
    expect(await errorOf(early)).toMatchObject({ code: "rescue_not_open" });
    expect((await mateOfJob(booking.id)).mateId).toBe(chosen);
    // Not come an hour later: the rescue is offered again.
    clock.moveTo(minutes(seedStart("10:00"), 16 + 61));
    await paying.t.queue.runDue();
    expect((await bookingOf(customer)).noShowRescue).toBe(true);
  });

  it("cancels free: no charge, a full refund, the credit spent given back and ₹100 of credit", async () => {
    const customer = await seedCustomer(paying.t, "12:00", { paymentMethod: "online" });
    await assigned(customer);
    const order = await checkout(customer);
    const { result } = await paying.fake.pay(order.orderId, { webhooks: false });
    expect((await verify(customer, result)).status).toBe(200);
    const payment = paying.fake.payments.get(result.razorpay_payment_id);
    if (!payment) throw new Error("the stand-in lost the payment");
    await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment));
    await settle();
    const db = paying.t.database.db;
    // Credit from an earlier resolution, part of it spent on this booking.
    await db.transaction(async (tx) => {
      await grantCredit(
        tx,
        { userId: customer.id, rupees: 50, reason: "Earlier case", who: { actor: "system" } },
        clock.now(),
      );
      await spendCredit(
        tx,
        { userId: customer.id, bookingId: customer.bookingId, wanted: 30, reason: "Spent", who: { actor: "system" } },
        clock.now(),
      );
    });
    const late = await mateOfJob(customer.bookingId);
    clock.moveTo(minutes(seedStart("12:00"), 16));
    await paying.t.queue.runDue();
    const response = await tap(customer, "cancel");
    expect(response.status).toBe(200);
    const { booking } = bookingResponseSchema.parse(await response.json());
    expect(booking).toMatchObject({ status: "cancelled", cancellationChargeRupees: 0, noShowRescue: false });
    expect(booking.history.map((entry) => entry.action)).toEqual(expect.arrayContaining(["no_show", "cancel"]));
    await settle();
    await settle();
    const [refund] = await db.select().from(refunds).where(eq(refunds.bookingId, customer.bookingId));
    expect(refund).toMatchObject({ amountPaise: payment.amount, status: "processed" });
    expect(await balanceOf(db, customer.id, clock.now())).toBe(50 + 100);
    await paying.t.queue.runDue();
    expect((await noticesOf(customer.id, "cancelled")).filter((n) => n.target === "mail")).toHaveLength(1);
    expect((await noticesOf(late.mate.id, "job_taken")).length).toBeGreaterThan(0);
    // A second tap finds it cancelled.
    const again = await tap(customer, "cancel");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("booking_cancelled");
    expect(await balanceOf(db, customer.id, clock.now())).toBe(150);
  });

  it("is refused once a mate has arrived", async () => {
    const { customer, booking } = await offered("13:00");
    const { job, mate } = await mateOfJob(booking.id);
    for (const step of ["on-the-way", "arrive"]) {
      expect((await mate.request(`/api/mate/jobs/${job.id}/${step}`, post())).status).toBe(200);
    }
    expect((await bookingOf(customer)).noShowRescue).toBe(false);
    for (const choice of ["another-mate", "cancel"] as const) {
      const response = await tap(customer, choice);
      expect(response.status).toBe(409);
      expect((await errorOf(response)).code).toBe("mate_arrived");
    }
    expect((await bookingOf(customer)).status).toBe("arrived");
  });

  it("belongs to the booking's customer: another gets a 404, a mate or operator a 403, a visitor a 401", async () => {
    const other = await seedCustomer(paying.t, "15:00");
    const { customer, booking } = await offered("14:00");
    const { mate } = await mateOfJob(booking.id);
    const operator = await signInAsOperator(paying.t);
    for (const choice of ["another-mate", "cancel"]) {
      const path = `/api/bookings/${booking.id}/no-show/${choice}`;
      expect((await other.request(path, post())).status).toBe(404);
      expect((await mate.request(path, post())).status).toBe(403);
      expect((await operator.request(path, post())).status).toBe(403);
      const visitor = await paying.t.request(path, post());
      expect(visitor.status).toBe(401);
      expect((await errorOf(visitor)).code).toBeTruthy();
    }
    expect((await bookingOf(customer)).noShowRescue).toBe(true);
  });

  it("rescues once however many taps come at once", async () => {
    const { customer, booking } = await offered("16:00");
    const late = await mateOfJob(booking.id);
    const answers = await Promise.all([
      tap(customer, "another-mate"),
      tap(customer, "another-mate"),
      tap(customer, "cancel"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const after: Booking = await bookingOf(customer);
    const noShows = after.history.filter((entry) => entry.action === "no_show");
    expect(noShows).toHaveLength(1);
    const assigns = after.history.filter((entry) => entry.action === "assign");
    const cancels = after.history.filter((entry) => entry.action === "cancel");
    // One of the taps won: either another mate (two assignments in all) or the cancellation.
    expect(assigns.length === 2 ? cancels.length : assigns.length).toBe(after.status === "cancelled" ? 1 : 0);
    expect((await mateOfJob(booking.id).catch(() => undefined))?.mateId).not.toBe(late.mateId);
  });
});

import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Booking, bookingListSchema, bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { adjustment } from "#domain/ledger.ts";
import { quarterOf, weekOf } from "#domain/payouts.ts";
import { jobs } from "#server/bookings/schema.ts";
import { post as postToLedger } from "#server/ledger/ledger.ts";
import type { TestCustomer } from "#testing/customers.ts";
import type { FakeRazorpay } from "#testing/fake-razorpay.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { body, ok, openApiWalk, walkApp } from "#testing/openapi-walk.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer, seedStart } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";

/**
 * Real answers match /api/openapi.json: a job from its mate's day to its payment, with the chat, the
 * rating, the free re-work and Razorpay (the walk's other parts: openapi-walk-customer and -console).
 */
let t: TestApp;
let razorpay: FakeRazorpay;
let close: () => Promise<void>;
/** The app's clock: the day before the bookings, until the walk's mate sets off. */
let clock = SEED_NOW;
beforeAll(async () => {
  ({ t, razorpay, close } = await walkApp(() => clock));
});
afterAll(() => close());

/** The customer's booking at that time, once its mate is assigned. */
async function waitForAssignment(customer: SeededCustomer, hhmm: string): Promise<Booking> {
  for (;;) {
    const list = bookingListSchema.parse(await (await customer.request("/api/bookings")).json());
    const booking = list.upcoming.find((entry) => entry.start === seedStart(hhmm));
    if (booking && booking.status !== "finding") return booking;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("real answers match the documented schemas: a job, its chat, rating, re-work and payment", () => {
  let customer: SeededCustomer;

  beforeAll(async () => {
    // An electrician's visit at 16:00, and a cart left empty for the "Pay now" booking below.
    customer = await seedCustomer(t, "16:00", { item: { service: "electrician", option: "switch-socket-repair" } });
    await customer.request(`/api/cart/items/${customer.cartItemId}`, { method: "DELETE" });
  });

  let mate: TestCustomer | undefined;

  it("for a valid request to every operation, and for the errors", async () => {
    const { check, problems, notWalked } = openApiWalk(t, "job", customer);
    // The mate app, as the mate of that booking; the customer answers the extra work.
    const placed = await waitForAssignment(customer, "16:00");
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, placed.id));
    mate = await signInAsMate(t, job?.mateId ?? "");
    const jobPath = `/api/mate/jobs/${job?.id}`;
    await ok(check("GET", "/api/mate/me", {}, mate));
    await ok(check("GET", "/api/mate/jobs", {}, mate));
    await ok(check("GET", jobPath, {}, mate));
    await check("GET", "/api/mate/jobs", {}, "customer");
    await check("GET", "/api/mate/jobs", {}, "visitor");
    const everyDay = Array.from({ length: 7 }, () => ({ from: 360, until: 1260 }));
    await ok(check("PUT", "/api/mate/availability", body({ weeklyHours: everyDay, daysOff: [] }), mate));
    await check("PUT", "/api/mate/availability", body({ weeklyHours: everyDay.slice(1), daysOff: [] }), mate);
    await check("POST", `${jobPath}/on-the-way`, {}, mate); // a day early: refused
    clock = setOffFrom(new Date(placed.start));
    await ok(check("POST", `${jobPath}/on-the-way`, {}, mate));
    await ok(check("POST", `${jobPath}/arrive`, {}, mate));
    await check("POST", `${jobPath}/start`, body({ code: placed.startCode === "0000" ? "1111" : "0000" }), mate);
    await ok(check("POST", `${jobPath}/start`, body({ code: placed.startCode }), mate));
    const extra = await check("POST", `${jobPath}/extras`, body({ description: "Second tap", priceRupees: 149 }), mate);
    const extraId = ((await extra.clone().json()) as { job: { extras: { id: string }[] } }).job.extras[0]?.id;
    await ok(check("POST", `/api/bookings/${placed.id}/extras/${extraId}`, body({ approve: true })));
    await ok(check("POST", `${jobPath}/complete`, {}, mate));
    await ok(check("POST", `${jobPath}/collect`, body({ method: "upi" }), mate));
    await check("POST", `${jobPath}/release`, body({ reason: "Too far away" }), mate);
    await ok(check("GET", "/api/mate/earnings", {}, mate));
    // The mate's weeks, statements and TDS (record 066).
    const week = weekOf(clock);
    const { financialYear, quarter } = quarterOf(clock);
    await ok(check("GET", "/api/mate/earnings/weeks", {}, mate));
    await check("GET", "/api/mate/earnings/weeks?before=soon", {}, mate);
    await ok(check("GET", `/api/mate/earnings/weeks/${week}`, {}, mate));
    await check("GET", "/api/mate/earnings/weeks/2026-13-01", {}, mate);
    await ok(check("GET", `/api/mate/statements/${week}.pdf`, {}, mate));
    await check("GET", "/api/mate/statements/soon.pdf", {}, mate);
    await ok(check("GET", `/api/mate/tds/${financialYear}/Q${quarter}.csv`, {}, mate));
    await check("GET", `/api/mate/tds/${financialYear}/Q9.csv`, {}, mate);
    // A case about the job that Mates support asks its mate about; the mate answers in it.
    const details = new FormData();
    details.set("details", JSON.stringify({ problem: "quality", description: "The second tap still drips." }));
    const opened = await customer.request(`/api/bookings/${placed.id}/cases`, { method: "POST", body: details });
    const caseId = ((await opened.json()) as { case: { id: string } }).case.id;
    const operator = await signInAsOperator(t);
    await ok(
      operator.request(`/api/ops/cases/${caseId}/ask-mate`, { method: "POST", ...body({ message: "Was it?" }) }),
    );
    await ok(check("GET", `${jobPath}/cases`, {}, mate));
    await ok(check("POST", `${jobPath}/cases/${caseId}/messages`, body({ body: "I will check it." }), mate));
    await check("POST", `${jobPath}/cases/${caseId}/messages`, body({ body: "" }), mate);
    await check("POST", `${jobPath}/cases/${crypto.randomUUID()}/messages`, body({ body: "Hello" }), mate);
    // The chat stays open for a day after the job.
    await ok(check("POST", `/api/bookings/${placed.id}/messages`, body({ body: "Thank you, all done" })));
    await check("POST", `/api/bookings/${placed.id}/messages`, body({ body: "" }));
    await ok(check("GET", `/api/bookings/${placed.id}/messages`));
    await ok(check("GET", `${jobPath}/messages`, {}, mate));
    await ok(check("POST", `${jobPath}/messages`, body({ body: "You are welcome" }), mate));
    await ok(check("POST", `${jobPath}/messages/read`, {}, mate));
    await ok(check("POST", `/api/bookings/${placed.id}/messages/read`));
    // Rating the finished job, the mate's own ratings, the service's public reviews.
    await ok(check("PUT", `/api/bookings/${placed.id}/rating`, body({ stars: 5, tags: ["polite"], comment: "Neat" })));
    await check("PUT", `/api/bookings/${placed.id}/rating`, body({ stars: 9 }));
    await check("PUT", `/api/bookings/${placed.id}/rating`, body({ stars: 5 }), mate);
    await ok(check("GET", "/api/mate/ratings", {}, mate));
    await check("GET", "/api/mate/ratings", {}, "customer");
    await ok(check("GET", "/api/services/plumber/reviews?page=1", {}, "visitor"));
    await check("GET", "/api/services/plumber/reviews?page=0", {}, "visitor");
    await check("GET", "/api/services/no-such-service/reviews", {}, "visitor");
    // Free re-work of the finished job, with a photo its mate and the customer can open.
    const reworkForm = (description: string) => {
      const form = new FormData();
      form.set("details", JSON.stringify({ description, start: seedStart("18:00") }));
      form.append("photos", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])]), "tap.jpg");
      return { body: form };
    };
    const reworked = await check("POST", `/api/bookings/${placed.id}/rework`, reworkForm("The switch still sparks."));
    expect(reworked.status, await reworked.clone().text()).toBe(201);
    const photo = bookingResponseSchema.parse(await reworked.clone().json()).booking.rework.of?.photos[0] ?? "";
    await ok(check("GET", photo));
    await check("GET", photo, {}, "visitor");
    await check("POST", `/api/bookings/${placed.id}/rework`, reworkForm("The switch still sparks."));
    await check("POST", `/api/bookings/${placed.id}/rework`, body({ description: "Not a form" }));

    // Payments: the invoice of the job just paid, a "Pay now" booking paid through Checkout, a webhook.
    await ok(check("GET", "/api/payments/options", {}, "visitor"));
    const paidJob = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${placed.id}`)).json());
    const slug = paidJob.booking.payment.invoices[0]?.slug ?? "";
    await ok(check("GET", `/api/invoices/${slug}`));
    await ok(check("GET", `/api/invoices/${slug}/pdf`));
    await check("GET", "/api/invoices/MT-26-27-999999");
    await check("GET", "/api/invoices/not-a-number");
    await customer.request("/api/cart/items", {
      method: "POST",
      ...body({ service: "plumber", option: "drain-blockage", quantity: 1 }),
    });
    const held = await check(
      "POST",
      "/api/bookings",
      body({
        addressId: customer.addressId,
        start: seedStart("18:00"),
        paymentMethod: "online",
        idempotencyKey: "contract-walk-online",
      }),
    );
    const heldId = ((await held.clone().json()) as { booking: { id: string } }).booking.id;
    const order = await check("POST", `/api/bookings/${heldId}/payment`);
    const { orderId } = (await order.clone().json()) as { orderId: string };
    const { result, payment } = await razorpay.pay(orderId, { webhooks: false });
    await check(
      "POST",
      `/api/bookings/${heldId}/payment/verify`,
      body({ ...result, razorpay_signature: "0".repeat(64) }),
    );
    await ok(check("POST", `/api/bookings/${heldId}/payment/verify`, body(result)));
    const event = JSON.stringify({ event: "payment.captured", payload: razorpay.paymentPayload(payment) });
    const signed = (signature: string) => ({
      body: event,
      headers: { "x-razorpay-signature": signature, "x-razorpay-event-id": "evt_contract_walk" },
    });
    const signature = createHmac("sha256", razorpay.webhookSecret).update(event).digest("hex");
    await ok(check("POST", "/api/payments/razorpay/webhook", signed(signature), "visitor"));
    await check("POST", "/api/payments/razorpay/webhook", signed("f".repeat(64)), "visitor");
    // Where the mate is paid, and RazorpayX's payout webhook (a payout of no one here: taken, nothing moves).
    await ok(check("GET", "/api/mate/payout-destination", {}, mate));
    await ok(check("PUT", "/api/mate/payout-destination", body({ kind: "vpa", upiId: "walk.mate@okaxis" }), mate));
    await check("PUT", "/api/mate/payout-destination", body({ kind: "vpa", upiId: "nope" }), mate);
    const payoutEvent = JSON.stringify({
      event: "payout.processed",
      payload: { payout: { entity: { id: "pout_walk", entity: "payout", amount: 10000, status: "processed" } } },
    });
    const payoutSigned = (signature: string) => ({ body: payoutEvent, headers: { "x-razorpay-signature": signature } });
    const payoutSignature = createHmac("sha256", razorpay.x.webhookSecret).update(payoutEvent).digest("hex");
    await ok(check("POST", "/api/payouts/webhook", payoutSigned(payoutSignature), "visitor"));
    await check("POST", "/api/payouts/webhook", payoutSigned("f".repeat(64)), "visitor");

    // The mate's PAN and dues (issue 39): nothing owed is a 409; owing, an order paid through Checkout.
    await ok(check("PUT", "/api/mate/pan", body({ pan: "ABCDE1234F" }), mate));
    await check("PUT", "/api/mate/pan", body({ pan: "ABCDE1234" }), mate);
    await check("POST", "/api/mate/dues/payment", {}, mate);
    const mateId = job?.mateId ?? "";
    await t.database.db.transaction((tx) =>
      postToLedger(
        tx,
        {
          kind: "adjustment",
          key: "walk:dues",
          entries: adjustment(mateId, -50_000),
          mateId,
          who: { actor: "system" },
        },
        clock,
      ),
    );
    const duesOrder = await check("POST", "/api/mate/dues/payment", {}, mate);
    const dues = await razorpay.pay(((await duesOrder.clone().json()) as { orderId: string }).orderId, {
      webhooks: false,
    });
    await check(
      "POST",
      "/api/mate/dues/payment/verify",
      body({ ...dues.result, razorpay_signature: "0".repeat(64) }),
      mate,
    );
    await check("POST", "/api/mate/dues/payment/verify", body({}), mate);
    await ok(check("POST", "/api/mate/dues/payment/verify", body(dues.result), mate));

    expect(problems).toEqual([]);
    expect(notWalked()).toEqual([]);
  });
});

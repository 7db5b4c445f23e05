import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "#server/bookings/schema.ts";
import { grantCredit } from "#server/credit/ledger.ts";
import { refunds } from "#server/payments/schema.ts";
import { addAddress } from "#testing/booking-requests.ts";
import { signUpCustomer } from "#testing/customers.ts";
import * as ledgerBooks from "#testing/ledger-books.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { post } from "#testing/requests.ts";
import { type SeededCustomer, seedCustomer, seedStart } from "#testing/seeded-customer.ts";
import { accountBalance } from "./ledger.ts";
import { postJobEarned } from "./postings.ts";
import { ledgerTransactions } from "./schema.ts";

/**
 * Every money event posts to the ledger in the transaction of its change (record 062): the mate's
 * balance, Mates' commission, TDS, the bank and what customers owe move by exact paise, every
 * transaction balances, and an event seen twice (a repeated webhook, a retried step) posts once.
 */
const paying = razorpayTestApp();
const { assigned, checkout, clock, doTheJob, mateOf, paidBooking, settle, setOffTime, verify } = paying;
const db = () => paying.t.database.db;

const books = (mateId: string) => ledgerBooks.books(db(), mateId);
const moved = (mateId: string, before: Record<string, number>) => ledgerBooks.moved(db(), mateId, before);
const expectAllBalanced = () => ledgerBooks.expectAllBalanced(db());
const mateOfBooking = (bookingId: string) => ledgerBooks.mateOfBooking(db(), bookingId);
const setPan = (mateId: string, pan: string | null) => ledgerBooks.setPan(db(), mateId, pan, clock.now());

describe("postings of money events", () => {
  it("a ₹3,499 deep clean paid now: 20 % commission, 0.1 % TDS with a PAN, posted once", async () => {
    const customer = await seedCustomer(paying.t, "09:00", {
      paymentMethod: "online",
      item: { service: "deep-cleaning", option: "1-bhk" },
    });
    const booking = await assigned(customer);
    const { mateId } = await mateOfBooking(booking.id);
    await setPan(mateId, "ABCDE1234F");
    const before = await books(mateId);
    const { result } = await paying.fake.pay((await checkout(customer)).orderId, { webhooks: false });
    expect((await verify(customer, result)).status).toBe(200);
    const payment = paying.fake.payments.get(result.razorpay_payment_id);
    if (!payment) throw new Error("the stand-in lost the payment");
    // Razorpay says it twice: the payment is posted once.
    await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment));
    await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment));
    await settle();
    expect(await moved(mateId, before)).toEqual({ bank: 349_900, customers: -349_900 });

    const { job, step } = await doTheJob(customer, booking);
    expect(await moved(mateId, before)).toEqual({
      mate: 279_570, // ₹3,499 − ₹699.80 − ₹3.50
      commission: 69_980,
      tds: 350,
      bank: 349_900,
    });
    // The step retried is refused, and the earnings posted again by hand post nothing.
    await expect(step("complete")).rejects.toThrow(/409/);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    if (!row) throw new Error("the job is gone");
    const again = await db().transaction((tx) =>
      postJobEarned(tx, { tdsBp: 10, tdsNoPanBp: 500 }, row, 3499, { actor: "system" }, clock.now()),
    );
    expect(again).toBeUndefined();
    const keys = await db()
      .select({ key: ledgerTransactions.key })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.bookingId, booking.id));
    expect(keys.map((one) => one.key).sort()).toEqual([`job:${job.id}:earned`, expect.stringMatching(/^payment:/)]);
    await setPan(mateId, null);
    await expectAllBalanced();
  });

  it("the same deep clean by a mate without a PAN: 5 % TDS", async () => {
    const customer = await seedCustomer(paying.t, "14:00", {
      paymentMethod: "online",
      item: { service: "deep-cleaning", option: "1-bhk" },
    });
    const booking = await assigned(customer);
    const { mateId } = await mateOfBooking(booking.id);
    await setPan(mateId, null);
    const before = await books(mateId);
    const { result } = await paying.fake.pay((await checkout(customer)).orderId);
    expect((await verify(customer, result)).status).toBe(200);
    await settle();
    await doTheJob(customer, booking);
    expect(await moved(mateId, before)).toEqual({
      mate: 262_425, // ₹3,499 − ₹699.80 − ₹174.95
      commission: 69_980,
      tds: 17_495,
      bank: 349_900,
    });
    await expectAllBalanced();
  });

  it("a prepaid job's approved extra paid online after the job", async () => {
    const { customer, booking } = await paidBooking("19:00");
    const { mateId } = await mateOfBooking(booking.id);
    const before = await books(mateId);
    await doTheJob(customer, booking, 150);
    const order = await checkout(customer);
    expect(order).toMatchObject({ amountPaise: 15_000, purpose: "bill" });
    await paying.fake.pay(order.orderId);
    await settle();
    // ₹599 of work: ₹119.80 commission, ₹29.95 TDS; ₹150 more came in. The ₹449 paid before the
    // work, which the customers' account held as a prepayment, is spent on it.
    expect(await moved(mateId, before)).toEqual({
      mate: 44_925,
      commission: 11_980,
      tds: 2_995,
      bank: 15_000,
      customers: 44_900,
    });
    await expectAllBalanced();
  });

  it("a cash job: the mate holds the bill and owes the commission and TDS", async () => {
    const customer = await seedCustomer(paying.t, "10:00");
    const booking = await assigned(customer);
    const { mateId } = await mateOfBooking(booking.id);
    const before = await books(mateId);
    const { step } = await doTheJob(customer, booking);
    await step("collect", { method: "cash" });
    // Collected twice (a retried step) is refused and posts nothing more.
    await expect(step("collect", { method: "cash" })).rejects.toThrow(/409/);
    expect(await moved(mateId, before)).toEqual({ mate: -11_225, commission: 8_980, tds: 2_245 });
    await expectAllBalanced();
  });

  it("a tip on a bill paid online is the mate's in full", async () => {
    const customer = await seedCustomer(paying.t, "11:00");
    const booking = await assigned(customer);
    const { mateId } = await mateOfBooking(booking.id);
    const before = await books(mateId);
    await doTheJob(customer, booking);
    const rated = await customer.request(`/api/bookings/${booking.id}/rating`, {
      method: "PUT",
      body: JSON.stringify({ stars: 5, tipRupees: 100 }),
    });
    expect(rated.status, await rated.clone().text()).toBe(200);
    const order = await checkout(customer);
    expect(order.amountPaise).toBe(54_900);
    await paying.fake.pay(order.orderId);
    await settle();
    expect(await moved(mateId, before)).toEqual({ mate: 43_675, commission: 8_980, tds: 2_245, bank: 54_900 });
    const tips = await db().select().from(ledgerTransactions).where(like(ledgerTransactions.key, "tip:%"));
    expect(tips.filter((one) => one.bookingId === booking.id)).toHaveLength(1);
    await expectAllBalanced();
  });

  it("a job partly paid with Mates credit: granted, spent, and the rest collected in cash", async () => {
    const customer = await signUpCustomer(paying.t);
    const address = await addAddress(customer);
    const platform = await accountBalance(db(), "platform_cost");
    const credit = await accountBalance(db(), "credit");
    await db().transaction((tx) =>
      grantCredit(tx, { userId: customer.id, rupees: 100, reason: "No-show", who: { actor: "system" } }, clock.now()),
    );
    expect(await accountBalance(db(), "platform_cost")).toBe(platform + 10_000);
    expect(await accountBalance(db(), "credit")).toBe(credit + 10_000);
    await customer.request("/api/cart/items", post({ service: "plumber", option: "drain-blockage", quantity: 1 }));
    const placed = await customer.request(
      "/api/bookings",
      post({
        addressId: address.id,
        start: seedStart("12:00"),
        paymentMethod: "pay_after_service",
        idempotencyKey: "postings-credit",
      }),
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { booking: made } = (await placed.json()) as { booking: { id: string } };
    const as: SeededCustomer = {
      ...customer,
      marker: "",
      addressId: "",
      bookingId: made.id,
      cartItemId: "",
      secrets: [],
    };
    const booking = await assigned(as);
    expect(await accountBalance(db(), "credit")).toBe(credit); // spent on the booking
    const { mateId } = await mateOfBooking(booking.id);
    const before = await books(mateId);
    const { step } = await doTheJob(as, booking);
    await step("collect", { method: "upi" });
    // ₹449 of work, ₹349 of it taken by the mate: they owe ₹112.25 less the ₹100 Mates' credit paid;
    // the credit spent at placement (a prepayment in the customers' account) is used up.
    expect(await moved(mateId, before)).toEqual({ mate: -1_225, commission: 8_980, tds: 2_245, customers: 10_000 });
    await expectAllBalanced();
  });

  it("a cancellation once the mate was on the way: the charge kept is the mate's less commission", async () => {
    const { customer, booking } = await paidBooking("17:00");
    const { mateId } = await mateOfBooking(booking.id);
    const before = await books(mateId);
    const { step } = await mateOf(booking);
    setOffTime(booking);
    await step("on-the-way");
    const cancelled = await customer.request(`/api/bookings/${customer.bookingId}/cancel`, post({ chargeRupees: 99 }));
    expect(cancelled.status).toBe(200);
    await settle();
    // ₹99 kept of ₹449 paid: ₹19.80 commission, ₹4.95 TDS; ₹350 went back; the customer owes nothing.
    expect(await moved(mateId, before)).toEqual({
      mate: 7_425,
      commission: 1_980,
      tds: 495,
      bank: -35_000,
      customers: 44_900,
    });
    await expectAllBalanced();
  });

  it("a booking to be paid after the service, cancelled with the charge, posts nothing: nothing was paid", async () => {
    const customer = await seedCustomer(paying.t, "18:00");
    const booking = await assigned(customer);
    const { mateId } = await mateOfBooking(booking.id);
    const before = await books(mateId);
    const { step } = await mateOf(booking);
    setOffTime(booking);
    await step("on-the-way");
    const cancelled = await customer.request(`/api/bookings/${customer.bookingId}/cancel`, post({ chargeRupees: 99 }));
    expect(cancelled.status).toBe(200);
    expect(await moved(mateId, before)).toEqual({});
  });

  it("a free cancellation refunds all; a refund Razorpay refuses is reversed", async () => {
    const { customer, booking, payment } = await paidBooking("13:00");
    const { mateId } = await mateOfBooking(booking.id);
    const before = await books(mateId);
    // The stand-in will refuse the refund (the payment is no longer captured there).
    payment.status = "authorized";
    const cancelled = await customer.request(`/api/bookings/${customer.bookingId}/cancel`, post({ chargeRupees: 0 }));
    expect(cancelled.status).toBe(200);
    expect(await moved(mateId, before)).toEqual({ bank: -44_900, customers: 44_900 });
    await settle();
    const [refund] = await db().select().from(refunds).where(eq(refunds.bookingId, customer.bookingId));
    expect(refund?.status).toBe("failed");
    // The money stayed with Mates: the customer is owed it again, to be paid another way.
    expect(await moved(mateId, before)).toEqual({});
    const keys = (await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.bookingId, booking.id))).map(
      (one) => one.key,
    );
    expect(keys).toEqual(expect.arrayContaining([`refund:${refund?.id}`, `refund:${refund?.id}:failed`]));
    payment.status = "captured";
    await expectAllBalanced();
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { type CreditAccount, creditAccountSchema } from "#domain/credit.ts";
import { invoiceSchema } from "#domain/invoice.ts";
import { mateJobsResponseSchema } from "#domain/mate-app.ts";
import { jobs } from "#server/bookings/schema.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { pdfText } from "#testing/pdf-text.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { post } from "#testing/requests.ts";
import { SEED_NOW, type SeededCustomer, seedStart } from "#testing/seeded-customer.ts";
import { balanceOf, grantCredit, spendCredit } from "./ledger.ts";
import { creditGrants, creditSpends } from "./schema.ts";

/**
 * Mates credit through the API (record 058): granted by the product's own paths (here, as a
 * resolution would, straight into the ledger), spent by placing bookings, given back when one is
 * cancelled or not paid in time, lapsing after 365 days, and taken off what is due, what the mate
 * collects and the tax invoice.
 */
const paying = razorpayTestApp();
const { assigned, bookingOf, checkout, clock, doTheJob, mateOf, settle } = paying;
const DAY = 86_400_000;

/** A new customer with an address and the given grants of credit, made now. */
async function customerWithCredit(...grants: number[]) {
  const customer = await signUpCustomer(paying.t);
  const address = (await (
    await customer.request(
      "/api/addresses",
      post({
        label: "Home",
        flat: "B-402",
        building: "Sai Krupa CHS",
        street: "SV Road",
        locality: "Kandivali West",
        landmark: "",
        pincode: "400067",
        lat: 19.2045,
        lon: 72.8421,
      }),
    )
  ).json()) as { address: { id: string } };
  for (const rupees of grants) {
    await paying.t.database.db.transaction((tx) =>
      grantCredit(tx, { userId: customer.id, rupees, reason: "Damage claim", who: { actor: "system" } }, clock.now()),
    );
  }
  return { ...customer, addressId: address.address.id };
}

/** Books a plumber's drain clearing (₹449) at `slot` on the seeded day; the booking and its customer. */
async function book(
  customer: TestCustomer & { addressId: string },
  slot: string,
  paymentMethod: "pay_after_service" | "online" = "pay_after_service",
): Promise<{ booking: Booking; as: SeededCustomer }> {
  await customer.request("/api/cart/items", post({ service: "plumber", option: "drain-blockage", quantity: 1 }));
  const response = await customer.request(
    "/api/bookings",
    post({ addressId: customer.addressId, start: seedStart(slot), paymentMethod, idempotencyKey: `credit-${slot}` }),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const { booking } = bookingResponseSchema.parse(await response.json());
  const as = { ...customer, marker: "", bookingId: booking.id, cartItemId: "", secrets: [] };
  return { booking, as };
}

async function creditOf(customer: TestCustomer): Promise<CreditAccount> {
  const response = await customer.request("/api/me/credit");
  expect(response.status).toBe(200);
  return creditAccountSchema.parse(await response.json());
}

describe("Mates credit on bookings", () => {
  it("is the customer's own: a visitor 401, a mate or an operator 403", async () => {
    const customer = await customerWithCredit(100);
    const { booking, as } = await book(customer, "09:00");
    const { mate } = await mateOf(await assigned(as));
    const operator = await signInAsOperator(paying.t);
    expect((await paying.t.request("/api/me/credit")).status).toBe(401);
    expect((await mate.request("/api/me/credit")).status).toBe(403);
    expect((await operator.request("/api/me/credit")).status).toBe(403);
    expect(booking.creditRupees).toBe(100);
    // Another customer sees only their own (none).
    expect((await creditOf(await signUpCustomer(paying.t))).balanceRupees).toBe(0);
  });

  it("is spent across two bookings, oldest grant first, and given back when one is cancelled", async () => {
    const customer = await customerWithCredit(200);
    clock.moveTo(new Date(SEED_NOW.getTime() + 60_000));
    await paying.t.database.db.transaction((tx) =>
      grantCredit(tx, { userId: customer.id, rupees: 400, reason: "No-show", who: { actor: "system" } }, clock.now()),
    );
    expect((await creditOf(customer)).balanceRupees).toBe(600);

    const first = await book(customer, "10:00");
    expect(first.booking.creditRupees).toBe(449);
    expect(first.booking.jobs[0]?.creditRupees).toBe(449);
    const second = await book(customer, "12:00");
    expect(second.booking.creditRupees).toBe(151);

    const account = await creditOf(customer);
    expect(account.balanceRupees).toBe(0);
    // The first grant (expiring first) went wholly into the first booking.
    const spends = await paying.t.database.db
      .select()
      .from(creditSpends)
      .where(eq(creditSpends.bookingId, first.booking.id));
    const older = account.grants.find((grant) => grant.rupees === 200);
    expect(spends.find((spend) => spend.grantId === older?.id)?.rupees).toBe(200);
    expect(account.history.map((entry) => [entry.kind, entry.rupees])).toEqual(
      expect.arrayContaining([
        ["granted", 200],
        ["granted", 400],
        ["spent", 151],
      ]),
    );

    const cancelled = await customer.request(`/api/bookings/${second.booking.id}/cancel`, post());
    expect(cancelled.status).toBe(200);
    const { booking } = bookingResponseSchema.parse(await cancelled.json());
    expect(booking).toMatchObject({ status: "cancelled", creditRupees: 0 });
    const after = await creditOf(customer);
    expect(after.balanceRupees).toBe(151);
    expect(after.history[0]).toMatchObject({ kind: "given_back", rupees: 151, reason: "Booking cancelled" });
    // The grant it came from has it back, keeping its expiry.
    expect(after.grants.find((grant) => grant.rupees === 400)?.leftRupees).toBe(151);
  });

  it("lapses 365 days after its grant and is never spent after", async () => {
    const customer = await customerWithCredit(300);
    clock.moveTo(new Date(SEED_NOW.getTime() + 364 * DAY));
    expect((await creditOf(customer)).balanceRupees).toBe(300);
    clock.moveTo(new Date(SEED_NOW.getTime() + 365 * DAY));
    const lapsed = await creditOf(customer);
    expect(lapsed.balanceRupees).toBe(0);
    expect(lapsed.grants[0]).toMatchObject({ expired: true, leftRupees: 300 });
    // Booked before (on the seeded day) to have a booking to spend on, then tried a year on.
    clock.moveTo(SEED_NOW);
    const other = await customerWithCredit();
    const { booking } = await book(other, "13:00");
    clock.moveTo(new Date(SEED_NOW.getTime() + 366 * DAY));
    const spent = await paying.t.database.db.transaction((tx) =>
      spendCredit(
        tx,
        { userId: customer.id, bookingId: booking.id, wanted: 300, reason: "test", who: { actor: "system" } },
        clock.now(),
      ),
    );
    expect(spent).toBe(0);
  });

  it("cannot spend the same rupee twice when two bookings spend at once", async () => {
    const customer = await customerWithCredit();
    const a = await book(customer, "14:00");
    const b = await book(customer, "15:00");
    await paying.t.database.db.transaction((tx) =>
      grantCredit(tx, { userId: customer.id, rupees: 600, reason: "Damage claim", who: { actor: "system" } }, SEED_NOW),
    );
    const spend = (bookingId: string) =>
      paying.t.database.db.transaction((tx) =>
        spendCredit(
          tx,
          { userId: customer.id, bookingId, wanted: 449, reason: "test", who: { actor: "system" } },
          SEED_NOW,
        ),
      );
    const spent = await Promise.all([spend(a.booking.id), spend(b.booking.id)]);
    expect(spent.reduce((sum, rupees) => sum + rupees, 0)).toBe(600);
    expect(spent.toSorted()).toEqual([151, 449]);
    const [grant] = await paying.t.database.db.select().from(creditGrants).where(eq(creditGrants.userId, customer.id));
    expect(grant?.leftRupees).toBe(0);
    expect(await balanceOf(paying.t.database.db, customer.id, SEED_NOW)).toBe(0);
  });

  it("takes credit off a Pay now booking's order, and the invoice shows the amount after it", async () => {
    const customer = await customerWithCredit(100);
    const { booking, as } = await book(customer, "16:00", "online");
    expect(booking.payment).toMatchObject({ duePaise: 34_900, dueFor: "booking" });
    const order = await checkout(as);
    expect(order.amountPaise).toBe(34_900);
    await paying.fake.pay(order.orderId);
    await settle();
    await doTheJob(as, await assigned(as));
    const done = await bookingOf(as);
    expect(done.jobs[0]).toMatchObject({ status: "paid", collectedMethod: "online" });
    expect(done.payment).toMatchObject({ paidPaise: 34_900, duePaise: 0 });
    const [listed] = done.payment.invoices;
    const invoice = invoiceSchema.parse(
      ((await (await customer.request(`/api/invoices/${listed?.slug}`)).json()) as { invoice: unknown }).invoice,
    );
    // Credit is a means of payment: the supply and its tax are the whole ₹449.
    expect(invoice).toMatchObject({
      totals: { totalPaise: 44_900 },
      creditPaise: 10_000,
      afterCreditPaise: 34_900,
    });
    const text = await pdfText(
      new Uint8Array(await (await customer.request(`/api/invoices/${listed?.slug}/pdf`)).arrayBuffer()),
    );
    expect(text).toContain("Paid with Mates credit: Rs. 100.00");
    expect(text).toContain("Amount after credit: Rs. 349.00");
  });

  it("takes credit off what the mate collects and off the bill due online after the job", async () => {
    const customer = await customerWithCredit(100);
    const { as } = await book(customer, "17:00");
    const { job, step } = await doTheJob(as, await assigned(as), 150);
    const due = await bookingOf(as);
    expect(due.payment).toMatchObject({ duePaise: 49_900, dueFor: "bill" });
    const [row] = await paying.t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    const mate = await signInAsMate(paying.t, row?.mateId ?? "");
    const listed = mateJobsResponseSchema.parse(await (await mate.request("/api/mate/jobs")).json());
    const shown = [...listed.today, ...listed.upcoming, ...listed.recent].find((entry) => entry.id === job.id);
    expect(shown).toMatchObject({ billRupees: 599, toCollectRupees: 499, creditRupees: 100 });
    await step("collect", { method: "cash" });
    const [paid] = await paying.t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(paid).toMatchObject({ status: "paid", collectedMethod: "cash", collectedRupees: 499 });
    const [slug] = (await bookingOf(as)).payment.invoices.map((invoice) => invoice.slug);
    const invoice = invoiceSchema.parse(
      ((await (await customer.request(`/api/invoices/${slug}`)).json()) as { invoice: unknown }).invoice,
    );
    expect(invoice).toMatchObject({
      totals: { totalPaise: 59_900 },
      creditPaise: 10_000,
      afterCreditPaise: 49_900,
      paidBy: "Cash to the mate",
    });
  });

  it("settles a job its credit pays in full at completion, and holds nothing when it pays a Pay now booking", async () => {
    const customer = await customerWithCredit(1000);
    const { booking: online } = await book(customer, "18:00", "online");
    expect(online.creditRupees).toBe(449);
    expect(online.payment).toMatchObject({ duePaise: 0 });
    expect(online.payment.payBy).toBeUndefined();
    const { as } = await book(customer, "19:00");
    await doTheJob(as, await assigned(as));
    const done = await bookingOf(as);
    expect(done.jobs[0]).toMatchObject({ status: "paid" });
    expect(done.payment.duePaise).toBe(0);
    const [slug] = done.payment.invoices.map((invoice) => invoice.slug);
    const invoice = invoiceSchema.parse(
      ((await (await customer.request(`/api/invoices/${slug}`)).json()) as { invoice: unknown }).invoice,
    );
    expect(invoice).toMatchObject({ creditPaise: 44_900, afterCreditPaise: 0, paidBy: "Mates credit" });
    expect((await creditOf(customer)).balanceRupees).toBe(1000 - 449 - 449);
  });

  it("is given back when a Pay now booking is not paid in time, and when an operator cancels", async () => {
    const customer = await customerWithCredit(100);
    const { as } = await book(customer, "20:00", "online");
    expect((await creditOf(customer)).balanceRupees).toBe(0);
    clock.moveTo(new Date(SEED_NOW.getTime() + 16 * 60_000));
    await paying.t.queue.runDue();
    expect(await bookingOf(as)).toMatchObject({ status: "cancelled", creditRupees: 0 });
    const back = await creditOf(customer);
    expect(back.balanceRupees).toBe(100);
    expect(back.history[0]).toMatchObject({ kind: "given_back", reason: "Booking not paid in time" });

    clock.moveTo(new Date(SEED_NOW.getTime() + 20 * 60_000));
    const { booking } = await book(customer, "11:00");
    expect(booking.creditRupees).toBe(100);
    const operator = await signInAsOperator(paying.t);
    const cancelled = await operator.request(
      `/api/ops/bookings/${booking.id}/cancel`,
      post({ reason: "The customer called to cancel" }),
    );
    expect(cancelled.status).toBe(200);
    const account = await creditOf(customer);
    expect(account.balanceRupees).toBe(100);
    expect(account.history[0]).toMatchObject({ kind: "given_back", reason: "Booking cancelled by the Mates team" });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adjustment } from "#domain/ledger.ts";
import { mateJobResponseSchema } from "#domain/mate-app.ts";
import {
  commissionRateResponseSchema,
  commissionRatesSchema,
  duesOrderSchema,
  duesPaidSchema,
  mateMeSchema,
} from "#domain/mate-money.ts";
import { jobs } from "#server/bookings/schema.ts";
import { mateBalance, post } from "#server/ledger/ledger.ts";
import { ledgerTransactions } from "#server/ledger/schema.ts";
import { mates } from "#server/mates/schema.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { auditOf } from "#testing/operator-console.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { errorOf, post as postRequest } from "#testing/requests.ts";
import { seedCustomer } from "#testing/seeded-customer.ts";
import { mateDuesPayments } from "./schema.ts";

/**
 * Issue 39, the mate's side: commission rates set in the console (audited, for later bookings
 * only), the commission and earnings shown on the job, the PAN, the pause past the dues limit, and
 * dues paid through Razorpay Checkout (verified or by webhook, posted once).
 */
const paying = razorpayTestApp();
const put = (body: unknown) => ({ method: "PUT", body: JSON.stringify(body) });

/** Makes the mate owe Mates this much more, as an operator's adjustment would. */
async function owe(mateId: string, paise: number, key: string) {
  await paying.t.database.db.transaction((tx) =>
    post(
      tx,
      { kind: "adjustment", key, entries: adjustment(mateId, -paise), mateId, who: { actor: "system" } },
      new Date(),
    ),
  );
}

async function mateOfBooking(bookingId: string) {
  const [job] = await paying.t.database.db.select().from(jobs).where(eq(jobs.bookingId, bookingId));
  if (!job) throw new Error("no job");
  return job;
}

async function me(mate: Awaited<ReturnType<typeof signInAsMate>>) {
  const response = await mate.request("/api/mate/me");
  expect(response.status).toBe(200);
  return mateMeSchema.parse((await response.json()).mate);
}

describe("commission rates in the console", () => {
  it("lists each service's rates, sets one (audited) for later bookings only, and goes back to the group's", async () => {
    const operator = await signInAsOperator(paying.t);
    const listed = commissionRatesSchema.parse(await (await operator.request("/api/ops/commission-rates")).json());
    const plumber = listed.rates.find((rate) => rate.service === "plumber");
    expect(plumber).toMatchObject({ group: "Homekit", groupBp: 2000, ownBp: null, bp: 2000 });

    const before = await seedCustomer(paying.t, "09:00");
    await paying.assigned(before);
    const changed = await operator.request("/api/ops/commission-rates/plumber", put({ percent: "17.5" }));
    expect(changed.status).toBe(200);
    expect(commissionRateResponseSchema.parse(await changed.json()).rate).toMatchObject({ ownBp: 1750, bp: 1750 });
    const audit = await auditOf(paying.t, "plumber");
    expect(audit).toEqual([
      expect.objectContaining({
        action: "commission_rate",
        subjectType: "service",
        actorId: operator.id,
        before: { bp: null },
        after: { bp: 1750 },
      }),
    ]);

    const after = await seedCustomer(paying.t, "15:00");
    await paying.assigned(after);
    expect((await mateOfBooking(before.bookingId)).commissionBp).toBe(2000);
    expect((await mateOfBooking(after.bookingId)).commissionBp).toBe(1750);

    const back = await operator.request("/api/ops/commission-rates/plumber", put({ percent: null }));
    expect(commissionRateResponseSchema.parse(await back.json()).rate).toMatchObject({ ownBp: null, bp: 2000 });
    expect((await auditOf(paying.t, "plumber")).map((entry) => entry.after)).toContainEqual({ bp: null });
  });

  it("refuses a rate that is not a percentage, an unknown service, and anyone but an operator", async () => {
    const operator = await signInAsOperator(paying.t);
    for (const percent of ["abc", "101", "-5", "12.345"]) {
      const bad = await operator.request("/api/ops/commission-rates/electrician", put({ percent }));
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).code).toBe("invalid_input");
    }
    expect((await operator.request("/api/ops/commission-rates/juggling", put({ percent: "10" }))).status).toBe(404);
    const mate = await signInAsMate(paying.t, "mate-001");
    expect((await mate.request("/api/ops/commission-rates")).status).toBe(403);
    expect((await paying.t.request("/api/ops/commission-rates")).status).toBe(401);
    expect(await auditOf(paying.t, "electrician")).toEqual([]);
  });
});

describe("the job and the PAN", () => {
  it("shows the job's commission and what it earns at the mate's TDS; a PAN lowers the TDS", async () => {
    const customer = await seedCustomer(paying.t, "10:00");
    const booking = await paying.assigned(customer);
    const job = await mateOfBooking(booking.id);
    if (!job.mateId) throw new Error("nobody was assigned");
    const mate = await signInAsMate(paying.t, job.mateId);
    await paying.t.database.db.update(mates).set({ pan: null, panGivenAt: null }).where(eq(mates.id, job.mateId));
    const read = async () =>
      mateJobResponseSchema.parse(await (await mate.request(`/api/mate/jobs/${job.id}`)).json()).job;
    const without = await read();
    const gross = without.billRupees * 100;
    expect(without.commissionBp).toBe(job.commissionBp);
    expect(without.earnings).toEqual({
      grossPaise: gross,
      commissionPaise: Math.round((gross * job.commissionBp) / 10_000),
      tdsBp: 500,
      tdsPaise: Math.round((gross * 500) / 10_000),
      netPaise: gross - Math.round((gross * job.commissionBp) / 10_000) - Math.round((gross * 500) / 10_000),
    });
    expect((await me(mate)).pan).toBeNull();

    for (const pan of ["ABCDE1234", "12345ABCDE", "ABCDE12345", ""]) {
      const bad = await mate.request("/api/mate/pan", put({ pan }));
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).message).toContain("five letters, four digits and a letter");
    }
    const [unchanged] = await paying.t.database.db.select().from(mates).where(eq(mates.id, job.mateId));
    expect(unchanged?.pan).toBeNull();

    const given = await mate.request("/api/mate/pan", put({ pan: "abcde1234f" }));
    expect(given.status).toBe(200);
    expect(await given.json()).toEqual({ pan: "XXXXXX234F" });
    const [stored] = await paying.t.database.db.select().from(mates).where(eq(mates.id, job.mateId));
    expect(stored?.pan).toBe("ABCDE1234F");
    expect(stored?.panGivenAt).not.toBeNull();
    expect((await me(mate)).pan).toBe("XXXXXX234F");
    const audit = (await auditOf(paying.t, job.mateId)).filter((entry) => entry.action === "pan_given");
    expect(audit.at(-1)).toMatchObject({ actorId: mate.id, after: { pan: "XXXXXX234F" } });
    expect(JSON.stringify(audit)).not.toContain("ABCDE1234F");
    expect((await read()).earnings).toMatchObject({ tdsBp: 10, tdsPaise: Math.round((gross * 10) / 10_000) });
  });
});

describe("dues", () => {
  it("pauses a mate's new jobs only past the limit, keeping the jobs they have", async () => {
    const first = await seedCustomer(paying.t, "11:00");
    await paying.assigned(first);
    const mateId = (await mateOfBooking(first.bookingId)).mateId;
    if (!mateId) throw new Error("nobody was assigned");
    const mate = await signInAsMate(paying.t, mateId);
    const owed = -(await mateBalance(paying.t.database.db, mateId));
    // Exactly at the limit (₹2,000): not paused, and the next booking still goes to this mate.
    await owe(mateId, 200_000 - owed, `test:at-limit:${mateId}`);
    expect(await me(mate)).toMatchObject({ duesPaise: 200_000, paused: false, duesLimitPaise: 200_000 });
    const atLimit = await seedCustomer(paying.t, "13:00");
    await paying.assigned(atLimit);
    expect((await mateOfBooking(atLimit.bookingId)).mateId).toBe(mateId);

    await owe(mateId, 34_000, `test:over-limit:${mateId}`);
    expect(await me(mate)).toMatchObject({ duesPaise: 234_000, paused: true });
    const over = await seedCustomer(paying.t, "17:00");
    await paying.assigned(over);
    expect((await mateOfBooking(over.bookingId)).mateId).not.toBe(mateId);
    expect((await mateOfBooking(first.bookingId)).mateId).toBe(mateId);
    expect((await mateOfBooking(atLimit.bookingId)).mateId).toBe(mateId);

    // Paid through Checkout, verified: the dues are posted once and the pause ends.
    const order = duesOrderSchema.parse(await (await mate.request("/api/mate/dues/payment", postRequest())).json());
    expect(order).toMatchObject({ amountPaise: 234_000, purpose: "dues", currency: "INR" });
    const again = duesOrderSchema.parse(await (await mate.request("/api/mate/dues/payment", postRequest())).json());
    expect(again.orderId).toBe(order.orderId);
    const { result, payment } = await paying.fake.pay(order.orderId, { webhooks: false });
    const forged = await mate.request(
      "/api/mate/dues/payment/verify",
      postRequest({ ...result, razorpay_signature: "0".repeat(64) }),
    );
    expect(forged.status).toBe(400);
    const verified = await mate.request("/api/mate/dues/payment/verify", postRequest(result));
    expect(verified.status).toBe(200);
    expect(duesPaidSchema.parse(await verified.json())).toEqual({ paidPaise: 234_000, duesPaise: 0, paused: false });
    // The webhook says so too, twice: nothing more is posted.
    await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment));
    await paying.fake.deliver("payment.captured", paying.fake.paymentPayload(payment));
    await paying.settle();
    expect(await mateBalance(paying.t.database.db, mateId)).toBe(0);
    expect(await me(mate)).toMatchObject({ duesPaise: 0, paused: false });
    const [row] = await paying.t.database.db
      .select()
      .from(mateDuesPayments)
      .where(eq(mateDuesPayments.orderId, order.orderId));
    expect(row).toMatchObject({ status: "captured", razorpayPaymentId: payment.id, amountPaise: 234_000 });
    const postings = await paying.t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.key, `dues:${row?.id}`));
    expect(postings).toHaveLength(1);
    expect((await mate.request("/api/mate/dues/payment", postRequest())).status).toBe(409);
  });

  it("takes a dues payment from the webhook alone when the app was closed, once", async () => {
    const mateId = "mate-010";
    const mate = await signInAsMate(paying.t, mateId);
    await owe(mateId, 50_000, `test:webhook:${mateId}`);
    const start = -(await mateBalance(paying.t.database.db, mateId));
    const order = duesOrderSchema.parse(await (await mate.request("/api/mate/dues/payment", postRequest())).json());
    expect(order.amountPaise).toBe(start);
    await paying.fake.pay(order.orderId); // authorised, captured and order.paid, by webhook
    await paying.settle();
    expect(await mateBalance(paying.t.database.db, mateId)).toBe(0);
    const [row] = await paying.t.database.db
      .select()
      .from(mateDuesPayments)
      .where(eq(mateDuesPayments.orderId, order.orderId));
    expect(row?.status).toBe("captured");
    expect(
      await paying.t.database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, `dues:${row?.id}`)),
    ).toHaveLength(1);
  });
});

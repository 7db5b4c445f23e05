import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceSchema } from "#domain/invoice.ts";
import { jobs } from "#server/bookings/schema.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { pdfText } from "#testing/pdf-text.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { seedCustomer } from "#testing/seeded-customer.ts";
import { invoices } from "./schema.ts";

/**
 * After the job: a prepaid job settled, a balance paid online or to the mate, and an invoice from a
 * gap-free series for every paid job.
 */
const paying = razorpayTestApp();
const { assigned, bookingOf, checkout, doTheJob, mateOf, settle, verify } = paying;

describe("after the job", () => {
  it("settles a prepaid job with nothing more to pay at once, with its invoice", async () => {
    const customer = await seedCustomer(paying.t, "18:00", { paymentMethod: "online" });
    const booking = await assigned(customer);
    const { result } = await paying.fake.pay((await checkout(customer)).orderId, { webhooks: false });
    await verify(customer, result);
    await doTheJob(customer, booking);
    const done = await bookingOf(customer);
    expect(done.jobs[0]).toMatchObject({ status: "paid", collectedMethod: "online" });
    expect(done.payment.duePaise).toBe(0);
    expect(done.payment.invoices).toHaveLength(1);
  });

  it("asks online for a prepaid job's approved extras only", async () => {
    const customer = await seedCustomer(paying.t, "19:00", { paymentMethod: "online" });
    const booking = await assigned(customer);
    const { result } = await paying.fake.pay((await checkout(customer)).orderId, { webhooks: false });
    await verify(customer, result);
    const { job, step } = await doTheJob(customer, booking, 150);
    const done = await bookingOf(customer);
    expect(done.payment).toMatchObject({ duePaise: 15_000, dueFor: "bill" });
    const order = await checkout(customer);
    expect(order).toMatchObject({ amountPaise: 15_000, purpose: "bill" });
    // The customer pays the mate instead: the mate collects the balance, not the whole bill.
    await step("collect", { method: "cash" });
    const [paidJob] = await paying.t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(paidJob).toMatchObject({ status: "paid", collectedMethod: "cash", collectedRupees: 150 });
    const [invoice] = await paying.t.database.db.select().from(invoices).where(eq(invoices.jobId, job.id));
    expect(invoice?.content.totals.totalPaise).toBe(59_900);
    expect(invoice?.content.paidBy).toBe("Online up front through Razorpay; the balance of ₹150 by cash to the mate");
  });

  it("takes the bill online instead of cash, and issues an invoice with GST, as JSON and as a PDF", async () => {
    const customer = await seedCustomer(paying.t, "20:00");
    const booking = await assigned(customer);
    await doTheJob(customer, booking, 250);
    const due = await bookingOf(customer);
    expect(due.payment).toMatchObject({ duePaise: 69_900, dueFor: "bill" });
    const order = await checkout(customer);
    await paying.fake.pay(order.orderId);
    await settle();
    const paid = await bookingOf(customer);
    expect(paid.jobs[0]).toMatchObject({ status: "paid", collectedMethod: "online" });
    expect(paid.payment).toMatchObject({ paidPaise: 69_900, duePaise: 0 });
    const [listed] = paid.payment.invoices;
    if (!listed) throw new Error("no invoice was issued");
    expect(listed.number).toMatch(/^MT\/26-27\/\d{6}$/);

    const invoice = invoiceSchema.parse(
      ((await (await customer.request(`/api/invoices/${listed.slug}`)).json()) as { invoice: unknown }).invoice,
    );
    expect(invoice).toMatchObject({
      number: listed.number,
      intraState: true,
      seller: { legalName: "Mates Home Services Private Limited", gstin: "27AABCM1234F1ZX", stateCode: "27" },
      buyer: { email: customer.email },
      totals: { totalPaise: 69_900, taxablePaise: 59_237, cgstPaise: 5331, sgstPaise: 5332, igstPaise: 0 },
      totalInWords: "Rupees Six Hundred Ninety-Nine Only",
    });
    expect(invoice.lines.map((line) => [line.sac, line.totalPaise])).toEqual([
      ["9954", 44_900],
      ["9954", 25_000],
    ]);

    const pdf = await customer.request(`/api/invoices/${listed.slug}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Invoice number: ${listed.number}`);
    expect(text).toContain("GSTIN: 27AABCM1234F1ZX");
    expect(text).toContain("Rs. 699.00");
    expect(text).toContain("Rupees Six Hundred Ninety-Nine Only");

    // Another customer, and a mate, are refused the invoice.
    const stranger = await signUpCustomer(paying.t);
    expect((await stranger.request(`/api/invoices/${listed.slug}`)).status).toBe(404);
    expect((await stranger.request(`/api/invoices/${listed.slug}/pdf`)).status).toBe(404);
    const { mate } = await mateOf(booking);
    expect((await mate.request(`/api/invoices/${listed.slug}`)).status).toBe(403);
    expect((await paying.t.request(`/api/invoices/${listed.slug}`)).status).toBe(401);
  });

  it("numbers invoices without gaps or repeats when jobs are paid at the same moment", async () => {
    const slots = ["09:30", "10:30", "11:30", "12:30", "13:30", "14:30"];
    const ready = [];
    for (const slot of slots) {
      const customer = await seedCustomer(paying.t, slot);
      const booking = await assigned(customer);
      const { step } = await doTheJob(customer, booking);
      ready.push(step);
    }
    const before = await paying.t.database.db.select({ sequence: invoices.sequence }).from(invoices);
    await Promise.all(ready.map((step) => step("collect", { method: "cash" })));
    const after = (await paying.t.database.db.select({ sequence: invoices.sequence }).from(invoices))
      .map((row) => row.sequence)
      .sort((a, b) => a - b);
    expect(after).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
    expect(after.length - before.length).toBe(slots.length);
    // Six customers, each booked, assigned and taken to the bill: more work than one test's usual 30 s
    // bound allows on a loaded two-core machine. A bound, not a timing: nothing here is measured.
  }, 120_000);

  it("refuses to change or delete an issued invoice, even in the database", async () => {
    const [row] = await paying.t.database.db.select().from(invoices).limit(1);
    if (!row) throw new Error("no invoice yet");
    await expect(paying.t.database.db.delete(invoices).where(eq(invoices.number, row.number))).rejects.toThrow();
    await expect(
      paying.t.database.db.update(invoices).set({ sequence: 999 }).where(eq(invoices.number, row.number)),
    ).rejects.toThrow();
  });
});

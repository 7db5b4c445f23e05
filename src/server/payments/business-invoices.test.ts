import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingResponseSchema } from "#domain/booking.ts";
import { businessResponseSchema } from "#domain/gstin.ts";
import { type Invoice, invoiceSchema } from "#domain/invoice.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { pdfText } from "#testing/pdf-text.ts";
import { errorOf } from "#testing/requests.ts";
import {
  completedBooking,
  MANY_SIGN_UPS,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
} from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";

/**
 * Issue 36: a customer who books for a business keeps its GSTIN and legal name in the profile, gives
 * them (or others) with a booking, and finds them on the tax invoice, whose tax split follows the
 * place of supply (decision record 053). The seller is in Maharashtra.
 */
let t: TestApp;
// A job's steps are taken once its set-off window opens: the clock moves there, and back for each test.
const clock = handMovedClock(SEED_NOW);
beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    authLimits: MANY_SIGN_UPS,
    env: { SELLER_GSTIN: "27AABCM1234F1ZX", SELLER_LEGAL_NAME: "Mates Home Services Private Limited" },
  });
});
afterAll(() => t.close());

const KARNATAKA = { gstin: "29AAGCB7383J1Z4", legalName: "Bengaluru Offices Private Limited" };
const MAHARASHTRA = { gstin: "27AAPFU0939F1ZV", legalName: "Andheri Traders LLP" };
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

/** The seeded booking done and paid in cash to its mate; its one invoice as JSON. */
async function paidInvoice(customer: SeededCustomer): Promise<Invoice> {
  const { jobId, mate } = await completedBooking(t, customer, clock.moveTo);
  expect((await mate.request(`/api/mate/jobs/${jobId}/collect`, send("POST", { method: "cash" }))).status).toBe(200);
  const { booking } = bookingResponseSchema.parse(
    await (await customer.request(`/api/bookings/${customer.bookingId}`)).json(),
  );
  const [listed] = booking.payment.invoices;
  if (!listed) throw new Error("no invoice was issued");
  const answer = (await (await customer.request(`/api/invoices/${listed.slug}`)).json()) as { invoice: unknown };
  return invoiceSchema.parse(answer.invoice);
}

describe("the business in the profile", () => {
  it("is none at first, is kept in capitals without spaces, and can be forgotten", async () => {
    const customer = await signUpCustomer(t);
    const read = async () =>
      businessResponseSchema.parse(await (await customer.request("/api/me/business")).json()).business;
    expect(await read()).toBeNull();
    const saved = await customer.request(
      "/api/me/business",
      send("PUT", { gstin: " 29aagcb 7383j1z4 ", legalName: " Bengaluru Offices Private Limited " }),
    );
    expect(saved.status).toBe(200);
    expect(await read()).toEqual(KARNATAKA);
    expect((await customer.request("/api/me/business", { method: "DELETE" })).status).toBe(200);
    expect(await read()).toBeNull();
  });

  it("refuses a GSTIN whose check character, state code or length is wrong, saying which", async () => {
    const customer = await signUpCustomer(t);
    const cases: [unknown, RegExp][] = [
      [{ gstin: "27AABCM1234F1Z5", legalName: "Asha Traders" }, /^gstin: .*does not match the rest/],
      [{ gstin: "99AAGCB7383J1Z4", legalName: "Asha Traders" }, /^gstin: .*99 is not one/],
      [{ gstin: "29AAGCB7383J1Z", legalName: "Asha Traders" }, /^gstin: A GSTIN has 15 characters/],
      [{ gstin: KARNATAKA.gstin, legalName: "" }, /^legalName: Enter the business's legal name/],
      [{ gstin: KARNATAKA.gstin }, /^legalName: /],
      [{ ...KARNATAKA, extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const response = await customer.request("/api/me/business", send("PUT", body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message, JSON.stringify(body)).toMatch(message);
    }
    expect(businessResponseSchema.parse(await (await customer.request("/api/me/business")).json()).business).toBeNull();
  });

  it("is a customer's own: a visitor gets a 401, a mate and an operator a 403", async () => {
    const visitor = await t.request("/api/me/business");
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).code).toBe("unauthenticated");
    for (const other of [await signInAsMate(t, "mate-001"), await signInAsOperator(t)]) {
      for (const [method, body] of [["GET"], ["PUT", KARNATAKA], ["DELETE"]] as const) {
        const response = await other.request("/api/me/business", body ? send(method, body) : { method });
        expect(response.status, method).toBe(403);
        expect((await errorOf(response)).code, method).toBe("wrong_role");
      }
    }
  });

  it("counts its changes against the customer's write limit, as every signed-in write does", async () => {
    const limited = await createTestApp({ env: { WRITES_PER_USER_PER_MINUTE: "2" } });
    try {
      const customer = await signUpCustomer(limited);
      const statuses = [];
      for (const [method, body] of [["PUT", KARNATAKA], ["DELETE"], ["PUT", MAHARASHTRA]] as const) {
        statuses.push((await customer.request("/api/me/business", body ? send(method, body) : { method })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("a booking for a business", () => {
  it("refuses an invalid GSTIN, saying why", async () => {
    const customer = await seedCustomer(t, "09:00");
    const response = await customer.request(
      "/api/bookings",
      send("POST", {
        addressId: customer.addressId,
        start: new Date(SEED_NOW.getTime() + 2 * 86_400_000).toISOString(),
        paymentMethod: "pay_after_service",
        idempotencyKey: "business-invalid-1",
        business: { gstin: "29AAGCB7383J1Z5", legalName: "Bengaluru Offices Private Limited" },
      }),
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "invalid_input",
      message:
        "business.gstin: This GSTIN's last character does not match the rest: please check it for a typing mistake.",
    });
  });

  it("shows the business on the booking, and a repair at a Mumbai home for a Karnataka business stays CGST + SGST", async () => {
    const customer = await seedCustomer(t, "10:00", { business: KARNATAKA });
    const { booking } = bookingResponseSchema.parse(
      await (await customer.request(`/api/bookings/${customer.bookingId}`)).json(),
    );
    expect(booking.business).toEqual(KARNATAKA);
    const invoice = await paidInvoice(customer);
    expect(invoice.buyer).toMatchObject({ email: customer.email, ...KARNATAKA });
    // A plumber's work is on the property: supplied where it is, in Maharashtra, like the seller.
    expect(invoice.placeOfSupply).toEqual({ state: "Maharashtra", code: "27" });
    expect(invoice.intraState).toBe(true);
    expect(invoice.totals.igstPaise).toBe(0);
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBeGreaterThan(0);
  });

  it("charges IGST for an AC's service to a business registered in another state, with its GSTIN on the PDF", async () => {
    const customer = await seedCustomer(t, "11:00", {
      item: { service: "ac-service", option: "split-ac-service" },
      business: KARNATAKA,
    });
    const invoice = await paidInvoice(customer);
    expect(invoice.placeOfSupply).toEqual({ state: "Karnataka", code: "29" });
    expect(invoice.intraState).toBe(false);
    expect(invoice.totals).toMatchObject({ totalPaise: 59_900, taxablePaise: 50_763, igstPaise: 9137 });
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(0);

    const slug = invoice.number.replaceAll("/", "-");
    const text = await pdfText(
      new Uint8Array(await (await customer.request(`/api/invoices/${slug}/pdf`)).arrayBuffer()),
    );
    expect(text).toContain("Bengaluru Offices Private Limited");
    expect(text).toContain("GSTIN: 29AAGCB7383J1Z4");
    expect(text).toContain("GSTIN: 27AABCM1234F1ZX");
    expect(text).toContain("Place of supply: Karnataka (29)");
    expect(text).toContain("IGST 18%");
  });

  it("keeps CGST + SGST for the same service to a business in Maharashtra, and to a person with no GSTIN", async () => {
    const local = await seedCustomer(t, "12:00", {
      item: { service: "ac-service", option: "split-ac-service" },
      business: MAHARASHTRA,
    });
    const localInvoice = await paidInvoice(local);
    expect(localInvoice).toMatchObject({ intraState: true, placeOfSupply: { code: "27" }, buyer: MAHARASHTRA });
    expect(localInvoice.totals).toMatchObject({ totalPaise: 59_900, igstPaise: 0, cgstPaise: 4568, sgstPaise: 4569 });

    const person = await seedCustomer(t, "13:00", { item: { service: "ac-service", option: "split-ac-service" } });
    const personInvoice = await paidInvoice(person);
    expect(personInvoice).toMatchObject({ intraState: true, placeOfSupply: { code: "27" } });
    expect(personInvoice.buyer.gstin).toBeUndefined();
    expect(personInvoice.buyer.legalName).toBeUndefined();
  });
});

import { eq, sql } from "drizzle-orm";
import { bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { checkoutOrderSchema } from "#domain/payments.ts";
import { jobs } from "#server/bookings/schema.ts";
import { readSeedCatalogue, seedCatalogue } from "#server/catalogue/catalogue.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { seedMates } from "#server/mates/mates.ts";
import type { FakeRazorpay } from "./fake-razorpay.ts";
import { signInAsMate } from "./mates.ts";
import { post } from "./requests.ts";
import { MANY_SIGN_UPS, SEED_NOW, seedCustomer, settledBooking } from "./seeded-customer.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * A shop that ran on the embedded database (issue 42's move to PostgreSQL): in DATA_DIR's PGlite, a
 * customer signed up through the API, with a booking paid online through the Razorpay stand-in (the
 * webhook applied, the invoice made) and a chat with its mate both ways. Closed afterwards, as the
 * server is stopped before an export; what the customer saw is kept to be found again.
 */
export type EmbeddedShop = {
  email: string;
  password: string;
  /** The session cookie made on the embedded database. */
  cookie: string;
  bookingId: string;
  invoiceSlugs: string[];
  /** The API's answers to the customer before the move, by path. */
  seen: Record<string, unknown>;
  /** Rows per table before the move. */
  rows: Record<string, number>;
  /** The app's time when the shop stopped (the job's day): the answers above are as of then. */
  at: Date;
};

export const SHOP_PASSWORD = "vada-pav-2026";

/** The app as the shop runs it, on `database` (the embedded one, or the server after the move). */
export async function shopApp(
  database: Awaited<ReturnType<typeof openDatabase>>,
  fake: FakeRazorpay,
  clock: { at: Date },
) {
  const t = await createTestApp({
    database,
    now: () => clock.at,
    authLimits: MANY_SIGN_UPS,
    env: { ...fake.env(), SELLER_GSTIN: "27AABCM1234F1ZX", SELLER_LEGAL_NAME: "Mates Home Services Private Limited" },
  });
  // Razorpay's servers post with no Origin header and no cookie.
  fake.setWebhook(
    async (body, headers) =>
      (await t.app.request("/api/payments/razorpay/webhook", { method: "POST", body, headers })).status,
  );
  return t;
}

/** What a customer's screens read: the bookings, the booking (with its payment), its chat, its invoices. */
export const customerPaths = (bookingId: string, invoiceSlugs: string[]) => [
  "/api/bookings",
  `/api/bookings/${bookingId}`,
  `/api/bookings/${bookingId}/messages`,
  ...invoiceSlugs.map((slug) => `/api/invoices/${slug}`),
];

export async function readAs(t: TestApp, cookie: string, paths: string[]): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  for (const path of paths) {
    const response = await t.request(path, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    seen[path] = await response.json();
  }
  return seen;
}

/** The rows a raw statement returned: postgres.js answers an array, PGlite an object holding one. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** Rows of every table of the app's and drizzle's schemas. */
export async function rowsPerTable(db: Database): Promise<Record<string, number>> {
  const tables = await db.execute(
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const [schema, table] = name.split(".");
    const counted = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(schema ?? "")}.${sql.identifier(table ?? "")}`,
    );
    rows[name] = rowsOf<{ n: number }>(counted)[0]?.n ?? -1;
  }
  return rows;
}

export async function buildEmbeddedShop(dataDir: string, fake: FakeRazorpay): Promise<EmbeddedShop> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await seedCatalogue(database.db, readSeedCatalogue());
    await seedMates(database.db);
    const clock = { at: SEED_NOW };
    const t = await shopApp(database, fake, clock);
    try {
      const customer = await seedCustomer(t, "09:00", { paymentMethod: "online" });
      const booking = await settledBooking(t, customer);
      if (booking.status === "finding") throw new Error("no mate was free");

      const checkout = await customer.request(`/api/bookings/${booking.id}/payment`, post());
      const order = checkoutOrderSchema.parse(await checkout.json());
      const { result } = await fake.pay(order.orderId, { webhooks: false });
      const verified = await customer.request(`/api/bookings/${booking.id}/payment/verify`, post(result));
      if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
      const payment = fake.payments.get(result.razorpay_payment_id);
      if (!payment) throw new Error("the stand-in lost the payment");
      await fake.deliver("payment.captured", fake.paymentPayload(payment));
      await fake.delivered();
      await t.queue.runDue();
      const paid = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${booking.id}`)).json());
      if (paid.booking.payment.paidPaise <= 0) throw new Error("the payment was not applied");

      const [job] = await database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
      if (!job?.mateId) throw new Error("no mate was assigned");
      const mate = await signInAsMate(t, job.mateId);
      const jobPath = `/api/mate/jobs/${job.id}`;
      for (const [who, path, body] of [
        [customer, `/api/bookings/${booking.id}/messages`, { body: "The drain is in the kitchen" }],
        [mate, `${jobPath}/messages`, { body: "Bringing the long snake" }],
        // The job done on its day: the invoice of the paid booking is issued on completion.
        ["set off", "", {}],
        [mate, `${jobPath}/on-the-way`, {}],
        [mate, `${jobPath}/arrive`, {}],
        [mate, `${jobPath}/start`, { code: booking.startCode }],
        [mate, `${jobPath}/complete`, {}],
      ] as const) {
        if (who === "set off") {
          clock.at = setOffFrom(new Date(booking.start));
          continue;
        }
        const said = await who.request(path, post(body));
        if (said.status !== 200) throw new Error(`${path}: ${said.status} ${await said.text()}`);
      }
      await t.queue.runDue();
      const done = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${booking.id}`)).json());
      const invoiceSlugs = done.booking.payment.invoices.map((invoice) => invoice.slug);

      return {
        email: customer.email,
        password: SHOP_PASSWORD,
        cookie: customer.cookie,
        bookingId: booking.id,
        invoiceSlugs,
        seen: await readAs(t, customer.cookie, customerPaths(booking.id, invoiceSlugs)),
        rows: await rowsPerTable(database.db),
        at: clock.at,
      };
    } finally {
      await t.close();
    }
  } finally {
    await database.close();
  }
}

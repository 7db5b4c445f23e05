import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { jobs } from "#server/bookings/schema.ts";
import { signUpCustomer, type TestCustomer } from "./customers.ts";
import { signInAsMate } from "./mates.ts";
import type { TestApp } from "./test-app.ts";

/** 8:00 AM on Monday 23 November 2026 in Mumbai: give createTestApp `now: () => SEED_NOW`. */
export const SEED_NOW = new Date("2026-11-23T02:30:00Z");
export const SEED_DAY = "2026-11-24";
export const seedStart = (hhmm: string) => new Date(`${SEED_DAY}T${hhmm}:00+05:30`).toISOString();

export type SeededCustomer = TestCustomer & {
  /** A string written into the customer's name and address, found nowhere else. */
  marker: string;
  addressId: string;
  bookingId: string;
  cartItemId: string;
  /** Everything of this customer's that no other customer may ever be shown. */
  secrets: string[];
};

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A customer with one of everything, made through the API: a saved address and a booking (both
 * carrying a unique marker), and an item left in the cart.
 */
export async function seedCustomer(
  t: TestApp,
  slot: string,
  {
    paymentMethod = "pay_after_service",
    item = { service: "plumber", option: "drain-blockage" },
    business,
  }: {
    paymentMethod?: "pay_after_service" | "online";
    /** The booked service (a plumber's drain clearing unless said). */
    item?: { service: string; option: string };
    /** Booked for a business: its GSTIN and legal name. */
    business?: { gstin: string; legalName: string };
  } = {},
): Promise<SeededCustomer> {
  const marker = `mk${randomBytes(5).toString("hex")}`;
  const customer = await signUpCustomer(t, `Seeded ${marker}`);
  const address = (await expectOk(
    await customer.request(
      "/api/addresses",
      json("POST", {
        label: "Home",
        flat: `Flat ${marker}`,
        building: "Sai Krupa CHS",
        street: `${marker} Road`,
        locality: "Kandivali West",
        landmark: `Near ${marker}`,
        pincode: "400067",
        lat: 19.2045,
        lon: 72.8421,
      }),
    ),
    "address",
  )) as { address: { id: string } };
  await expectOk(await customer.request("/api/cart/items", json("POST", { ...item, quantity: 1 })), "cart");
  const booked = (await expectOk(
    await customer.request(
      "/api/bookings",
      json("POST", {
        addressId: address.address.id,
        start: seedStart(slot),
        paymentMethod,
        idempotencyKey: `seed-${marker}`,
        ...(business ? { business } : {}),
      }),
    ),
    "booking",
  )) as { booking: { id: string } };
  const cart = (await expectOk(
    await customer.request(
      "/api/cart/items",
      json("POST", { service: "plumber", option: "drain-blockage", quantity: 2 }),
    ),
    "cart again",
  )) as { items: { id: string }[] };
  const cartItemId = cart.items[0]?.id;
  if (!cartItemId) throw new Error("the cart item is missing");
  return {
    ...customer,
    marker,
    addressId: address.address.id,
    bookingId: booked.booking.id,
    cartItemId,
    secrets: [marker, customer.email, customer.id, address.address.id, booked.booking.id, cartItemId],
  };
}

/** Auth limits for a test file that signs up many customers from one address. */
export const MANY_SIGN_UPS = { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } };

/** The seeded booking once its mates are assigned (or nobody was free): the queue is run until then. */
export async function settledBooking(t: TestApp, customer: SeededCustomer): Promise<Booking> {
  for (;;) {
    const response = await customer.request(`/api/bookings/${customer.bookingId}`);
    const { booking } = bookingResponseSchema.parse(await response.json());
    if (booking.status !== "finding") return booking;
    await t.queue.runDue();
  }
}

/**
 * The seeded booking's job done by its mate through the mate's API: on the way, arrived, started,
 * completed. The test's clock is first moved on to the job's day, when the set-off window opens
 * (`moveClockTo`, given the test app's `now`): a mate cannot set off a day early.
 */
export async function completedBooking(t: TestApp, customer: SeededCustomer, moveClockTo: (at: Date) => void) {
  const booking = await settledBooking(t, customer);
  const job = booking.jobs[0];
  const [row] = job ? await t.database.db.select().from(jobs).where(eq(jobs.id, job.id)) : [];
  if (!job || !row?.mateId) throw new Error("no mate was assigned");
  const mate = await signInAsMate(t, row.mateId);
  moveClockTo(setOffFrom(new Date(booking.start)));
  for (const [path, body] of [
    ["on-the-way", {}],
    ["arrive", {}],
    ["start", { code: booking.startCode }],
    ["complete", {}],
  ] as const) {
    await expectOk(await mate.request(`/api/mate/jobs/${job.id}/${path}`, json("POST", body)), path);
  }
  return { jobId: job.id, mateId: row.mateId, mate };
}

import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addressListSchema, addressResponseSchema } from "#domain/address.ts";
import { worksThen } from "#domain/availability.ts";
import { type Booking, bookingListSchema, bookingResponseSchema, busyCells } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { kmBetween } from "#domain/matching.ts";
import { slotsResponseSchema } from "#domain/slots.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { mateBusy, mates } from "#server/mates/schema.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsMate } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { jobs } from "./schema.ts";

// 8:00 AM on Monday 23 November 2026 in Mumbai.
const NOW = new Date("2026-11-23T02:30:00Z");
const TOMORROW = "2026-11-24";
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`).toISOString();

const KANDIVALI = {
  label: "Home",
  flat: "B-402",
  building: "Sai Krupa CHS",
  street: "Mathuradas Road",
  locality: "Kandivali West",
  landmark: "Near Shatabdi Hospital",
  pincode: "400067",
  lat: 19.2045,
  lon: 72.8421,
};
const COLABA = {
  ...KANDIVALI,
  flat: "12",
  building: "Sea View",
  street: "Shahid Bhagat Singh Road",
  locality: "Colaba",
  pincode: "400005",
  lat: 18.9069,
  lon: 72.8106,
};

let t: TestApp;
/** The app's clock: 8:00 AM in Mumbai, until a mate's day begins. */
let clock = NOW;
beforeEach(() => {
  clock = NOW;
});
beforeAll(async () => {
  // Many customers sign up from one address here: lift the per-address sign-up limit.
  t = await createTestApp({
    now: () => clock,
    authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
  });
});
afterAll(() => t.close());

async function addAddress(customer: TestCustomer, address: object = KANDIVALI) {
  const response = await customer.request("/api/addresses", post(address));
  expect(response.status, await response.clone().text()).toBe(201);
  return addressResponseSchema.parse(await response.json()).address;
}
async function fillCart(customer: TestCustomer, service = "plumber", option = "drain-blockage", quantity = 1) {
  const response = await customer.request("/api/cart/items", post({ service, option, quantity }));
  expect(response.status).toBe(200);
}
/** The booking once the queue has looked for its mate (runDue waits for a run the worker has in hand, then looks again). */
async function settled(customer: TestCustomer, id: string): Promise<Booking> {
  for (let i = 0; i < 20; i++) {
    const { booking } = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${id}`)).json());
    if (booking.status !== "finding") return booking;
    await t.queue.runDue();
  }
  throw new Error("the booking stayed finding");
}
async function book(customer: TestCustomer, addressId: string, start: string, key = crypto.randomUUID()) {
  return customer.request(
    "/api/bookings",
    post({ addressId, start, paymentMethod: "pay_after_service", idempotencyKey: key }),
  );
}

describe("addresses", () => {
  it("are saved, listed, changed and deleted by their customer only, with whether Mates serves them", async () => {
    const priya = await signUpCustomer(t, "Priya Sharma");
    const other = await signUpCustomer(t, "Someone Else");
    const home = await addAddress(priya);
    expect(home).toMatchObject({ label: "Home", locality: "Kandivali West", served: true });
    const colaba = await addAddress(priya, COLABA);
    expect(colaba.served).toBe(false);
    // Without coordinates the locality's name decides.
    const { lat: _lat, lon: _lon, ...noPoint } = KANDIVALI;
    expect((await addAddress(priya, { ...noPoint, locality: "Borivli East" })).served).toBe(true);

    const list = addressListSchema.parse(await (await priya.request("/api/addresses")).json());
    expect(list.addresses.map((a) => a.locality)).toEqual(["Kandivali West", "Colaba", "Borivli East"]);
    expect(addressListSchema.parse(await (await other.request("/api/addresses")).json()).addresses).toEqual([]);

    const patch = (who: TestCustomer, body: object) =>
      who.request(`/api/addresses/${home.id}`, { method: "PATCH", body: JSON.stringify(body) });
    expect((await patch(other, { ...KANDIVALI, flat: "Hacked" })).status).toBe(404);
    expect((await other.request(`/api/addresses/${home.id}`, { method: "DELETE" })).status).toBe(404);
    const changed = addressResponseSchema.parse(await (await patch(priya, { ...KANDIVALI, flat: "C-101" })).json());
    expect(changed.address.flat).toBe("C-101");
    expect((await priya.request(`/api/addresses/${colaba.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await t.request("/api/addresses")).status).toBe(401);
  });

  it("refuse bad input with the field and a clear sentence", async () => {
    const customer = await signUpCustomer(t);
    const cases: [object, RegExp][] = [
      [{ ...KANDIVALI, pincode: "40067" }, /pincode: Enter the 6-digit pincode/],
      [{ ...KANDIVALI, flat: " " }, /flat: Flat or house is required/],
      [{ ...KANDIVALI, label: "Palace" }, /label: Choose Home, Work or Other/],
      [{ ...KANDIVALI, locality: "K" }, /locality: Locality must be at least 2 characters/],
      [{ ...KANDIVALI, lat: 120 }, /lat/],
      [{ ...KANDIVALI, owner: "someone" }, /owner|Unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const response = await customer.request("/api/addresses", post(body));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(message);
    }
  });
});

describe("slots", () => {
  it("come from the cart's services, 30 minutes apart, from 2 hours ahead, for the next 7 days", async () => {
    const customer = await signUpCustomer(t);
    expect((await errorOf(await customer.request(`/api/slots?date=${TOMORROW}`))).code).toBe("empty_cart");
    await fillCart(customer, "plumber", "drain-blockage", 2);
    const today = slotsResponseSchema.parse(await (await customer.request("/api/slots?date=2026-11-23")).json());
    expect(today.days).toHaveLength(7);
    expect(today.durationMinutes).toBe(120);
    expect(today.slots[0]?.label).toBe("10:00 AM");
    expect(today.slots.at(-1)?.label).toBe("7:00 PM");
    expect(today.slots.every((slot) => slot.available)).toBe(true);
    const late = await customer.request("/api/slots?date=2026-12-01");
    expect(late.status).toBe(400);
    // The message is read by a person: the day as India writes it, not as the query does.
    expect((await errorOf(late)).message).toBe("Bookings open for the next 7 days, from 23 Nov 2026.");
    expect((await customer.request("/api/slots?date=tomorrow")).status).toBe(400);
  });

  it("say why a start cannot be had: no mate with the skill on duty then, or all of them booked", async () => {
    const customer = await signUpCustomer(t);
    await fillCart(customer, "pest-control", "cockroach-ant-2-bhk");
    const before = slotsResponseSchema.parse(await (await customer.request(`/api/slots?date=${TOMORROW}`)).json());
    // Pest control mates work 8:00 AM to 8:00 PM.
    expect(before.slots[0]).toMatchObject({ label: "6:00 AM", available: false, unavailable: "off_duty" });
    expect(before.slots.find((slot) => slot.label === "9:00 AM")).toMatchObject({ available: true, unavailable: null });
    // Every pest-control mate busy at 9:00 AM tomorrow.
    const pestMates = await t.database.db.select().from(mates).where(sql`'pest-control' = any(${mates.skills})`);
    const cell = Math.floor(Date.parse(at(TOMORROW, "09:00")) / 1_800_000);
    await t.database.db
      .insert(mateBusy)
      .values(
        pestMates.flatMap((mate) =>
          [cell, cell + 1, cell + 2].map((c) => ({ mateId: mate.id, cell: c, bookingId: "other" })),
        ),
      );
    try {
      const after = slotsResponseSchema.parse(await (await customer.request(`/api/slots?date=${TOMORROW}`)).json());
      expect(after.slots.find((slot) => slot.label === "9:00 AM")).toMatchObject({
        available: false,
        unavailable: "booked",
      });
      expect(after.slots.find((slot) => slot.label === "10:30 AM")?.available).toBe(true);
      expect(after.slots[0]?.unavailable).toBe("off_duty");
    } finally {
      await t.database.db.delete(mateBusy).where(eq(mateBusy.bookingId, "other"));
    }
  });
});

describe("placing a booking", () => {
  it("books the cart for a served address, empties the cart and assigns the nearest best verified mate", async () => {
    const customer = await signUpCustomer(t);
    const address = await addAddress(customer);
    await fillCart(customer, "plumber", "drain-blockage", 2);
    const heard: string[] = [];
    const stop = t.events.subscribe(customer.id, (event) => heard.push(event.type));

    const response = await book(customer, address.id, at(TOMORROW, "11:00"));
    expect(response.status).toBe(201);
    const { booking } = bookingResponseSchema.parse(await response.json());
    expect(booking).toMatchObject({
      status: "finding",
      totalRupees: 898,
      gstRupees: 137,
      paymentMethod: "pay_after_service",
    });
    expect(booking.items).toMatchObject([{ service: "plumber", option: "drain-blockage", quantity: 2 }]);
    expect(booking.end).toBe(at(TOMORROW, "13:00"));
    expect((await (await customer.request("/api/cart")).json()).count).toBe(0);

    const done = await settled(customer, booking.id);
    expect(done.status).toBe("assigned");
    expect(done.mates).toHaveLength(1);
    const mate = done.mates[0];
    const [row] = await t.database.db
      .select()
      .from(mates)
      .where(eq(mates.name, mate?.name ?? ""));
    expect(row?.skills).toContain("plumber");
    expect(row?.verifiedAt).not.toBeNull();
    expect(mate?.initials).toMatch(/^[A-Z]{2}$/);
    // The nearest one: no verified plumber who works 11:00 to 1:00 PM and was free then lives nearer.
    const others = await t.database.db
      .select()
      .from(mates)
      .where(and(sql`'plumber' = any(${mates.skills})`, isNotNull(mates.verifiedAt), ne(mates.id, row?.id ?? "")));
    const busyThen = new Set(
      (await t.database.db.select().from(mateBusy).where(ne(mateBusy.bookingId, booking.id)))
        .filter((cell) => busyCells(new Date(booking.start), new Date(booking.end)).includes(cell.cell))
        .map((cell) => cell.mateId),
    );
    const day = booking.start.slice(0, 10);
    const free = others.filter((other) => worksThen(other, day, 660, 120) && !busyThen.has(other.id));
    expect(free.length).toBeGreaterThan(0);
    // Distances count to the half kilometre (a better rating wins within it: domain/matching.ts).
    const distance = (m: { lat: number; lon: number }) =>
      Math.round(kmBetween(m.lat, m.lon, KANDIVALI.lat, KANDIVALI.lon) * 2) / 2;
    for (const other of free)
      expect(distance(row as { lat: number; lon: number })).toBeLessThanOrEqual(distance(other));
    expect(heard).toEqual(expect.arrayContaining(["cart", "booking"]));
    stop();
  });

  it("makes one booking for one idempotency key, however often it is sent", async () => {
    const customer = await signUpCustomer(t);
    const address = await addAddress(customer);
    await fillCart(customer);
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      book(customer, address.id, at(TOMORROW, "12:00"), key),
      book(customer, address.id, at(TOMORROW, "12:00"), key),
    ]);
    const ids = [
      bookingResponseSchema.parse(await a.json()).booking.id,
      bookingResponseSchema.parse(await b.json()).booking.id,
    ];
    expect(ids[0]).toBe(ids[1]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const retry = await book(customer, address.id, at(TOMORROW, "12:00"), key);
    expect(retry.status).toBe(200);
    const again = await book(customer, address.id, at(TOMORROW, "14:00"), key);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("idempotency_conflict");
    const list = bookingListSchema.parse(await (await customer.request("/api/bookings")).json());
    expect(list.upcoming).toHaveLength(1);
  });

  it("refuses an unserved address and keeps the cart", async () => {
    const customer = await signUpCustomer(t);
    const colaba = await addAddress(customer, COLABA);
    await fillCart(customer);
    const response = await book(customer, colaba.id, at(TOMORROW, "11:00"));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "unserved_address",
      message: "Mates is not available in Colaba yet, so this address cannot be booked. Your cart is kept.",
    });
    expect((await (await customer.request("/api/cart")).json()).count).toBe(1);
  });

  it("refuses starts that are not open, an empty cart, another's address and bad input", async () => {
    const customer = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const address = await addAddress(customer);
    const foreign = await addAddress(other);
    expect((await errorOf(await book(customer, address.id, at(TOMORROW, "11:00")))).code).toBe("empty_cart");
    await fillCart(customer);
    for (const start of [
      at("2026-11-23", "09:00"),
      at(TOMORROW, "05:30"),
      at(TOMORROW, "20:45"),
      at(TOMORROW, "11:10"),
      at("2026-12-05", "11:00"),
    ]) {
      const response = await book(customer, address.id, start);
      expect(response.status, start).toBe(400);
      expect((await errorOf(response)).code).toBe("slot_unavailable");
    }
    expect((await book(customer, foreign.id, at(TOMORROW, "11:00"))).status).toBe(404);
    const bad = await customer.request(
      "/api/bookings",
      post({ addressId: address.id, start: "soon", paymentMethod: "pay_after_service", idempotencyKey: "k-123456789" }),
    );
    expect((await errorOf(bad)).message).toMatch(/start: Choose a time slot/);
    for (const body of ["null", "[]", '"book"', "42"]) {
      const odd = await customer.request("/api/bookings", { method: "POST", body });
      expect(odd.status, body).toBe(400);
    }
    const viaHeader = await customer.request(
      "/api/bookings",
      post(
        { addressId: address.id, start: at(TOMORROW, "05:00"), paymentMethod: "pay_after_service" },
        { "Idempotency-Key": "header-key-123" },
      ),
    );
    expect((await errorOf(viaHeader)).code).toBe("slot_unavailable");
    const card = await customer.request(
      "/api/bookings",
      post({
        addressId: address.id,
        start: at(TOMORROW, "11:00"),
        paymentMethod: "card",
        idempotencyKey: "k-123456789",
      }),
    );
    expect((await errorOf(card)).message).toMatch(/paymentMethod: Choose how to pay/);
    expect((await (await customer.request("/api/cart")).json()).count).toBe(1);
  });
});

describe("one mate, many customers", () => {
  it("assigns the last free mate of a slot to exactly one of 20 concurrent bookings", async () => {
    // One verified pest-control mate left; the others get their verification back in the finally below.
    const pest = await t.database.db.select().from(mates).where(sql`'pest-control' = any(${mates.skills})`);
    const kept = pest[0]?.id as string;
    await t.database.db
      .update(mates)
      .set({ verifiedAt: null })
      .where(and(sql`'pest-control' = any(${mates.skills})`, ne(mates.id, kept)));
    try {
      const customers = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpCustomer(t, `Customer ${i}`)));
      const addresses = await Promise.all(customers.map((customer) => addAddress(customer)));
      await Promise.all(customers.map((customer) => fillCart(customer, "pest-control", "cockroach-ant-1-bhk")));

      const responses = await Promise.all(
        customers.map((customer, i) => book(customer, addresses[i]?.id ?? "", at(TOMORROW, "15:00"))),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
      const ids = await Promise.all(
        responses.map(async (response) => bookingResponseSchema.parse(await response.json()).booking.id),
      );
      const final = await Promise.all(ids.map((id, i) => settled(customers[i] as TestCustomer, id)));
      expect(final.filter((booking) => booking.status === "assigned")).toHaveLength(1);
      expect(final.filter((booking) => booking.status === "unassigned")).toHaveLength(19);
      const busy = await t.database.db.select().from(mateBusy).where(eq(mateBusy.mateId, kept));
      expect(new Set(busy.map((row) => row.bookingId)).size).toBe(1);
      // The slot now shows as full; the others are offered another time and get the mate then.
      const loser = customers[final.findIndex((booking) => booking.status === "unassigned")] as TestCustomer;
      const loserId = final.find((booking) => booking.status === "unassigned")?.id as string;
      const slots = slotsResponseSchema.parse(
        await (await loser.request(`/api/slots?date=${TOMORROW}&booking=${loserId}`)).json(),
      );
      expect(slots.slots.find((slot) => slot.label === "3:00 PM")?.available).toBe(false);
      const moved = await loser.request(`/api/bookings/${loserId}/reschedule`, post({ start: at(TOMORROW, "17:00") }));
      expect(moved.status).toBe(200);
      expect((await settled(loser, loserId)).status).toBe("assigned");
    } finally {
      for (const mate of pest) {
        await t.database.db.update(mates).set({ verifiedAt: mate.verifiedAt }).where(eq(mates.id, mate.id));
      }
    }
  });
});

describe("the customer's bookings", () => {
  it("are theirs alone, cancellable until 3 hours before, and follow the mate's progress", async () => {
    const customer = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const address = await addAddress(customer);
    await fillCart(customer, "electrician", "light-fitting");
    const soon = bookingResponseSchema.parse(
      await (await book(customer, address.id, at("2026-11-23", "10:30"))).json(),
    ).booking;
    await fillCart(customer, "carpenter", "door-lock-installation");
    const later = bookingResponseSchema.parse(
      await (await book(customer, address.id, at(TOMORROW, "10:30"))).json(),
    ).booking;
    await settled(customer, soon.id);
    await settled(customer, later.id);

    expect((await other.request(`/api/bookings/${soon.id}`)).status).toBe(404);
    expect((await other.request(`/api/bookings/${soon.id}/cancel`, post({}))).status).toBe(404);
    expect(bookingListSchema.parse(await (await other.request("/api/bookings")).json()).upcoming).toEqual([]);

    // 10:30 AM today is 2.5 hours away: too late to cancel online.
    const tooLate = await customer.request(`/api/bookings/${soon.id}/cancel`, post({}));
    expect(tooLate.status).toBe(409);
    expect((await errorOf(tooLate)).message).toMatch(/until 3 hours before the start/);
    const cancelled = bookingResponseSchema.parse(
      await (await customer.request(`/api/bookings/${later.id}/cancel`, post({}))).json(),
    );
    expect(cancelled.booking.status).toBe("cancelled");
    expect(await t.database.db.select().from(mateBusy).where(eq(mateBusy.bookingId, later.id))).toEqual([]);

    // The mate of the soon one steps through the day on the mate app's API; the customer follows.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, soon.id));
    const mate = await signInAsMate(t, job?.mateId ?? "");
    const step = (path: string, body: object = {}) => mate.request(`/api/mate/jobs/${job?.id}/${path}`, post(body));
    // Until 2 hours before the start the mate cannot set off; from then on the steps follow.
    const tooEarly = await step("on-the-way");
    expect(tooEarly.status).toBe(409);
    expect(await errorOf(tooEarly)).toMatchObject({ code: "too_early" });
    clock = setOffFrom(new Date(soon.start));
    expect((await step("on-the-way")).status).toBe(200);
    expect((await step("complete")).status).toBe(409);
    expect((await step("arrive")).status).toBe(200);
    const code = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${soon.id}`)).json()).booking
      .startCode;
    expect(code).toMatch(/^\d{4}$/);
    expect((await step("start", { code })).status).toBe(200);
    expect((await step("complete")).status).toBe(200);
    const list = bookingListSchema.parse(await (await customer.request("/api/bookings")).json());
    expect(list.upcoming).toEqual([]);
    // The cancelled one is later than the completed one, yet it is not "past": it has a list of its own.
    expect(list.past.map((b) => [b.id, b.status])).toEqual([[soon.id, "completed"]]);
    expect(list.cancelled.map((b) => [b.id, b.status])).toEqual([[later.id, "cancelled"]]);
  });
});

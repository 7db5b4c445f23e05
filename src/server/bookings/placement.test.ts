import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { worksThen } from "#domain/availability.ts";
import { bookingListSchema, bookingResponseSchema, busyCells } from "#domain/booking.ts";
import { kmBetween } from "#domain/matching.ts";
import { slotsResponseSchema } from "#domain/slots.ts";
import { mateBusy, mates } from "#server/mates/schema.ts";
import { addAddress, at, book, COLABA, fillCart, KANDIVALI, settled } from "#testing/booking-requests.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { errorOf, post } from "#testing/requests.ts";
import { MANY_SIGN_UPS, SEED_NOW as NOW, SEED_DAY as TOMORROW } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/** Placing a booking from the cart, and its mate's assignment, one booking per mate and time. */
let t: TestApp;
beforeAll(async () => {
  // Many customers sign up from one address here: lift the per-address sign-up limit.
  t = await createTestApp({ now: () => NOW, authLimits: MANY_SIGN_UPS });
});
afterAll(() => t.close());

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

    const done = await settled(t, customer, booking.id);
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
      const final = await Promise.all(ids.map((id, i) => settled(t, customers[i] as TestCustomer, id)));
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
      expect((await settled(t, loser, loserId)).status).toBe("assigned");
    } finally {
      for (const mate of pest) {
        await t.database.db.update(mates).set({ verifiedAt: mate.verifiedAt }).where(eq(mates.id, mate.id));
      }
    }
  });
});

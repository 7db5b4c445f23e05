import { randomUUID } from "node:crypto";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingListSchema } from "#domain/booking.ts";
import { loadConfig } from "#server/config.ts";
import type { AppDeps } from "#server/context.ts";
import { memoryEventBus } from "#server/events/bus.ts";
import { loadGazetteer } from "#server/geo/gazetteer.ts";
import { seedMates } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { createTestApp, createTestDatabase, type TestApp } from "#testing/test-app.ts";
import { listBookings } from "./bookings.ts";
import { bookings, jobs } from "./schema.ts";

// Every statement the ORM sends to this test's database, in order.
const statements: string[] = [];
const NOW = new Date("2026-11-23T02:30:00Z");

let t: TestApp;
let customer: TestCustomer;
let deps: AppDeps;

beforeAll(async () => {
  const database = await createTestDatabase((sql) => statements.push(sql));
  await seedMates(database.db);
  t = await createTestApp({ database, now: () => NOW });
  customer = await signUpCustomer(t);
  deps = {
    db: database.db,
    events: memoryEventBus(),
    gazetteer: loadGazetteer(),
    now: () => NOW,
    seller: loadConfig({}).seller,
  };

  // 20 bookings, half of them past, each with two mates (two services).
  const mateIds = (await database.db.select({ id: mates.id }).from(mates).orderBy(asc(mates.id))).map((m) => m.id);
  for (let i = 0; i < 20; i++) {
    const id = randomUUID();
    const startAt = new Date(NOW.getTime() + (i - 10) * 24 * 3_600_000);
    await database.db.insert(bookings).values({
      id,
      userId: customer.id,
      status: "assigned",
      startAt,
      endAt: new Date(startAt.getTime() + 2 * 3_600_000),
      address: {
        label: "Home",
        flat: `${i}`,
        building: "Sai Krupa CHS",
        street: "Mathuradas Road",
        locality: "Kandivali West",
        landmark: "",
        pincode: "400067",
        lat: 19.2045,
        lon: 72.8421,
      },
      items: [],
      totalRupees: 999,
      paymentMethod: "pay_after_service",
      idempotencyKey: id,
      requestHash: id,
      startCode: "1234",
    });
    await database.db.insert(jobs).values([
      {
        id: randomUUID(),
        bookingId: id,
        mateId: mateIds[(2 * i) % mateIds.length] as string,
        service: "deep-cleaning",
        status: "assigned",
      },
      {
        id: randomUUID(),
        bookingId: id,
        mateId: mateIds[(2 * i + 1) % mateIds.length] as string,
        service: "plumber",
        status: "assigned",
      },
    ]);
  }
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

describe("listing bookings", () => {
  it("loads 20 bookings with their jobs, mates, extras, timelines, payments, unread messages, re-work and help in eleven queries, however many there are", async () => {
    statements.length = 0;
    const list = await listBookings(deps, customer.id);
    // The bookings, then their jobs, the jobs' extras, the bookings' history, the jobs' mates, and the
    // bookings' payments, refunds and invoices, the unread chat messages, and re-work asked or given
    // (ratings add one more once a booking is completed).
    expect(statements).toHaveLength(11);
    expect(list.upcoming.length + list.past.length).toBe(20);
    for (const booking of [...list.upcoming, ...list.past]) {
      expect(booking.mates.map((mate) => mate.service).sort()).toEqual(["deep-cleaning", "plumber"]);
    }
  });

  it("answers the same through the API: upcoming ones by start, past ones latest first", async () => {
    const response = await customer.request("/api/bookings");
    expect(response.status).toBe(200);
    const { upcoming, past } = bookingListSchema.parse(await response.json());
    expect(upcoming).toHaveLength(10);
    expect(past).toHaveLength(10);
    const starts = (list: { start: string }[]) => list.map((booking) => Date.parse(booking.start));
    expect(starts(upcoming)).toEqual([...starts(upcoming)].sort((a, b) => a - b));
    expect(starts(past)).toEqual([...starts(past)].sort((a, b) => b - a));
    expect(past[0]?.mates).toHaveLength(2);
  });
});

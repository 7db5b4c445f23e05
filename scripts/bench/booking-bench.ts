/**
 * Booking benchmark (issue 6): with 200 mates and 10,000 existing bookings, the time to list a
 * day's slots and to place a booking, through the whole app in process (session, validation,
 * queries), p50/p99. On PGlite by default; on PostgreSQL with DATABASE_URL.
 *
 *   node scripts/bench/booking-bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench/booking-bench.ts
 */
import { randomUUID } from "node:crypto";
import { everyDay } from "#domain/availability.ts";
import { bookingDays, busyCells, slotTimes } from "#domain/booking.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { bookings } from "#server/bookings/schema.ts";
import { readSeedMates } from "#server/mates/mates.ts";
import { mateBusy, mates } from "#server/mates/schema.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { createTestApp } from "#testing/test-app.ts";

const MATES = 200;
const EXISTING = 10_000;
const RUNS = 300;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** A repeatable pseudo-random sequence. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const t = await createTestApp({
  authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 10_000, windowSeconds: 600 } } },
});
const db = t.database.db;
try {
  // 200 mates: the 42 shipped ones and more like them around the same localities.
  const seed = readSeedMates().filter((mate) => mate.verifiedAt);
  const next = random(7);
  const extra = Array.from({ length: MATES - 42 }, (_, i) => {
    const like = seed[i % seed.length] ?? seed[0];
    if (!like) throw new Error("no seed mates");
    const { worksFrom, worksUntil, ...rest } = like;
    return {
      ...rest,
      weeklyHours: everyDay(worksFrom, worksUntil),
      id: `bench-mate-${i}`,
      name: `Bench Mate ${i}`,
      lat: like.lat + (next() - 0.5) * 0.02,
      lon: like.lon + (next() - 0.5) * 0.02,
      verifiedAt: new Date("2025-01-01T00:00:00Z"),
    };
  });
  await db.insert(mates).values(extra);
  const allMates = await db.select().from(mates);

  // 10,000 bookings over the booking window, each holding one mate for 1–2 hours.
  const owner = await signUpCustomer(t, "Bench Owner");
  const days = bookingDays(new Date());
  const taken = new Set<string>();
  const rows: (typeof bookings.$inferInsert)[] = [];
  const busy: (typeof mateBusy.$inferInsert)[] = [];
  let attempts = 0;
  while (rows.length < EXISTING && attempts < EXISTING * 20) {
    attempts++;
    const day = days[Math.floor(next() * days.length)] ?? days[0] ?? "";
    const times = slotTimes(day, 120, new Date(Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000));
    const time = times[Math.floor(next() * times.length)];
    const mate = allMates[Math.floor(next() * allMates.length)];
    if (!time || !mate) continue;
    const cells = busyCells(time.start, new Date(time.start.getTime() + (next() < 0.5 ? 60 : 120) * 60_000));
    if (cells.some((cell) => taken.has(`${mate.id}:${cell}`))) continue;
    const id = randomUUID();
    for (const cell of cells) {
      taken.add(`${mate.id}:${cell}`);
      busy.push({ mateId: mate.id, cell, bookingId: id });
    }
    rows.push({
      id,
      userId: owner.id,
      status: "assigned",
      startAt: time.start,
      endAt: time.end,
      address: {
        label: "Home",
        flat: "1",
        building: "",
        street: "",
        locality: "Malad West",
        landmark: "",
        pincode: "400064",
        lat: 19.187,
        lon: 72.849,
      },
      items: [],
      totalRupees: 449,
      paymentMethod: "pay_after_service",
      idempotencyKey: id,
      startCode: "0000",
      requestHash: id,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(bookings).values(rows.slice(i, i + 1000));
  for (let i = 0; i < busy.length; i += 2000) await db.insert(mateBusy).values(busy.slice(i, i + 2000));

  const customer = await signUpCustomer(t, "Bench Customer");
  const created = await customer.request("/api/addresses", {
    method: "POST",
    body: JSON.stringify({
      label: "Home",
      flat: "B-402",
      locality: "Kandivali West",
      pincode: "400067",
      lat: 19.2045,
      lon: 72.8421,
    }),
  });
  const addressId = ((await created.json()) as { address: { id: string } }).address.id;
  const fill = () =>
    customer.request("/api/cart/items", {
      method: "POST",
      body: JSON.stringify({ service: "plumber", option: "drain-blockage", quantity: 1 }),
    });
  await fill();

  const tomorrow = days[1] ?? "";
  const slotTimesMs: number[] = [];
  for (let i = 0; i < RUNS + 20; i++) {
    const started = performance.now();
    const response = await customer.request(`/api/slots?date=${tomorrow}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`slots answered ${response.status}`);
    if (i >= 20) slotTimesMs.push(performance.now() - started);
  }

  const starts = slotTimes(tomorrow, 60, new Date()).map((time) => time.start.toISOString());
  const placeMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i > 0) await fill();
    const started = performance.now();
    const response = await customer.request("/api/bookings", {
      method: "POST",
      body: JSON.stringify({
        addressId,
        start: starts[i % starts.length],
        paymentMethod: "pay_after_service",
        idempotencyKey: randomUUID(),
      }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`placing answered ${response.status}`);
    placeMs.push(performance.now() - started);
    // Let the assignment that follows each booking run before the next one is timed.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }

  process.stdout.write(
    [
      `### Booking on ${t.database.kind === "pglite" ? "PGlite" : "PostgreSQL"} (${allMates.length} mates, ${rows.length.toLocaleString("en")} existing bookings, ${busy.length.toLocaleString("en")} busy cells)`,
      "",
      "| operation | runs | p50 | p99 |",
      "|---|---|---|---|",
      `| GET /api/slots for a day | ${RUNS} | ${percentile(slotTimesMs, 50).toFixed(1)} ms | ${percentile(slotTimesMs, 99).toFixed(1)} ms |`,
      `| POST /api/bookings | ${RUNS} | ${percentile(placeMs, 50).toFixed(1)} ms | ${percentile(placeMs, 99).toFixed(1)} ms |`,
      "",
    ].join("\n"),
  );
} finally {
  await t.close();
}

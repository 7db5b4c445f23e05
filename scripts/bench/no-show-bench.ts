/**
 * No-show rescue benchmark (issue 38, record 059): what "Find another mate now" takes end to end,
 * from the customer's tap (POST /api/bookings/:id/no-show/another-mate, through session, role check,
 * the booking's row lock, the ranking of mates free now, the held cells, the no-show and assignment
 * steps and their history) to the job on the new mate's phone: (1) the "jobs" event on the new
 * mate's event stream (the bus their /api/events streams listen to; within one instance a Redis bus
 * delivers to its own streams the same way), and (2) the new mate's jobs list (GET /api/mate/jobs)
 * fetched on that event and showing the job. Rescues one after another, each booking with a late
 * mate and a free mate nearest to it. On PGlite by default; PostgreSQL with DATABASE_URL (a fresh
 * database of its own, dropped after).
 *
 *   node scripts/bench/no-show-bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench/no-show-bench.ts
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { everyDay } from "#domain/availability.ts";
import { bookingDays } from "#domain/booking.ts";
import { kolkataInstant } from "#domain/kolkata-time.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { users } from "#server/auth/schema.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { readSeedMates } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { createTestApp } from "#testing/test-app.ts";

const MEASURED = Number(process.env.BENCH_RUNS ?? 200);
/** The first rescues warm the code and the queries up and are not counted. */
const WARMUP = 10;
const RUNS = MEASURED + WARMUP;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

// Tomorrow at 11:00 AM; the clock stands 16 minutes later, when the rescue is open.
const start = kolkataInstant(bookingDays(new Date())[1] ?? "", 660);
const now = new Date(start.getTime() + 16 * 60_000);
// One customer taps every rescue: the per-user limit on writes is lifted for it.
const t = await createTestApp({
  now: () => now,
  env: { WRITES_PER_USER_PER_MINUTE: "100000" },
  authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 10_000, windowSeconds: 600 } } },
});
const db = t.database.db;

try {
  await db.update(mates).set({ verifiedAt: null });
  const [like] = readSeedMates();
  if (!like) throw new Error("no seeded mate");
  const { worksFrom: _from, worksUntil: _until, ...base } = like;
  // Booking i's home is 2 km north of the last: its late mate and its free mate live there, so the
  // nearest free mate is its own and no rescue waits on another's.
  const point = (i: number) => ({ lat: 19.2 + i * 0.018, lon: 72.84 });
  const mateRow = (id: string, i: number) => ({
    ...base,
    ...point(i),
    id,
    name: `Bench Mate ${id}`,
    skills: ["plumber"],
    weeklyHours: everyDay(360, 1260),
    daysOff: [],
    verifiedAt: new Date("2025-01-01T00:00:00Z"),
  });
  await db.insert(mates).values(Array.from({ length: RUNS }, (_, i) => mateRow(`late-${i}`, i)));
  await db.insert(mates).values(Array.from({ length: RUNS }, (_, i) => mateRow(`free-${i}`, i)));

  const customer = await signUpCustomer(t, "Bench Customer");
  const work: { bookingId: string; free: TestCustomer }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const bookingId = randomUUID();
    await db.insert(bookings).values({
      id: bookingId,
      userId: customer.id,
      status: "assigned",
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      address: {
        label: "Home",
        flat: `${i}`,
        building: "",
        street: "",
        locality: "Kandivali West",
        landmark: "",
        pincode: "400067",
        ...point(i),
      },
      items: [
        {
          service: "plumber",
          group: "Homekit",
          durationMinutes: 60,
          option: "drain-blockage",
          serviceTitle: "Plumber",
          optionLabel: "Drain blockage",
          quantity: 1,
          unitPriceRupees: 349,
          lineTotalRupees: 349,
        },
      ],
      totalRupees: 349,
      paymentMethod: "pay_after_service",
      idempotencyKey: bookingId,
      requestHash: bookingId,
      startCode: String(1000 + i),
      noShowOfferedAt: new Date(start.getTime() + 15 * 60_000),
    });
    await db
      .insert(jobs)
      .values({ id: randomUUID(), bookingId, service: "plumber", mateId: `late-${i}`, status: "assigned" });
    const free = await signUpCustomer(t, `Bench Free Mate ${i}`);
    await db.update(users).set({ role: "mate" }).where(eq(users.id, free.id));
    await db
      .update(mates)
      .set({ userId: free.id })
      .where(eq(mates.id, `free-${i}`));
    work.push({ bookingId, free });
  }

  const toEvent: number[] = [];
  const toList: number[] = [];
  const began = performance.now();
  for (const [i, { bookingId, free }] of work.entries()) {
    const tapped = performance.now();
    const heard = new Promise<number>((resolve) => {
      const stop = t.events.subscribe(free.id, (event) => {
        if (event.type !== "jobs" || (event.data as { bookingId?: string }).bookingId !== bookingId) return;
        stop();
        resolve(performance.now());
      });
    });
    const response = await customer.request(`/api/bookings/${bookingId}/no-show/another-mate`, {
      method: "POST",
      body: "{}",
    });
    if (response.status !== 200) throw new Error(`the rescue was refused: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    const event = (await heard) - tapped;
    const list = (await (await free.request("/api/mate/jobs")).json()) as { today: { bookingId: string }[] };
    if (!list.today.some((job) => job.bookingId === bookingId)) throw new Error("the new mate's list lacks the job");
    if (i < WARMUP) continue;
    toEvent.push(event);
    toList.push(performance.now() - tapped);
  }
  const seconds = (performance.now() - began) / 1000;
  const row = (what: string, times: number[]) =>
    `| ${what} | ${times.length} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms |`;

  process.stdout.write(
    [
      `### No-show rescue on ${t.database.kind === "pglite" ? "PGlite" : "PostgreSQL"} (${MEASURED} rescues one after another, after ${WARMUP} to warm up, in ${seconds.toFixed(1)} s)`,
      "",
      "| from the customer's tap (POST …/no-show/another-mate) to | runs | p50 | p95 | p99 | max |",
      "|---|---|---|---|---|---|",
      row("the job's event on the new mate's stream", toEvent),
      row("the new mate's jobs list showing it", toList),
      "",
    ].join("\n"),
  );
} finally {
  await t.close();
}

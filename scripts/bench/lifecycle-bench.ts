/**
 * Job lifecycle benchmark (issue 14): 200 mates, each with a job, step through it at the same time
 * (on the way → arrived → start with the code → complete → payment collected) through the whole app
 * in process (session, role check, validation, the locked conditional transition, history, live
 * events). Prints p50/p95/p99 of one transition. On PGlite by default; PostgreSQL with DATABASE_URL.
 *
 *   node scripts/bench/lifecycle-bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench/lifecycle-bench.ts
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

const MATES = Number(process.env.BENCH_MATES ?? 200);
const STEPS: { path: string; body?: (code: string) => object }[] = [
  { path: "on-the-way" },
  { path: "arrive" },
  { path: "start", body: (code) => ({ code }) },
  { path: "complete" },
  { path: "collect", body: () => ({ method: "upi" }) },
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

// The jobs are booked for tomorrow and stepped at once: the set-off window (record 049) is widened
// to its largest setting, a week, so that every step is allowed now.
const t = await createTestApp({
  env: { SET_OFF_WINDOW_MINUTES: String(7 * 24 * 60) },
  authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 10_000, windowSeconds: 600 } } },
});
const db = t.database.db;

try {
  const seed = readSeedMates();
  const extra = Array.from({ length: MATES - seed.length }, (_, i) => {
    const { worksFrom, worksUntil, ...like } = seed[i % seed.length] ?? (seed[0] as (typeof seed)[number]);
    return {
      ...like,
      weeklyHours: everyDay(worksFrom, worksUntil),
      id: `bench-mate-${i}`,
      name: `Bench Mate ${i}`,
      verifiedAt: new Date("2025-01-01T00:00:00Z"),
    };
  });
  if (extra.length > 0) await db.insert(mates).values(extra);
  const allMates = (await db.select({ id: mates.id }).from(mates)).slice(0, MATES);

  // One job per mate, tomorrow at 10:00 AM, for a customer in Kandivali.
  const customer = await signUpCustomer(t, "Bench Customer");
  const start = kolkataInstant(bookingDays(new Date())[1] ?? "", 600);
  const work: { mate: TestCustomer; jobId: string; code: string }[] = [];
  for (const [i, { id: mateId }] of allMates.entries()) {
    const bookingId = randomUUID();
    const jobId = randomUUID();
    const code = String(1000 + i);
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
        lat: 19.2045,
        lon: 72.8421,
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
      startCode: code,
    });
    await db.insert(jobs).values({ id: jobId, bookingId, service: "plumber", mateId, status: "assigned" });
    const mate = await signUpCustomer(t, `Bench Mate User ${i}`);
    await db.update(users).set({ role: "mate" }).where(eq(users.id, mate.id));
    await db.update(mates).set({ userId: mate.id }).where(eq(mates.id, mateId));
    work.push({ mate, jobId, code });
  }

  const times: number[] = [];
  let refused = 0;
  const began = performance.now();
  await Promise.all(
    work.map(async ({ mate, jobId, code }) => {
      for (const step of STEPS) {
        const started = performance.now();
        const response = await mate.request(`/api/mate/jobs/${jobId}/${step.path}`, {
          method: "POST",
          body: JSON.stringify(step.body?.(code) ?? {}),
        });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) refused++;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  if (refused > 0) throw new Error(`${refused} transitions were refused`);

  process.stdout.write(
    [
      `### Job lifecycle on ${t.database.kind === "pglite" ? "PGlite" : "PostgreSQL"} (${MATES} mates at once, ${times.length} transitions in ${seconds.toFixed(1)} s)`,
      "",
      "| transition (POST /api/mate/jobs/:id/…) | runs | p50 | p95 | p99 | max |",
      "|---|---|---|---|---|---|",
      `| on the way, arrive, start, complete, collect | ${times.length} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms |`,
      "",
    ].join("\n"),
  );
} finally {
  await t.close();
}

/**
 * Mate earnings benchmark (issue 39, record 066): a mate's earnings page with a million entries in
 * the ledger. The ledger is filled by SQL in batches of balanced transactions, as the recipes post
 * them (a job earned: the gross to the mate, commission and TDS back; every fourth job paid in cash,
 * so collected by the mate too), 2,000 mates over the 26 weeks before now; the balance trigger
 * checks every batch at its commit. Then, through the whole app in process (session, role check,
 * route, queries), one mate after another asks for their earnings: the balance, the week so far
 * and a page of past weeks (GET /api/mate/earnings/weeks), and one past week in full
 * (GET /api/mate/earnings/weeks/:week). On PGlite by default; PostgreSQL with DATABASE_URL (a
 * fresh database of its own, dropped after).
 *
 *   node scripts/bench/earnings-bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench/earnings-bench.ts
 */
import { sql } from "drizzle-orm";
import { everyDay } from "#domain/availability.ts";
import { addDays, weekOf } from "#domain/payouts.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { readSeedMates } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { signInAsMate } from "#testing/mates.ts";
import { createTestApp } from "#testing/test-app.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const MATES = 2_000;
const WEEKS = 26;
const MEASURED = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = 20;
/** Mates signed in to ask: requests rotate among them so no one mate's pages stay hot. */
const ASKING = 30;
const BATCH = 10_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

// Six entries a job and two more for every fourth (cash): enough jobs for ENTRIES entries.
let jobs = Math.floor(ENTRIES / 6.5);
while (6 * jobs + 2 * Math.ceil(jobs / 4) < ENTRIES) jobs += 1;

const now = new Date();
const many = { ip: { max: 10_000, windowSeconds: 600 } };
const t = await createTestApp({
  now: () => now,
  authLimits: { ...DEFAULT_AUTH_LIMITS, signIn: many, resetPassword: many },
});
const db = t.database.db;

try {
  const [like] = readSeedMates();
  if (!like) throw new Error("no seeded mate");
  const { worksFrom: _from, worksUntil: _until, ...base } = like;
  for (let from = 0; from < MATES; from += 500) {
    await db.insert(mates).values(
      Array.from({ length: Math.min(500, MATES - from) }, (_, k) => ({
        ...base,
        id: `bench-mate-${from + k}`,
        name: `Bench Mate ${from + k}`,
        skills: ["plumber"],
        weeklyHours: everyDay(360, 1260),
        daysOff: [],
        verifiedAt: null,
      })),
    );
  }

  const minutes = WEEKS * 7 * 24 * 60;
  const stamp = now.toISOString();
  const loadBegan = performance.now();
  for (let lo = 0; lo < jobs; lo += BATCH) {
    const hi = Math.min(jobs, lo + BATCH) - 1;
    // A job's time is spread pseudo-randomly over the 26 weeks before now; its mate is i mod 2,000.
    const jobsOf = sql`select i, 'bench-' || i as id, 'bench-mate-' || (i % ${MATES}) as mate_id,
        ${stamp}::timestamptz - ((i * 7919) % ${minutes}) * interval '1 minute' as at,
        (50000 + (i % 100) * 1000)::bigint as g
      from generate_series(${lo}::int, ${hi}::int) i`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_transactions (id, kind, key, at, job_id, mate_id, actor)
        select j.id, 'job_earned', j.id, j.at, 'bench-job-' || j.i, j.mate_id, 'system' from (${jobsOf}) j`);
      await tx.execute(sql`insert into ledger_entries (transaction_id, account, mate_id, line, amount_paise, at)
        select j.id, e.account, case when e.account = 'mate' then j.mate_id end, e.line, e.amount, j.at
        from (${jobsOf}) j cross join lateral (values
          ('customers', 'service', j.g), ('mate', 'service', -j.g),
          ('mate', 'commission', j.g / 5), ('commission', 'commission', -(j.g / 5)),
          ('mate', 'tds', (j.g + 500) / 1000), ('tds', 'tds', -((j.g + 500) / 1000)),
          ('mate', 'collected', case when j.i % 4 = 0 then j.g end),
          ('customers', 'collected', case when j.i % 4 = 0 then -j.g end)
        ) e(account, line, amount)
        where e.amount is not null`);
    });
  }
  await db.execute(sql`analyze ledger_entries`);
  await db.execute(sql`analyze ledger_transactions`);
  const loadSeconds = (performance.now() - loadBegan) / 1000;
  const counted = await db.execute(sql`select count(*)::int as n from ledger_entries`);
  const entries = Number(
    (Array.isArray(counted) ? counted[0] : (counted as { rows: { n: number }[] }).rows[0])?.n ?? 0,
  );

  const asking: TestCustomer[] = [];
  for (let k = 0; k < ASKING; k++) asking.push(await signInAsMate(t, `bench-mate-${k * 61}`));
  const lastWeek = addDays(weekOf(now), -7);
  const pageTimes: number[] = [];
  const weekTimes: number[] = [];
  const timed = async (who: TestCustomer, path: string) => {
    const began = performance.now();
    const response = await who.request(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - began;
  };
  for (let run = 0; run < MEASURED + WARMUP; run++) {
    const who = asking[run % ASKING] as TestCustomer;
    const page = await timed(who, "/api/mate/earnings/weeks");
    const week = await timed(who, `/api/mate/earnings/weeks/${lastWeek}`);
    if (run < WARMUP) continue;
    pageTimes.push(page);
    weekTimes.push(week);
  }
  const row = (what: string, times: number[]) =>
    `| ${what} | ${times.length} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms |`;
  const perMate = Math.round(entries / 2 / MATES);
  process.stdout.write(
    [
      `### A mate's earnings on ${t.database.kind === "pglite" ? "PGlite" : "PostgreSQL"}: ${entries.toLocaleString("en-IN")} ledger entries (${jobs.toLocaleString("en-IN")} jobs of ${MATES.toLocaleString("en-IN")} mates over ${WEEKS} weeks, about ${perMate} entries a mate), loaded and analysed in ${loadSeconds.toFixed(1)} s`,
      "",
      `| request (${ASKING} mates in turn, after ${WARMUP} to warm up) | runs | p50 | p95 | p99 | max |`,
      "|---|---|---|---|---|---|",
      row("GET /api/mate/earnings/weeks (balance, week so far, 8 past weeks)", pageTimes),
      row("GET /api/mate/earnings/weeks/:week (a past week in full)", weekTimes),
      "",
    ].join("\n"),
  );
} finally {
  await t.close();
}

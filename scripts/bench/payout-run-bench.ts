/**
 * Weekly payout run benchmark (issue 39, record 065): 2,000 mates with 50 completed jobs each in
 * the week (40 paid online, 10 in cash; every tenth mate works in cash only and owes Mates), posted
 * with the ledger's recipes in batches; then the run is made (one settlement per mate from the
 * ledger) and approved (a payout, its posting and its queue job per payable mate), each timed with
 * the process's peak RSS and heap while it ran. The console's page of the run is read once too.
 * On PGlite by default; PostgreSQL with DATABASE_URL (a fresh database of its own, dropped after).
 *
 *   node scripts/bench/payout-run-bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench/payout-run-bench.ts
 *   BENCH_MATES=200 node scripts/bench/payout-run-bench.ts      # a smaller book
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { everyDay } from "#domain/availability.ts";
import { collectedByMate, workEarned } from "#domain/ledger.ts";
import { DEFAULT_PAYOUT_SETTINGS, weekBounds } from "#domain/payouts.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import type { Posting } from "#server/ledger/ledger.ts";
import { postMany } from "#server/ledger/post-many.ts";
import { readSeedMates } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import { approveRun } from "#server/payouts/run-approval.ts";
import { runDetail } from "#server/payouts/run-views.ts";
import { makeRun } from "#server/payouts/runs.ts";
import { payoutDestinations } from "#server/payouts/schema.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { createTestApp } from "#testing/test-app.ts";

const MATES = Number(process.env.BENCH_MATES ?? 2000);
const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const WEEK = "2026-11-16";
const { from, to } = weekBounds(WEEK);
/** Monday 23 November 2026, 06:00 in Mumbai: the payout day's run. */
const NOW = new Date("2026-11-23T00:30:00Z");
const RATES = { commissionBp: 2000, tdsBp: 10 };

const t = await createTestApp({
  now: () => NOW,
  authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 100, windowSeconds: 600 } } },
});
const db = t.database.db;

/** Runs `work`, sampling the process's memory every 5 ms: wall time, peak RSS and heap while it ran. */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  const began = performance.now();
  const result = await work();
  const ms = performance.now() - began;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  peakHeap = Math.max(peakHeap, after.heapUsed);
  return {
    result,
    ms,
    rssMb: peakRss / 2 ** 20,
    rssGrowthMb: (peakRss - before.rss) / 2 ** 20,
    heapMb: peakHeap / 2 ** 20,
  };
}

try {
  const operatorId = (await signInAsOperator(t)).id;
  const [like] = readSeedMates();
  if (!like) throw new Error("no seeded mate");
  const { worksFrom: _from, worksUntil: _until, ...base } = like;
  const ids = Array.from({ length: MATES }, (_, i) => `bench-${String(i).padStart(5, "0")}`);
  for (let start = 0; start < ids.length; start += 500) {
    await db.insert(mates).values(
      ids.slice(start, start + 500).map((id) => ({
        ...base,
        id,
        name: `Bench ${id}`,
        verifiedAt: new Date("2025-01-01T00:00:00Z"),
        weeklyHours: everyDay(360, 1260),
        daysOff: [],
      })),
    );
  }
  // Most mates have a UPI ID or a bank account added long ago; one in 50 added theirs an hour ago
  // (held), one in 50 has none.
  const destinations = ids
    .filter((_, i) => i % 50 !== 7)
    .map((mateId, i) => ({
      id: randomUUID(),
      mateId,
      kind: i % 2 === 0 ? "vpa" : "bank_account",
      holderName: "Bench Holder",
      masked: "XXXX XXXX 4321",
      contactId: `cont_${mateId}`,
      fundAccountId: `fa_${mateId}`,
      addedAt: i % 50 === 3 ? new Date(NOW.getTime() - 3_600_000) : new Date("2026-01-01T00:00:00Z"),
    }));
  for (let start = 0; start < destinations.length; start += 500) {
    await db.insert(payoutDestinations).values(destinations.slice(start, start + 500));
  }

  // The week's jobs, posted with the recipes as completions and cash collections post them.
  const seeding = await measured(async () => {
    const span = to.getTime() - from.getTime();
    let postings: Posting[] = [];
    let count = 0;
    const flush = async () => {
      const batch = postings;
      postings = [];
      await db.transaction((tx) => postMany(tx, batch, new Date(from.getTime() + (count++ % 97) * (span / 100))));
    };
    for (const [m, mateId] of ids.entries()) {
      for (let j = 0; j < JOBS; j++) {
        const cash = m % 10 === 0 || j % 5 === 0;
        const gross = 29_900 + ((m * 7 + j * 13) % 50) * 1_000;
        const jobId = randomUUID();
        postings.push({
          kind: "job_earned",
          key: `bench:${jobId}:earned`,
          jobId,
          mateId,
          entries: workEarned(mateId, gross, RATES).entries,
          who: { actor: "system" },
        });
        if (cash) {
          postings.push({
            kind: "collected",
            key: `bench:${jobId}:collected`,
            jobId,
            mateId,
            entries: collectedByMate(mateId, gross),
            who: { actor: "system" },
          });
        }
      }
      if (postings.length >= 5_000) await flush();
    }
    if (postings.length > 0) await flush();
  });
  const [counted] = (await db.select({ entries: sql<string>`count(*)` }).from(sql`ledger_entries`)) as {
    entries: string;
  }[];
  const entries = Number(counted?.entries ?? 0);

  const made = await measured(() => makeRun(db, WEEK, NOW, DEFAULT_PAYOUT_SETTINGS));
  const deps = {
    db,
    now: () => NOW,
    payouts: DEFAULT_PAYOUT_SETTINGS,
    razorpayX: { accountNumber: "7878780080316316", webhookSecret: "bench" },
  };
  const read = await measured(() => runDetail(db, made.result.runId));
  const approved = await measured(() => approveRun(deps, operatorId, made.result.runId));
  const byStatus = new Map<string, number>();
  for (const s of read.result.settlements) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);

  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const row = (what: string, m: Awaited<ReturnType<typeof measured>>) =>
    `| ${what} | ${(m.ms / 1000).toFixed(2)} s | ${mb(m.rssMb)} (+${mb(m.rssGrowthMb)}) | ${mb(m.heapMb)} |`;
  process.stdout.write(
    [
      `Payout run on ${t.database.kind}: ${MATES} mates × ${JOBS} jobs, ${entries.toLocaleString("en-IN")} ledger entries`,
      `(seeded in ${(seeding.ms / 1000).toFixed(1)} s); settlements ${[...byStatus].map(([s, n]) => `${s} ${n}`).join(", ")};`,
      `${approved.result.payouts} payouts queued, ₹${(read.result.run.totalPaise / 100).toLocaleString("en-IN")} in all.`,
      "",
      "| step | wall time | peak RSS (growth) | peak heap |",
      "|---|---|---|---|",
      row("make the run (settlements of every mate)", made),
      row("read the run (the console's page)", read),
      row("approve it (payouts, postings, queue jobs)", approved),
      "",
    ].join("\n"),
  );
} finally {
  await t.close();
}

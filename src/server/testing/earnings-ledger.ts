import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import * as recipes from "#domain/ledger.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { post } from "#server/ledger/ledger.ts";
import { mates } from "#server/mates/schema.ts";
import { payoutRuns, payouts, reconciliationFlags, settlements } from "#server/payouts/schema.ts";
import type { TestCustomer } from "./customers.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A small ledger of two mates for the earnings and finance tests (record 066), posted with the
 * ledger's own recipes, and payouts written as the payout run writes them. `NOW` is Wednesday
 * 25 November 2026, noon in India: its week began Monday the 23rd.
 *
 * Mate A (mate-001, PAN given in November): a job in September (TDS at 5 %); the week of
 * 16 November an online job with a tip, a cash job, an adjustment and a refund charged to them;
 * this week that week's payout (failed once, then processed with a UTR) and a deduction. Mate B
 * (mate-002): one online job this week.
 */
export const NOW = new Date("2026-11-25T06:30:00Z");
export const A = "mate-001";
export const B = "mate-002";
const RATES = { commissionBp: 2000, tdsBp: 10 };
const SYSTEM = { actor: "system" as const };
let key = 0;

export async function seedEarningsLedger(t: TestApp, who: { customer: TestCustomer; operator: TestCustomer }) {
  const { customer, operator } = who;
  const job1 = randomUUID();
  const job2 = randomUUID();
  const job3 = randomUUID();
  const payoutId = randomUUID();
  async function postAt(at: string, posting: Omit<Parameters<typeof post>[1], "key" | "who">) {
    key += 1;
    await t.database.db.transaction((tx) =>
      post(tx, { ...posting, key: `earnings:${key}`, who: SYSTEM }, new Date(at)),
    );
  }
  const db = t.database.db;
  await db.update(mates).set({ pan: "ABCDE1234F", panGivenAt: NOW }).where(eq(mates.id, A));
  // A real job for the first one, so its service's title shows (and nothing of its customer).
  const bookingId = randomUUID();
  await db.insert(bookings).values({
    id: bookingId,
    userId: customer.id,
    status: "completed",
    startAt: new Date("2026-11-17T05:30:00Z"),
    endAt: new Date("2026-11-17T07:30:00Z"),
    address: {} as never,
    items: [],
    totalRupees: 3499,
    paymentMethod: "online",
    idempotencyKey: randomUUID(),
    requestHash: "x",
    startCode: "1234",
  });
  await db
    .insert(jobs)
    .values({ id: job1, bookingId, service: "plumber", mateId: A, status: "paid", commissionBp: 2000 });

  // September (2026-27 Q2), before A gave a PAN: TDS at 5 %.
  await postAt("2026-09-15T06:00:00Z", {
    kind: "job_earned",
    jobId: job3,
    entries: recipes.workEarned(A, 50_000, { commissionBp: 2000, tdsBp: 500 }).entries,
  });
  // Last week (from Monday 16 November): an online job with a tip, a cash job, an adjustment, a charge.
  await postAt("2026-11-17T06:00:00Z", {
    kind: "job_earned",
    jobId: job1,
    bookingId,
    entries: recipes.workEarned(A, 349_900, RATES).entries,
  });
  await postAt("2026-11-17T07:00:00Z", { kind: "tip", jobId: job1, entries: recipes.tipAdded(A, 5_000) });
  await postAt("2026-11-18T06:00:00Z", {
    kind: "job_earned",
    jobId: job2,
    entries: [...recipes.workEarned(A, 100_000, RATES).entries, ...recipes.collectedByMate(A, 100_000)],
  });
  await postAt("2026-11-19T06:00:00Z", {
    kind: "adjustment",
    mateId: A,
    memo: "Travel allowance",
    entries: recipes.adjustment(A, 20_000),
  });
  await postAt("2026-11-20T06:00:00Z", {
    kind: "refund",
    mateId: A,
    memo: "Broken tile, charged to the mate",
    entries: recipes.refundDecided(15_000, A),
  });
  // This week: last week's payout (failed once, then processed), and a deduction.
  const runId = randomUUID();
  const settlementId = randomUUID();
  await db.insert(payoutRuns).values({
    id: runId,
    week: "2026-11-16",
    cutoff: new Date("2026-11-22T18:30:00Z"),
    status: "approved",
    createdAt: new Date("2026-11-23T00:30:00Z"),
  });
  await db.insert(settlements).values({
    id: settlementId,
    runId,
    mateId: A,
    jobs: 2,
    grossPaise: 449_900,
    commissionPaise: 89_980,
    tdsPaise: 450,
    tipsPaise: 5_000,
    collectedPaise: 100_000,
    adjustmentsPaise: 5_000,
    balancePaise: 306_970,
    amountPaise: 306_970,
    status: "paid",
  });
  const payout = (id: string, attempt: number, status: "failed" | "processed", minute: number) => ({
    id,
    settlementId,
    mateId: A,
    attempt,
    amountPaise: 306_970,
    mode: "UPI",
    fundAccountId: "fa_test",
    status,
    utr: status === "processed" ? "UTR000111222" : null,
    failureReason: status === "failed" ? "Beneficiary bank offline" : null,
    createdAt: new Date(`2026-11-23T01:${String(minute).padStart(2, "0")}:00Z`),
    updatedAt: new Date("2026-11-23T02:00:00Z"),
  });
  const failedId = randomUUID();
  await db.insert(payouts).values([payout(failedId, 1, "failed", 0), payout(payoutId, 2, "processed", 30)]);
  await postAt("2026-11-23T01:00:00Z", { kind: "payout", mateId: A, entries: recipes.payoutSent(A, 306_970) });
  await postAt("2026-11-23T01:10:00Z", { kind: "payout", mateId: A, entries: recipes.payoutFailed(A, 306_970) });
  await postAt("2026-11-23T01:30:00Z", { kind: "payout", mateId: A, entries: recipes.payoutSent(A, 306_970) });
  await postAt("2026-11-23T02:00:00Z", { kind: "payout", entries: recipes.payoutProcessed(306_970) });
  await postAt("2026-11-24T06:00:00Z", {
    kind: "adjustment",
    mateId: A,
    memo: 'Uniform, "size L"',
    entries: recipes.adjustment(A, -50_000),
  });
  // Another mate's job this week: never in A's figures.
  await postAt("2026-11-24T07:00:00Z", {
    kind: "job_earned",
    jobId: randomUUID(),
    entries: recipes.workEarned(B, 200_000, RATES).entries,
  });
  await db.insert(reconciliationFlags).values([
    {
      id: randomUUID(),
      payoutId,
      difference: "Amount differs",
      ours: "306970",
      theirs: "306900",
      foundAt: new Date("2026-11-24T20:30:00Z"),
    },
    {
      id: randomUUID(),
      payoutId: failedId,
      difference: "Resolved already",
      ours: "a",
      theirs: "b",
      foundAt: new Date("2026-11-24T20:30:00Z"),
      resolvedAt: NOW,
      resolvedBy: operator.id,
    },
  ]);
  return { job1, job2, job3, payoutId };
}

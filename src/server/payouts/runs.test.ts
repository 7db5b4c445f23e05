import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as recipes from "#domain/ledger.ts";
import type { PayoutRunDetail } from "#domain/payout-runs.ts";
import { DEFAULT_PAYOUT_SETTINGS } from "#domain/payouts.ts";
import type { Database } from "#server/db/client.ts";
import { mateBalance, post } from "#server/ledger/ledger.ts";
import { ledgerTransactions } from "#server/ledger/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import { queuedJobs } from "#server/queue/schema.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { MANY_SIGN_UPS } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { approveRun } from "./run-approval.ts";
import { runDetail } from "./run-views.ts";
import { ensureRunScheduled, makeRun, payoutRunHandlers, runKey } from "./runs.ts";
import { payoutDestinations, payoutRuns, payouts, settlements } from "./schema.ts";
import { PAYOUT_WORK } from "./work-names.ts";

/**
 * The weekly run (record 065) against a real database: the week's figures summed from the ledger,
 * each mate's status, made once however often asked, and approved once into payouts, postings and
 * the queue jobs that send them.
 */

/** Monday 23 November 2026, 08:00 in Mumbai: the run of the week of 16 November is due. */
const NOW = new Date("2026-11-23T02:30:00Z");
const WEEK = "2026-11-16";
const IN_WEEK = new Date("2026-11-18T06:00:00Z");
const WEEK_BEFORE = new Date("2026-11-10T06:00:00Z");
const AFTER_CUTOFF = new Date("2026-11-23T01:00:00Z");
const RATES = { commissionBp: 2000, tdsBp: 10 };
const SYSTEM = { actor: "system" as const };
const X_ENV = {
  RAZORPAY_KEY_ID: "rzp_test_runs",
  RAZORPAY_KEY_SECRET: "runs-secret",
  RAZORPAY_WEBHOOK_SECRET: "runs-webhook-secret",
  RAZORPAY_API_URL: "http://127.0.0.1:9",
  RAZORPAYX_ACCOUNT_NUMBER: "7878780080316316",
  RAZORPAYX_WEBHOOK_SECRET: "runs-x-webhook-secret",
};

let t: TestApp;
let withoutX: TestApp;
let db: Database;
let operator: TestCustomer;
let sequence = 0;

async function book(at: Date, posting: Omit<Parameters<typeof post>[1], "key" | "who">) {
  sequence += 1;
  await db.transaction((tx) => post(tx, { ...posting, key: `runs-test:${sequence}`, who: SYSTEM }, at));
}
const earned = (mateId: string, jobId: string, gross: number, at = IN_WEEK) =>
  book(at, { kind: "job_earned", jobId, mateId, entries: recipes.workEarned(mateId, gross, RATES).entries });

async function destination(mateId: string, kind: "vpa" | "bank_account", addedAt: Date) {
  await db.insert(payoutDestinations).values({
    id: `dest-${mateId}`,
    mateId,
    kind,
    holderName: "Test Holder",
    masked: kind === "vpa" ? "te••••@okaxis" : "XXXX XXXX 4321",
    ifsc: kind === "vpa" ? null : "HDFC0001234",
    contactId: `cont_${mateId}`,
    fundAccountId: `fa_${mateId}`,
    addedAt,
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, env: X_ENV, authLimits: MANY_SIGN_UPS });
  withoutX = await createTestApp({ now: () => NOW, database: t.database });
  db = t.database.db;
  operator = await signInAsOperator(t);

  // mate-001: two online jobs (one with an approved extra), a tip, and a job after the cutoff.
  await earned("mate-001", "job-a", 349_900);
  await earned("mate-001", "job-a", 20_000);
  await earned("mate-001", "job-b", 100_000);
  await book(IN_WEEK, { kind: "tip", mateId: "mate-001", entries: recipes.tipAdded("mate-001", 10_000) });
  await earned("mate-001", "job-late", 50_000, AFTER_CUTOFF);
  await destination("mate-001", "vpa", WEEK_BEFORE);
  // mate-002: a cash job (they hold the bill and owe the commission and TDS), an adjustment in
  // their favour: still owes Mates, carried.
  await earned("mate-002", "job-c", 100_000);
  await book(IN_WEEK, { kind: "collected", mateId: "mate-002", entries: recipes.collectedByMate("mate-002", 100_000) });
  await book(IN_WEEK, { kind: "adjustment", mateId: "mate-002", entries: recipes.adjustment("mate-002", 5_000) });
  await destination("mate-002", "vpa", WEEK_BEFORE);
  // mate-003: a destination added two hours ago holds the payout.
  await earned("mate-003", "job-d", 50_000);
  await destination("mate-003", "vpa", new Date(NOW.getTime() - 2 * 3_600_000));
  // mate-004: nowhere to pay them.
  await earned("mate-004", "job-e", 50_000);
  // mate-005: nothing this week, a balance from the week before; paid to a bank account.
  await earned("mate-005", "job-f", 10_000, WEEK_BEFORE);
  await destination("mate-005", "bank_account", WEEK_BEFORE);
  // mate-006: entries before the week that net to nothing: no settlement.
  await book(WEEK_BEFORE, { kind: "adjustment", mateId: "mate-006", entries: recipes.adjustment("mate-006", 1_000) });
  await book(WEEK_BEFORE, { kind: "adjustment", mateId: "mate-006", entries: recipes.adjustment("mate-006", -1_000) });
});
afterAll(async () => {
  await withoutX.close();
  await t.close();
});

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });
let run: PayoutRunDetail;
const settlementOf = (mateId: string) => run.settlements.find((s) => s.mateId === mateId);

describe("making the week's run", () => {
  it("settles the week before the payout day with the week's figures and each balance", async () => {
    const handler = payoutRunHandlers({ db, now: () => NOW })[PAYOUT_WORK.run];
    await handler?.({ week: WEEK });
    const [row] = await db.select().from(payoutRuns).where(eq(payoutRuns.week, WEEK));
    expect(row).toMatchObject({ status: "draft", cutoff: new Date("2026-11-22T18:30:00Z") });
    const answer = await operator.request(`/api/ops/payout-runs/${row?.id}`);
    expect(answer.status).toBe(200);
    run = await answer.json();
    expect(run.run).toMatchObject({ week: WEEK, status: "draft", mates: 5, payable: 2, totalPaise: 385_450 + 7_990 });
    expect(run.settlements.map((s) => s.mateId).sort()).toEqual([
      "mate-001",
      "mate-002",
      "mate-003",
      "mate-004",
      "mate-005",
    ]);
    expect(settlementOf("mate-001")).toMatchObject({
      name: "Sunita Jadhav",
      jobs: 2,
      grossPaise: 469_900,
      commissionPaise: 93_980,
      tdsPaise: 470,
      tipsPaise: 10_000,
      collectedPaise: 0,
      adjustmentsPaise: 0,
      balancePaise: 385_450,
      amountPaise: 385_450,
      status: "payable",
      payout: null,
    });
    expect(settlementOf("mate-002")).toMatchObject({
      jobs: 1,
      grossPaise: 100_000,
      commissionPaise: 20_000,
      tdsPaise: 100,
      collectedPaise: 100_000,
      adjustmentsPaise: 5_000,
      balancePaise: -15_100,
      amountPaise: 0,
      status: "carried",
    });
    expect(settlementOf("mate-003")).toMatchObject({ balancePaise: 39_950, amountPaise: 0, status: "held" });
    expect(settlementOf("mate-004")).toMatchObject({ balancePaise: 39_950, amountPaise: 0, status: "no_destination" });
    expect(settlementOf("mate-005")).toMatchObject({
      jobs: 0,
      grossPaise: 0,
      balancePaise: 7_990,
      amountPaise: 7_990,
      status: "payable",
    });
  });

  it("makes nothing twice when the job runs again, and schedules the next week's run", async () => {
    const handler = payoutRunHandlers({ db, now: () => NOW })[PAYOUT_WORK.run];
    await handler?.({ week: WEEK });
    expect(await db.select().from(payoutRuns).where(eq(payoutRuns.week, WEEK))).toHaveLength(1);
    expect(await db.select().from(settlements).where(eq(settlements.runId, run.run.id))).toHaveLength(5);
    const next = await db.select().from(queuedJobs).where(like(queuedJobs.key, "payout-run:%"));
    expect(next).toMatchObject([
      { name: PAYOUT_WORK.run, key: runKey("2026-11-23"), runAt: new Date("2026-11-30T00:30:00Z") },
    ]);
    await ensureRunScheduled(db, NOW, { payoutWeekday: 1 });
    expect(await db.select().from(queuedJobs).where(like(queuedJobs.key, "payout-run:%"))).toHaveLength(1);
  });

  it("answers the console's request for a past week with the run it has (200), audited when made", async () => {
    const again = await operator.request("/api/ops/payout-runs", json({ week: WEEK }));
    expect(again.status).toBe(200);
    expect((await again.json()).run.id).toBe(run.run.id);
    // A week older than the latest run's: that run's balances settle it already.
    const older = await operator.request("/api/ops/payout-runs", json({ week: "2026-11-09" }));
    expect(older.status).toBe(409);
    expect((await older.json()).error.code).toBe("later_run");
    expect(await db.select().from(payoutRuns).where(eq(payoutRuns.week, "2026-11-09"))).toEqual([]);
    // An older draft left from before (made before this rule): the newer run supersedes it.
    await db.insert(payoutRuns).values({
      id: crypto.randomUUID(),
      week: "2026-11-09",
      cutoff: new Date("2026-11-15T18:30:00Z"),
      status: "draft",
      createdAt: NOW,
    });
    const list = await operator.request("/api/ops/payout-runs");
    expect((await list.json()).runs.map((r: { week: string }) => r.week)).toEqual([WEEK, "2026-11-09"]);
  });

  it("refuses a week not begun, a day that is not a Monday, and bad input (400)", async () => {
    for (const body of [{ week: "2026-11-30" }, { week: "2026-11-17" }, { week: "soon" }, {}, { week: WEEK, x: 1 }]) {
      const answer = await operator.request("/api/ops/payout-runs", json(body));
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.code).toBeTruthy();
    }
    expect((await operator.request("/api/ops/payout-runs/not-a-run")).status).toBe(400);
    expect((await operator.request(`/api/ops/payout-runs/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("approving a run", () => {
  it("is refused while RazorpayX is not set up (409)", async () => {
    const other = await signInAsOperator(withoutX);
    const answer = await other.request(`/api/ops/payout-runs/${run.run.id}/approve`, { method: "POST" });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.message).toMatch(/RazorpayX is not set up/);
  });

  it("refuses an older run once a newer one settles the same balances (409)", async () => {
    const [older] = await db.select().from(payoutRuns).where(eq(payoutRuns.week, "2026-11-09"));
    const answer = await operator.request(`/api/ops/payout-runs/${older?.id}/approve`, { method: "POST" });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.code).toBe("superseded");
  });

  it("queues a payout, its posting and its sending for each payable mate, once, when two operators approve at once", async () => {
    const second = await signInAsOperator(t);
    const answers = await Promise.all(
      [operator, second].map((who) => who.request(`/api/ops/payout-runs/${run.run.id}/approve`, { method: "POST" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const approved: PayoutRunDetail = await (answers.find((a) => a.status === 200) as Response).json();
    expect(approved.run.status).toBe("approved");

    const made = await db.select().from(payouts);
    expect(made.map((p) => [p.mateId, p.amountPaise, p.mode, p.fundAccountId, p.status, p.attempt]).sort()).toEqual([
      ["mate-001", 385_450, "UPI", "fa_mate-001", "queued", 1],
      ["mate-005", 7_990, "IMPS", "fa_mate-005", "queued", 1],
    ]);
    for (const payout of made) {
      const [posting] = await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, `payout:${payout.id}:sent`));
      expect(posting).toMatchObject({ kind: "payout", mateId: payout.mateId, payoutId: payout.id });
      const jobs = await db
        .select()
        .from(queuedJobs)
        .where(eq(queuedJobs.key, `payout-send:${payout.id}`));
      expect(jobs).toMatchObject([{ name: PAYOUT_WORK.send, payload: { payoutId: payout.id } }]);
    }
    // What is left: the job after the cutoff, for next week's run.
    expect(await mateBalance(db, "mate-001")).toBe(39_950);
    expect(await mateBalance(db, "mate-005")).toBe(0);
    expect(approved.settlements.find((s) => s.mateId === "mate-001")?.payout).toMatchObject({
      status: "queued",
      attempt: 1,
      amountPaise: 385_450,
      utr: null,
      failureReason: null,
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, run.run.id), eq(auditLog.action, "payout_run.approve")));
    expect(audit).toHaveLength(1);
  });

  it("refuses a run that is not a draft any more (409), and changes nothing", async () => {
    const answer = await operator.request(`/api/ops/payout-runs/${run.run.id}/approve`, { method: "POST" });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.code).toBe("not_draft");
    expect(await db.select().from(payouts)).toHaveLength(2);
  });
});

describe("the next week", () => {
  it("pays what was held, and at approval holds a new destination again and pays no more than the balance now", async () => {
    const later = new Date("2026-11-30T02:30:00Z");
    const made = await makeRun(db, "2026-11-23", later, DEFAULT_PAYOUT_SETTINGS);
    const next = await runDetail(db, made.runId);
    const of = (mateId: string) => next.settlements.find((s) => s.mateId === mateId);
    // mate-001's job after last week's cutoff; mate-003's destination is old enough now.
    expect(of("mate-001")).toMatchObject({ jobs: 1, balancePaise: 39_950, amountPaise: 39_950, status: "payable" });
    expect(of("mate-003")).toMatchObject({ jobs: 0, balancePaise: 39_950, amountPaise: 39_950, status: "payable" });
    expect(of("mate-002")).toMatchObject({ jobs: 0, balancePaise: -15_100, status: "carried" });

    // Meanwhile mate-001 changes where they are paid, and mate-003 is charged ₹100.
    await db.update(payoutDestinations).set({ replacedAt: later }).where(eq(payoutDestinations.mateId, "mate-001"));
    await db.insert(payoutDestinations).values({
      id: "dest-mate-001-new",
      mateId: "mate-001",
      kind: "bank_account",
      holderName: "Sunita Jadhav",
      masked: "XXXX XXXX 9876",
      ifsc: "SBIN0001234",
      contactId: "cont_mate-001",
      fundAccountId: "fa_mate-001-new",
      addedAt: later,
    });
    await book(later, { kind: "adjustment", mateId: "mate-003", entries: recipes.adjustment("mate-003", -10_000) });

    const deps = {
      db,
      now: () => later,
      payouts: DEFAULT_PAYOUT_SETTINGS,
      razorpayX: { accountNumber: "1", webhookSecret: "x" },
    };
    expect(await approveRun(deps, operator.id, made.runId)).toEqual({ payouts: 1 });
    const after = await runDetail(db, made.runId);
    const settled = (mateId: string) => after.settlements.find((s) => s.mateId === mateId);
    expect(settled("mate-001")).toMatchObject({ status: "held", amountPaise: 0, payout: null });
    expect(settled("mate-003")?.payout).toMatchObject({ amountPaise: 29_950, status: "queued" });
    expect(await mateBalance(db, "mate-003")).toBe(0);
  });
});

describe("the week so far", () => {
  it("settles up to now when made during the week, its figures since the last run's cutoff", async () => {
    // Wednesday 2 December: the week of 30 November is under way; the last run settled to 30 Nov 00:00 IST.
    const midweek = new Date("2026-12-02T06:30:00Z");
    await book(new Date("2026-12-01T06:30:00Z"), {
      kind: "adjustment",
      mateId: "mate-006",
      entries: recipes.adjustment("mate-006", 25_000),
    });
    const made = await makeRun(db, "2026-11-30", midweek, DEFAULT_PAYOUT_SETTINGS, operator.id);
    const early = await runDetail(db, made.runId);
    expect(early.run.cutoff).toBe(midweek.toISOString());
    expect(early.settlements.find((s) => s.mateId === "mate-006")).toMatchObject({
      adjustmentsPaise: 25_000,
      balancePaise: 25_000,
    });
    // The payout day's job for that week then finds it made and changes nothing.
    expect(await makeRun(db, "2026-11-30", new Date("2026-12-07T00:30:00Z"), DEFAULT_PAYOUT_SETTINGS)).toEqual({
      runId: made.runId,
      made: false,
    });
  });
});

describe("one live payout per settlement", () => {
  it("is kept by the database too: a second live payout of a settlement is refused", async () => {
    const [first] = await db.select().from(payouts).where(eq(payouts.mateId, "mate-001"));
    if (!first) throw new Error("no payout");
    const again = { ...first, id: crypto.randomUUID(), attempt: 2, razorpayPayoutId: null };
    await expect(db.insert(payouts).values(again)).rejects.toThrow();
    // Once the first has failed, a retry's new payout is allowed.
    await db.update(payouts).set({ status: "failed" }).where(eq(payouts.id, first.id));
    await db.insert(payouts).values(again);
    expect(await db.select().from(payouts).where(eq(payouts.settlementId, first.settlementId))).toHaveLength(2);
  });
});

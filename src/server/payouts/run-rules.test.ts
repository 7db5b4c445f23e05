import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as recipes from "#domain/ledger.ts";
import { DEFAULT_PAYOUT_SETTINGS } from "#domain/payouts.ts";
import { mateBalance, post } from "#server/ledger/ledger.ts";
import { queuedJobs } from "#server/queue/schema.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { approveRun } from "./run-approval.ts";
import { runDetail } from "./run-views.ts";
import { makeRun, payoutRunHandlers, runKey } from "./runs.ts";
import { payoutDestinations, payoutRuns } from "./schema.ts";
import { PAYOUT_WORK } from "./work-names.ts";

/**
 * The run's rules that span runs: a week held (a new destination) or without a destination when the
 * run was made is judged again at approval; the payout day's job for a week an operator's later run
 * has settled makes nothing, and the schedule goes on.
 */
const MADE = new Date("2026-11-23T02:30:00Z"); // Monday 08:00 in Mumbai
const APPROVED = new Date("2026-11-24T06:30:00Z"); // a day and four hours later
const IN_WEEK = new Date("2026-11-18T06:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => MADE });
});
afterAll(() => t.close());

const earned = (mateId: string, gross: number) =>
  t.database.db.transaction((tx) =>
    post(
      tx,
      {
        kind: "job_earned",
        key: `rules:${mateId}`,
        mateId,
        entries: recipes.workEarned(mateId, gross, { commissionBp: 2000, tdsBp: 10 }).entries,
        who: { actor: "system" },
      },
      IN_WEEK,
    ),
  );

const destination = (mateId: string, addedAt: Date) =>
  t.database.db.insert(payoutDestinations).values({
    id: `dest-${mateId}`,
    mateId,
    kind: "vpa",
    holderName: "Test Holder",
    masked: "te••••@okaxis",
    contactId: `cont_${mateId}`,
    fundAccountId: `fa_${mateId}`,
    addedAt,
  });

describe("approval judges held and unpaid weeks again", () => {
  it("pays a week held by a new destination once the hold is over, and one whose mate has added one since", async () => {
    const operator = await signInAsOperator(t);
    await earned("mate-007", 100_000); // ₹1,000 gross: ₹799 owed
    await earned("mate-008", 50_000); // ₹500 gross: ₹399.50 owed
    await destination("mate-007", new Date(MADE.getTime() - 3_600_000));
    const made = await makeRun(t.database.db, "2026-11-16", MADE, DEFAULT_PAYOUT_SETTINGS);
    const before = await runDetail(t.database.db, made.runId);
    const of = (detail: typeof before, mateId: string) => detail.settlements.find((s) => s.mateId === mateId);
    expect(of(before, "mate-007")).toMatchObject({ status: "held", amountPaise: 0, balancePaise: 79_900 });
    expect(of(before, "mate-008")).toMatchObject({ status: "no_destination", amountPaise: 0 });

    await destination("mate-008", MADE);
    const deps = {
      db: t.database.db,
      now: () => APPROVED,
      payouts: DEFAULT_PAYOUT_SETTINGS,
      razorpayX: { accountNumber: "7878780080316316", webhookSecret: "x" },
    };
    expect(await approveRun(deps, operator.id, made.runId)).toEqual({ payouts: 2 });
    const after = await runDetail(t.database.db, made.runId);
    expect(of(after, "mate-007")).toMatchObject({ status: "payable", amountPaise: 79_900 });
    expect(of(after, "mate-008")).toMatchObject({ status: "payable", amountPaise: 39_950 });
    expect(of(after, "mate-008")?.payout).toMatchObject({ amountPaise: 39_950, status: "queued" });
    expect(await mateBalance(t.database.db, "mate-007")).toBe(0);
  });
});

describe("the payout day's job", () => {
  it("makes nothing for a week a later run settles, and schedules the next week all the same", async () => {
    const handler = payoutRunHandlers({ db: t.database.db, now: () => MADE })[PAYOUT_WORK.run];
    await handler?.({ week: "2026-11-09" });
    expect(await t.database.db.select().from(payoutRuns).where(eq(payoutRuns.week, "2026-11-09"))).toEqual([]);
    const next = await t.database.db
      .select()
      .from(queuedJobs)
      .where(eq(queuedJobs.key, runKey("2026-11-23")));
    expect(next).toHaveLength(1);
  });
});

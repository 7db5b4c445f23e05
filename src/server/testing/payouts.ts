import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { adjustment, payoutSent } from "#domain/ledger.ts";
import { addDays, weekBounds } from "#domain/payouts.ts";
import { post as postLedger } from "#server/ledger/ledger.ts";
import { mates } from "#server/mates/schema.ts";
import { notifications } from "#server/notifications/schema.ts";
import { payoutDestinations, payoutRuns, payouts, settlements } from "#server/payouts/schema.ts";
import { scheduleSend } from "#server/payouts/send.ts";
import type { TestCustomer } from "./customers.ts";
import { type FakeRazorpay, startFakeRazorpay } from "./fake-razorpay.ts";
import { signInAsMate } from "./mates.ts";
import { MANY_SIGN_UPS, SEED_NOW } from "./seeded-customer.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { handMovedClock } from "./test-clock.ts";

/**
 * Issue 39's payout tests (record 064) against the Razorpay stand-in with RazorpayX: a test app
 * whose payouts go to the stand-in and whose webhook RazorpayX's stand-in posts to, a clock moved
 * by hand, and until the weekly run exists (another piece) a way to make an approved payout
 * directly: a run, a settlement and a queued payout row, the mate's balance given by an adjustment
 * and taken by `payoutSent`, its sending scheduled.
 */
export function payoutTestApp(env: Record<string, string> = {}) {
  const clock = handMovedClock(SEED_NOW);
  const started = {} as { t: TestApp; fake: FakeRazorpay };
  let weeks = 0;

  beforeAll(async () => {
    started.fake = await startFakeRazorpay({});
    started.t = await createTestApp({
      now: clock.now,
      // Every seeded mate and an operator sign in from one address: the auth limits are wide here.
      authLimits: {
        ...MANY_SIGN_UPS,
        signIn: { ip: { max: 1000, windowSeconds: 600 }, email: { max: 100, windowSeconds: 600 } },
        resetPassword: { ip: { max: 1000, windowSeconds: 600 } },
      },
      env: { ...started.fake.env(), ...started.fake.x.env(), PAYOUT_HOLD_HOURS: "24", ...env },
    });
    // RazorpayX's servers post with no Origin header and no cookie.
    started.fake.x.setWebhook(
      async (body, headers) =>
        (await started.t.app.request("/api/payouts/webhook", { method: "POST", body, headers })).status,
    );
  });
  afterAll(async () => {
    await started.t?.close();
    await started.fake?.close();
  });

  /** A seeded mate's id, the nth (a test takes its own). */
  async function mateId(index: number): Promise<string> {
    const rows = await started.t.database.db.select({ id: mates.id }).from(mates).orderBy(mates.id);
    const row = rows[index];
    if (!row) throw new Error(`no seeded mate ${index}`);
    return row.id;
  }

  /** The mate, signed in, with a UPI ID (or the bank account given) as where they are paid. */
  async function mateWithDestination(
    id: string,
    body: Record<string, unknown> = { kind: "vpa", upiId: `mate${id.slice(0, 6)}@okaxis` },
  ): Promise<TestCustomer> {
    const mate = await signInAsMate(started.t, id);
    const response = await mate.request("/api/mate/payout-destination", {
      method: "PUT",
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return mate;
  }

  /**
   * An approved payout of `amountPaise` to the mate's active destination, as the weekly run would
   * leave it: queued, the amount out of the mate's balance, its sending on the queue.
   */
  async function approvedPayout(id: string, amountPaise: number) {
    const db = started.t.database.db;
    const now = clock.now();
    const [destination] = await db
      .select()
      .from(payoutDestinations)
      .where(and(eq(payoutDestinations.mateId, id), isNull(payoutDestinations.replacedAt)));
    if (!destination) throw new Error("the mate has no payout destination");
    const week = addDays("2026-06-01", 7 * weeks++);
    const payoutId = randomUUID();
    const settlementId = randomUUID();
    await db.transaction(async (tx) => {
      const runId = randomUUID();
      await tx.insert(payoutRuns).values({
        id: runId,
        week,
        cutoff: weekBounds(week).to,
        status: "approved",
        createdAt: now,
        approvedAt: now,
      });
      await tx.insert(settlements).values({
        id: settlementId,
        runId,
        mateId: id,
        jobs: 1,
        grossPaise: amountPaise,
        commissionPaise: 0,
        tdsPaise: 0,
        tipsPaise: 0,
        collectedPaise: 0,
        adjustmentsPaise: amountPaise,
        balancePaise: amountPaise,
        amountPaise,
        status: "payable",
      });
      const who = { actor: "system" as const };
      await postLedger(
        tx,
        { kind: "adjustment", key: `test-earned:${payoutId}`, entries: adjustment(id, amountPaise), mateId: id, who },
        now,
      );
      await tx.insert(payouts).values({
        id: payoutId,
        settlementId,
        mateId: id,
        attempt: 1,
        amountPaise,
        mode: destination.kind === "vpa" ? "UPI" : "IMPS",
        fundAccountId: destination.fundAccountId,
        status: "queued",
        createdAt: now,
        updatedAt: now,
      });
      await postLedger(
        tx,
        {
          kind: "payout",
          key: `payout:${payoutId}:sent`,
          entries: payoutSent(id, amountPaise),
          mateId: id,
          payoutId,
          who,
        },
        now,
      );
      await scheduleSend(tx, payoutId, now);
    });
    return { payoutId, settlementId };
  }

  const payoutRow = async (id: string) => {
    const [row] = await started.t.database.db.select().from(payouts).where(eq(payouts.id, id));
    if (!row) throw new Error(`no payout ${id}`);
    return row;
  };

  /** The mails queued with this kind (the queue sends them; their rows are the proof). */
  const mailsOfKind = (kind: string) =>
    started.t.database.db.select().from(notifications).where(eq(notifications.kind, kind));

  /** Moves the clock on and runs whatever the queue has due (a retry after a lost answer, say). */
  async function later(seconds: number) {
    clock.moveTo(new Date(clock.now().getTime() + seconds * 1000));
    return started.t.queue.runDue();
  }

  return {
    get t() {
      return started.t;
    },
    get fake() {
      return started.fake;
    },
    get x() {
      return started.fake.x;
    },
    clock,
    mateId,
    mateWithDestination,
    approvedPayout,
    payoutRow,
    mailsOfKind,
    later,
  };
}

import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { type DeskDecision, deskLimit, type MoneyFacts, refundPaidAs } from "#domain/help-desk.ts";
import { publishChange } from "#server/bookings/publish.ts";
import { type BookingRow, jobs } from "#server/bookings/schema.ts";
import { lockBooking } from "#server/bookings/transitions.ts";
import { deskSettingsOf, nowOf } from "#server/context.ts";
import { grantCredit } from "#server/credit/ledger.ts";
import { creditGrants } from "#server/credit/schema.ts";
import type { Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { postRefundDecided } from "#server/ledger/postings.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { refunds } from "#server/payments/schema.ts";
import { onlineMoneyOf, refundForCase } from "#server/payments/settlement.ts";
import { makeRework } from "#server/rework/rework.ts";
import { type CaseRow, helpCases } from "./schema.ts";
import { caseChanged, type HelpDeps, lockCase, stepTo, takeStep } from "./steps.ts";

/*
 * The desk's money decisions on a case (issue 38, record 060): a refund to the original payment
 * (or, for a booking paid to the mate, as Mates credit), credit, declined with a reason, or free
 * re-work. Each is the case's "decide" step, taken with the booking and the case locked (in that
 * order, as opening a case takes them), its amount checked against what is left to give in the same
 * transaction, so of two operators deciding at once the second finds the case resolved (409).
 */

const missing = () => notFound("There is no such case.");
const sumOf = (rows: { n: number }[]) => rows.reduce((total, row) => total + row.n, 0);

/** What the booking paid, has had back, and has used of the damage cover, read under its lock. */
export async function moneyFacts(tx: Tx, deps: HelpDeps, booking: BookingRow, row: CaseRow): Promise<MoneyFacts> {
  const settings = deskSettingsOf(deps);
  const online = await onlineMoneyOf(tx, booking.id);
  const collected = await tx
    .select({ method: jobs.collectedMethod, rupees: jobs.collectedRupees })
    .from(jobs)
    .where(eq(jobs.bookingId, booking.id));
  const cash = collected.reduce((sum, job) => sum + (job.method !== "online" ? (job.rupees ?? 0) : 0), 0);
  const cases = await tx
    .select({ id: helpCases.id, problem: helpCases.problem })
    .from(helpCases)
    .where(eq(helpCases.bookingId, booking.id));
  const damage = cases.filter((one) => one.problem === "damage").map((one) => one.id);
  // Credit a case gave back for money paid to the mate carries the booking (a refund paid as credit).
  const givenBack = await tx
    .select({ n: creditGrants.rupees })
    .from(creditGrants)
    .where(and(eq(creditGrants.bookingId, booking.id), isNotNull(creditGrants.caseId)));
  // A case's refund Razorpay refused is paid by the operations team another way (the customer is
  // told so): it stays counted, so a reopened case cannot pay it again through Razorpay.
  const failedForCases = await tx
    .select({ n: refunds.amountPaise })
    .from(refunds)
    .where(and(eq(refunds.bookingId, booking.id), isNotNull(refunds.caseId), eq(refunds.status, "failed")));
  let coverUsed = 0;
  if (damage.length > 0) {
    const refunded = await tx.select({ n: refunds.amountPaise }).from(refunds).where(inArray(refunds.caseId, damage));
    const credited = await tx
      .select({ n: creditGrants.rupees })
      .from(creditGrants)
      .where(inArray(creditGrants.caseId, damage));
    coverUsed = Math.ceil(sumOf(refunded) / 100) + sumOf(credited);
  }
  return {
    problem: row.problem,
    paidOnline: online.paid.length > 0,
    refundableOnline: Math.max(0, Math.floor((online.paidPaise - online.refundedPaise - sumOf(failedForCases)) / 100)),
    refundableCash: Math.max(0, cash - sumOf(givenBack)),
    coverLeft: Math.max(0, settings.damageCoverRupees - coverUsed),
    settings,
  };
}

/** A decision charged to a mate: they must be one of the booking's mates (else 400, nothing stored). */
async function checkBookingMate(tx: Tx, bookingId: string, mateId: string) {
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.bookingId, bookingId), eq(jobs.mateId, mateId)));
  if (!job) throw new AppError(400, "not_booking_mate", "Charge it to one of this booking's mates.");
}

/** What the decision paid, as the case and the audit log record it. */
type Paid = { decision: NonNullable<CaseRow["decision"]>; rupees: number | null; rework?: BookingRow };

async function pay(
  tx: Tx,
  deps: HelpDeps,
  booking: BookingRow,
  row: CaseRow,
  input: DeskDecision,
  operatorId: string,
  now: Date,
): Promise<Paid> {
  const who = { actor: "operator", actorId: operatorId } as const;
  if (input.decision === "declined") return { decision: "declined", rupees: null };
  if (input.decision === "rework") {
    if (row.problem !== "quality")
      throw new AppError(409, "not_quality", "Re-work is offered on a case about the work's quality.");
    const rework = await makeRework(
      tx,
      booking,
      { start: new Date(input.start), description: input.message, photos: [] },
      who,
      now,
      deps.noShowAfterMinutes,
    );
    return { decision: "rework", rupees: null, rework };
  }
  const facts = await moneyFacts(tx, deps, booking, row);
  const limit = deskLimit(input.decision, facts);
  if (input.rupees > limit.most) throw new AppError(400, "above_limit", limit.why);
  const reason = `Case: ${input.message}`;
  const chargedTo = input.chargeToMate;
  if (chargedTo) await checkBookingMate(tx, booking.id, chargedTo.mateId);
  if (input.decision === "refund" && refundPaidAs(facts) === "refund") {
    await refundForCase(tx, booking, input.rupees * 100, row.id, who, now);
    // What the customer owed for the work is forgiven: Mates' cost, or the mate's it was charged to.
    await postRefundDecided(
      tx,
      {
        key: `case:${row.id}:refund:${now.getTime()}`,
        bookingId: booking.id,
        amountPaise: input.rupees * 100,
        chargedTo,
      },
      who,
      now,
    );
    return { decision: "refund", rupees: input.rupees };
  }
  // A refund of money paid to the mate comes back as credit, marked with the booking it paid for.
  const forBooking = input.decision === "refund" ? { bookingId: booking.id } : {};
  await grantCredit(
    tx,
    { userId: row.userId, rupees: input.rupees, reason, caseId: row.id, who, chargedTo, ...forBooking },
    now,
  );
  return { decision: "credit", rupees: input.rupees };
}

/** Decides a case: pays, writes the decision into the thread (it resolves the case), and audits it. */
export async function decideCase(deps: HelpDeps, operatorId: string, id: string, input: DeskDecision) {
  const now = nowOf(deps);
  const [found] = await deps.db.select().from(helpCases).where(eq(helpCases.id, id));
  if (!found) throw missing();
  const { row, booking, paid } = await deps.db.transaction(async (tx) => {
    const locked = await lockBooking(tx, found.bookingId);
    const current = await lockCase(tx, id);
    if (!current) throw missing();
    stepTo(current, "decide"); // a case already decided is refused before its amount is judged
    const made = await pay(tx, deps, locked, current, input, operatorId, now);
    const body = input.decision === "declined" ? input.reason : input.message;
    await takeStep(tx, current, "decide", { author: "operator", authorId: operatorId, body }, now);
    const [decided] = await tx
      .update(helpCases)
      .set({
        decision: made.decision,
        decisionRupees: made.rupees,
        declineReason: input.decision === "declined" ? input.reason : null,
        decidedAt: now,
        decidedBy: operatorId,
      })
      .where(eq(helpCases.id, id))
      .returning();
    if (!decided) throw missing();
    await recordAudit(tx, {
      actorId: operatorId,
      action: "case.decide",
      subjectType: "case",
      subjectId: id,
      before: { status: current.status, decision: current.decision },
      after: {
        status: decided.status,
        decision: made.decision,
        rupees: made.rupees,
        rework: made.rework?.id ?? null,
        ...("chargeToMate" in input && input.chargeToMate ? { chargeToMate: input.chargeToMate } : {}),
      },
      reason: body,
      at: now,
    });
    return { row: decided, booking: locked, paid: made };
  });
  await caseChanged(deps, row);
  if (paid.decision === "refund" || paid.rework) await publishChange(deps, booking);
  if (paid.rework) await publishChange(deps, paid.rework);
  return row;
}

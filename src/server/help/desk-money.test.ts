import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { caseResponseSchema, deskCaseSchema } from "#domain/help-api.ts";
import { creditGrants } from "#server/credit/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import { refunds } from "#server/payments/schema.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { damageCase } from "#testing/damage-case.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { errorOf, post } from "#testing/requests.ts";
import { helpCases } from "./schema.ts";

/**
 * Issue 38's money from the desk on bookings paid online (record 060): a damage claim paid as a
 * refund through the Razorpay stand-in, never above what was paid nor above the cover, amounts below
 * ₹1 refused, one decision when two operators decide at once.
 */
const paying = razorpayTestApp();
const { doTheJob, paidBooking, settle } = paying;

async function paidAndDone(slot: string) {
  const { customer, booking } = await paidBooking(slot);
  await doTheJob(customer, booking);
  await settle();
  return customer;
}

const decide = (operator: TestCustomer, id: string, decision: Record<string, unknown>) =>
  operator.request(`/api/ops/cases/${id}/decide`, post(decision));
const caseRefunds = (caseId: string) => paying.t.database.db.select().from(refunds).where(eq(refunds.caseId, caseId));

describe("the desk's refunds on a booking paid online", () => {
  it("pays a damage claim as a refund to the payment, at most what was paid, and shows it processed", async () => {
    const customer = await paidAndDone("09:00");
    const claim = await damageCase(customer, 2_000);
    const operator = await signInAsOperator(paying.t);
    const seen = deskCaseSchema.parse(await (await operator.request(`/api/ops/cases/${claim.id}`)).json());
    expect(seen.money).toMatchObject({ paidOnline: true, refundableOnline: 449, coverLeft: 10_000 });

    // Bad amounts are refused with a message and store nothing.
    const refused = [
      await decide(operator, claim.id, { decision: "refund", rupees: 0, message: "Nothing." }),
      await decide(operator, claim.id, { decision: "refund", rupees: 12.5, message: "Half rupees." }),
      await decide(operator, claim.id, { decision: "refund", rupees: 450, message: "More than was paid." }),
      await decide(operator, claim.id, { decision: "credit", rupees: 10_001, message: "Above the cover." }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect((await errorOf(refused[2] as Response)).message).toContain("₹449 paid online");
    expect((await errorOf(refused[3] as Response)).message).toContain("covered up to ₹10,000");
    expect(await caseRefunds(claim.id)).toEqual([]);
    const [untouched] = await paying.t.database.db.select().from(helpCases).where(eq(helpCases.id, claim.id));
    expect(untouched).toMatchObject({ status: "open", decision: null });

    const decided = await decide(operator, claim.id, {
      decision: "refund",
      rupees: 449,
      message: "Sorry about the mirror: we refund what you paid.",
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    const [refund] = await caseRefunds(claim.id);
    expect(refund).toMatchObject({ amountPaise: 44_900, bookingId: customer.bookingId });
    await settle();
    await settle(); // the stand-in processes the refund a moment later and says so by webhook
    const shown = caseResponseSchema.parse(await (await customer.request(`/api/cases/${claim.id}`)).json()).case;
    expect(shown).toMatchObject({
      status: "resolved",
      decision: { decision: "refund", rupees: 449, refundStatus: "processed" },
    });
    expect(shown.decision?.text).toContain("₹449 to your original payment");
    expect(shown.entries.at(-1)).toMatchObject({ kind: "resolved", authorName: "Mates support" });
    const booking = await paying.bookingOf(customer);
    expect(booking.payment.refunds).toEqual([expect.objectContaining({ amountPaise: 44_900, status: "processed" })]);
    const [audited] = await paying.t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, claim.id));
    expect(audited).toMatchObject({ action: "case.decide", subjectType: "case" });

    // Nothing is left to refund: the rest of the damage can only go as credit, within the cover.
    await customer.request(`/api/cases/${claim.id}/rating`, post({ solved: false }));
    const again = await decide(operator, claim.id, { decision: "refund", rupees: 1, message: "One more." });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toContain("₹0 paid online");
    const credited = await decide(operator, claim.id, { decision: "credit", rupees: 1_551, message: "The rest." });
    expect(credited.status).toBe(200);
    const after = deskCaseSchema.parse(await credited.json());
    expect(after.money.coverLeft).toBe(10_000 - 449 - 1_551);
    const grants = await paying.t.database.db.select().from(creditGrants).where(eq(creditGrants.caseId, claim.id));
    expect(grants).toEqual([expect.objectContaining({ rupees: 1_551, userId: customer.id, bookingId: null })]);
  });

  it("lets only one of two operators deciding at once pay", async () => {
    const customer = await paidAndDone("11:00");
    const claim = await damageCase(customer, 400);
    const [first, second] = [await signInAsOperator(paying.t), await signInAsOperator(paying.t)];
    const answers = await Promise.all([
      decide(first, claim.id, { decision: "refund", rupees: 300, message: "We refund ₹300." }),
      decide(second, claim.id, { decision: "refund", rupees: 400, message: "We refund ₹400." }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409) as Response;
    expect(await errorOf(loser)).toMatchObject({ code: "case_status" });
    expect(await caseRefunds(claim.id)).toHaveLength(1);
    const decisions = await paying.t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, claim.id));
    expect(decisions.filter((entry) => entry.action === "case.decide")).toHaveLength(1);
  });

  it("holds damage to the cover across the booking's cases", async () => {
    const customer = await paidAndDone("13:00");
    const operator = await signInAsOperator(paying.t);
    const first = await damageCase(customer, 9_000);
    expect((await decide(operator, first.id, { decision: "credit", rupees: 9_000, message: "Paid." })).status).toBe(
      200,
    );
    await customer.request(`/api/cases/${first.id}/rating`, post({ solved: true }));
    const second = await damageCase(customer, 5_000);
    const over = await decide(operator, second.id, { decision: "credit", rupees: 1_001, message: "More." });
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toContain("₹1,000 of it is left");
    const declined = await decide(operator, second.id, {
      decision: "declined",
      reason: "The cover for this booking is used up by your first claim.",
    });
    expect(declined.status).toBe(200);
    const shown = caseResponseSchema.parse(await (await customer.request(`/api/cases/${second.id}`)).json()).case;
    expect(shown.decision).toMatchObject({
      decision: "declined",
      declineReason: "The cover for this booking is used up by your first claim.",
    });
    expect(shown.decision?.text).toContain("used up by your first claim");
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "#server/ops/schema.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { damageCase } from "#testing/damage-case.ts";
import * as ledgerBooks from "#testing/ledger-books.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { razorpayTestApp } from "#testing/razorpay-test-app.ts";
import { errorOf, post } from "#testing/requests.ts";
import { ledgerTransactions } from "./schema.ts";

/**
 * Money an operator decides (record 062): a case's refund borne by Mates or charged to the mate with
 * a reason, and adjustments of a mate's balance, signed, with a reason, audited.
 */
const paying = razorpayTestApp();
const { clock, doTheJob, paidBooking, settle } = paying;
const db = () => paying.t.database.db;
const books = (mateId: string) => ledgerBooks.books(db(), mateId);
const moved = (mateId: string, before: Record<string, number>) => ledgerBooks.moved(db(), mateId, before);
const expectAllBalanced = () => ledgerBooks.expectAllBalanced(db());
const mateOfBooking = (bookingId: string) => ledgerBooks.mateOfBooking(db(), bookingId);

describe("money an operator decides", () => {
  describe("the desk's refunds", () => {
    /** A job paid online and done, a damage claim on it, an operator, and the books then. */
    async function claimOnPaidJob(slot: string) {
      const { customer, booking } = await paidBooking(slot);
      await doTheJob(customer, booking);
      await settle();
      const { mateId } = await mateOfBooking(booking.id);
      const claim = await damageCase(customer, 500);
      return { mateId, claim, operator: await signInAsOperator(paying.t), before: await books(mateId) };
    }
    const decide = (operator: TestCustomer, id: string, decision: Record<string, unknown>) =>
      operator.request(`/api/ops/cases/${id}/decide`, post(decision));

    it("charged to the mate: the mate bears it, with the reason, audited", async () => {
      const { mateId, claim, operator, before } = await claimOnPaidJob("15:00");
      const refused = [
        await decide(operator, claim.id, {
          decision: "refund",
          rupees: 200,
          message: "Sorry.",
          chargeToMate: { mateId, reason: "No" },
        }),
        await decide(operator, claim.id, {
          decision: "refund",
          rupees: 200,
          message: "Sorry.",
          chargeToMate: { mateId: "mate-not-here", reason: "Broke the mirror" },
        }),
      ];
      expect(refused.map((answer) => answer.status)).toEqual([400, 400]);
      expect((await errorOf(refused[1] as Response)).code).toBe("not_booking_mate");
      expect(await moved(mateId, before)).toEqual({});
      const decided = await decide(operator, claim.id, {
        decision: "refund",
        rupees: 200,
        message: "Sorry about the mirror.",
        chargeToMate: { mateId, reason: "Broke the mirror while cleaning" },
      });
      expect(decided.status, await decided.clone().text()).toBe(200);
      expect(await moved(mateId, before)).toEqual({ mate: -20_000, bank: -20_000 });
      const [charge] = await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.key, `case:${claim.id}:refund:${clock.now().getTime()}`));
      expect(charge).toMatchObject({ mateId, memo: "Broke the mirror while cleaning" });
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.subjectId, claim.id));
      expect(audit?.after).toMatchObject({ chargeToMate: { mateId, reason: "Broke the mirror while cleaning" } });
      await expectAllBalanced();
    });

    it("credit charged to the mate: the mate bears it instead of Mates", async () => {
      const { mateId, claim, operator, before } = await claimOnPaidJob("11:00");
      const decided = await decide(operator, claim.id, {
        decision: "credit",
        rupees: 150,
        message: "Sorry: here is credit.",
        chargeToMate: { mateId, reason: "Left the floor wet" },
      });
      expect(decided.status, await decided.clone().text()).toBe(200);
      expect(await moved(mateId, before)).toEqual({ mate: -15_000, credit: 15_000 });
      await expectAllBalanced();
    });

    it("not charged: Mates bears it", async () => {
      const { mateId, claim, operator, before } = await claimOnPaidJob("16:00");
      const decided = await decide(operator, claim.id, { decision: "refund", rupees: 200, message: "Sorry." });
      expect(decided.status, await decided.clone().text()).toBe(200);
      expect(await moved(mateId, before)).toEqual({ platform_cost: 20_000, bank: -20_000 });
      await expectAllBalanced();
    });
  });

  it("an operator's adjustments: signed, with a reason, audited; without one refused and nothing stored", async () => {
    const mateId = "mate-001";
    const operator = await signInAsOperator(paying.t);
    const before = await books(mateId);
    const adjust = (body: unknown) => operator.request(`/api/ops/mates/${mateId}/adjustments`, post(body));
    const refused = [
      await adjust({ amountRupees: -200 }),
      await adjust({ amountRupees: -200, reason: "  " }),
      await adjust({ amountRupees: 0, reason: "Nothing at all" }),
      await adjust({ amountRupees: 12.5, reason: "Half a rupee" }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect(
      (await operator.request("/api/ops/mates/nobody/adjustments", post({ amountRupees: 5, reason: "Bonus" }))).status,
    ).toBe(404);
    expect(await moved(mateId, before)).toEqual({});

    const up = await adjust({ amountRupees: 500, reason: "Diwali bonus" });
    expect(up.status, await up.clone().text()).toBe(200);
    const down = await adjust({ amountRupees: -200, reason: "Lost the customer's key" });
    expect(down.status).toBe(200);
    expect(((await down.json()) as { adjustment: { balancePaise: number } }).adjustment.balancePaise).toBe(
      (before.mate ?? 0) + 30_000,
    );
    expect(await moved(mateId, before)).toEqual({ mate: 30_000, platform_cost: 30_000 });
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "mate.adjust"));
    expect(audits.map((one) => one.reason)).toEqual(
      expect.arrayContaining(["Diwali bonus", "Lost the customer's key"]),
    );
    const mine = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, "adjustment"));
    expect(mine.map((one) => one.memo)).toEqual(expect.arrayContaining(["Diwali bonus", "Lost the customer's key"]));
    await expectAllBalanced();
  });
});

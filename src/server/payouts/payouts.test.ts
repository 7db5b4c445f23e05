import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adjustment } from "#domain/ledger.ts";
import { accountBalance, post as ledgerPost, mateBalance, posted } from "#server/ledger/ledger.ts";
import { ledgerTransactions } from "#server/ledger/schema.ts";
import { cancelScheduled } from "#server/queue/queue.ts";
import { queuedJobs } from "#server/queue/schema.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { auditOf } from "#testing/operator-console.ts";
import { payoutTestApp } from "#testing/payouts.ts";
import { errorOf, post } from "#testing/requests.ts";
import { createRazorpayXClient } from "./razorpayx.ts";
import { ensureReconcileScheduled } from "./reconcile.ts";
import { payouts, reconciliationFlags, settlements } from "./schema.ts";

const p = payoutTestApp();
let operator: TestCustomer;
beforeAll(async () => {
  operator = await signInAsOperator(p.t);
});

/** A mate (the nth seeded) with a UPI ID, and an approved payout of ₹1,234.50 to them. */
async function payoutFor(index: number, amountPaise = 123_450) {
  const mateId = await p.mateId(index);
  const mate = await p.mateWithDestination(mateId);
  const made = await p.approvedPayout(mateId, amountPaise);
  return { mateId, mate, amountPaise, ...made };
}

const stand = (razorpayPayoutId: string | null) => {
  const payout = p.x.payouts.get(razorpayPayoutId ?? "");
  if (!payout) throw new Error("the stand-in has no such payout");
  return payout;
};
const settlementOf = async (id: string) =>
  (await p.t.database.db.select().from(settlements).where(eq(settlements.id, id)))[0];
const transactionsOf = (payoutId: string) =>
  p.t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.payoutId, payoutId));

describe("sending a payout", () => {
  it("is sent once, with its id as the idempotency key, the business account and the settlement as reference", async () => {
    const { mateId, payoutId, settlementId, amountPaise } = await payoutFor(0);
    expect(await mateBalance(p.t.database.db, mateId)).toBe(0);
    const before = p.x.payouts.size;
    await p.t.queue.runDue();
    const row = await p.payoutRow(payoutId);
    expect(row).toMatchObject({ status: "processing", sentAt: p.clock.now() });
    expect(p.x.payouts.size).toBe(before + 1);
    expect(stand(row.razorpayPayoutId)).toMatchObject({
      amount: amountPaise,
      currency: "INR",
      mode: "UPI",
      purpose: "payout",
      reference_id: settlementId,
      fund_account_id: row.fundAccountId,
      notes: { payout_id: payoutId },
    });
    // Sending again (another instance, a crash after the answer) sends nothing.
    await p.t.queue.runDue();
    expect(p.x.payouts.size).toBe(before + 1);
  });

  it("gets the same payout back after the answer was lost (one payout at RazorpayX)", async () => {
    const { payoutId } = await payoutFor(1);
    const before = p.x.payouts.size;
    p.x.dropPayoutAnswers(1);
    await p.t.queue.runDue();
    expect(p.x.payouts.size).toBe(before + 1); // made, but we never heard
    expect(await p.payoutRow(payoutId)).toMatchObject({ status: "queued", razorpayPayoutId: null });
    const [job] = await p.t.database.db
      .select()
      .from(queuedJobs)
      .where(eq(queuedJobs.key, `payout-send:${payoutId}`));
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    await p.later(5); // the queue asks again, with the same key
    const row = await p.payoutRow(payoutId);
    expect(row.status).toBe("processing");
    expect(p.x.payouts.size).toBe(before + 1);
    expect(stand(row.razorpayPayoutId).notes).toMatchObject({ payout_id: payoutId });
  });

  it("is refused by the stand-in without the key, and with the key and another body", async () => {
    const { payoutId } = await payoutFor(2);
    await p.t.queue.runDue();
    const row = await p.payoutRow(payoutId);
    const auth = `Basic ${Buffer.from(`${p.fake.keyId}:${p.fake.keySecret}`).toString("base64")}`;
    const body = {
      account_number: p.x.accountNumber,
      fund_account_id: row.fundAccountId,
      amount: 5000,
      currency: "INR",
      mode: "UPI",
      purpose: "payout",
    };
    const send = (headers: Record<string, string>) =>
      fetch(`${p.fake.url}/v1/payouts`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const missing = await send({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { code: "BAD_REQUEST_ERROR", description: /Idempotency key is missing/, field: "X-Payout-Idempotency" },
    });
    const reused = await send({ "X-Payout-Idempotency": payoutId });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: { description: /Different request body/ } });
  });
});

describe("a payout RazorpayX refuses", () => {
  it("ends rejected with RazorpayX's reason, its amount the mate's again", async () => {
    const { mateId, payoutId, settlementId, amountPaise } = await payoutFor(13);
    await p.t.database.db.update(payouts).set({ fundAccountId: "fa_gone" }).where(eq(payouts.id, payoutId));
    await p.t.queue.runDue();
    expect(await p.payoutRow(payoutId)).toMatchObject({
      status: "rejected",
      razorpayPayoutId: null,
      failureReason: "The id provided does not exist",
    });
    expect(await mateBalance(p.t.database.db, mateId)).toBe(amountPaise);
    expect((await settlementOf(settlementId))?.status).toBe("returned");
  });
});

describe("payout webhooks", () => {
  it("processed: the money leaves the bank, the UTR is kept, the settlement is paid; a repeat changes nothing", async () => {
    const { mateId, payoutId, settlementId, amountPaise } = await payoutFor(3);
    await p.t.queue.runDue();
    const bankBefore = await accountBalance(p.t.database.db, "bank");
    const { razorpayPayoutId } = await p.payoutRow(payoutId);
    const processed = await p.x.process(razorpayPayoutId ?? "");
    const row = await p.payoutRow(payoutId);
    expect(row).toMatchObject({ status: "processed", utr: processed.utr });
    expect((await settlementOf(settlementId))?.status).toBe("paid");
    expect(await posted(p.t.database.db, `payout-processed:${payoutId}`)).toBe(true);
    expect(await accountBalance(p.t.database.db, "bank")).toBe(bankBefore - amountPaise);
    expect(await mateBalance(p.t.database.db, mateId)).toBe(0);
    // The same news again: acknowledged, nothing posted twice.
    expect(await p.x.deliver("payout.processed", processed)).toBe(200);
    expect(await transactionsOf(payoutId)).toHaveLength(2); // sent, processed
    // A failure after it was paid is old news: ignored.
    expect(await p.x.deliver("payout.failed", { ...processed, status: "failed", failure_reason: "late" })).toBe(200);
    expect((await p.payoutRow(payoutId)).status).toBe("processed");
    expect(await mateBalance(p.t.database.db, mateId)).toBe(0);
  });

  it("failed: the amount is the mate's again, and the mate and operators are told", async () => {
    const { mateId, mate, payoutId, settlementId, amountPaise } = await payoutFor(4);
    await p.t.queue.runDue();
    const { razorpayPayoutId } = await p.payoutRow(payoutId);
    await p.x.fail(razorpayPayoutId ?? "", { reason: "Beneficiary bank is offline" });
    expect(await p.payoutRow(payoutId)).toMatchObject({
      status: "failed",
      failureReason: "Beneficiary bank is offline",
    });
    expect(await mateBalance(p.t.database.db, mateId)).toBe(amountPaise);
    expect((await settlementOf(settlementId))?.status).toBe("returned");
    await p.t.queue.runDue(); // the notices
    const told = await p.mailsOfKind("payout_returned");
    const mateMails = told.filter((row) => row.userId === mate.id);
    expect(mateMails).toHaveLength(1);
    expect((mateMails[0]?.content as { subject?: string } | undefined)?.subject).toMatch(/did not go through/);
    const operatorMails = told.filter((row) => (row.content as { to?: string }).to === operator.email);
    expect(operatorMails.filter((row) => row.eventKey.startsWith(`payout-returned:${payoutId}`))).toHaveLength(1);
  });

  it("reversed after processed gives the amount back once; out of order, processed before our answer", async () => {
    const { mateId, payoutId, settlementId, amountPaise } = await payoutFor(5);
    // Our answer is lost; RazorpayX's webhook of the paid payout is the first we hear of it.
    p.x.dropPayoutAnswers(1);
    await p.t.queue.runDue();
    const made = [...p.x.payouts.values()].find((payout) => payout.notes.payout_id === payoutId);
    await p.x.process(made?.id ?? "");
    expect(await p.payoutRow(payoutId)).toMatchObject({ status: "processed", razorpayPayoutId: made?.id });
    // The retried request gets the same payout and moves nothing back.
    await p.later(5);
    expect((await p.payoutRow(payoutId)).status).toBe("processed");
    await p.x.reverse(made?.id ?? "");
    await p.x.reverse(made?.id ?? "");
    expect(await p.payoutRow(payoutId)).toMatchObject({ status: "reversed" });
    expect(await mateBalance(p.t.database.db, mateId)).toBe(amountPaise);
    expect((await settlementOf(settlementId))?.status).toBe("returned");
    const kinds = (await transactionsOf(payoutId)).map((row) => row.kind).sort();
    expect(kinds).toEqual(["payout", "payout_processed", "payout_reversed"]);
  });

  it("takes the UTR from a later payout.updated when the processed news came without it", async () => {
    const { payoutId } = await payoutFor(10);
    await p.t.queue.runDue();
    const { razorpayPayoutId } = await p.payoutRow(payoutId);
    const paid = await p.x.process(razorpayPayoutId ?? "", { webhook: false });
    expect(await p.x.deliver("payout.processed", { ...paid, utr: null })).toBe(200);
    expect(await p.payoutRow(payoutId)).toMatchObject({ status: "processed", utr: null });
    expect(await p.x.deliver("payout.updated", paid)).toBe(200);
    expect(await p.payoutRow(payoutId)).toMatchObject({ status: "processed", utr: paid.utr });
    expect(await transactionsOf(payoutId)).toHaveLength(2);
  });

  it("is steered over HTTP too, for tests in another process", async () => {
    const { payoutId } = await payoutFor(11);
    await p.t.queue.runDue();
    const { razorpayPayoutId } = await p.payoutRow(payoutId);
    const listed = (await (await fetch(`${p.fake.url}/_test/payouts`)).json()) as { id: string }[];
    expect(listed.map((payout) => payout.id)).toContain(razorpayPayoutId);
    const processed = await fetch(`${p.fake.url}/_test/payouts/${razorpayPayoutId}/process`, { method: "POST" });
    expect(processed.status).toBe(200);
    expect((await p.payoutRow(payoutId)).status).toBe("processed");
  });

  it("refuses a wrong signature and changes nothing", async () => {
    const { payoutId } = await payoutFor(6);
    await p.t.queue.runDue();
    const { razorpayPayoutId } = await p.payoutRow(payoutId);
    const payout = stand(razorpayPayoutId);
    expect(await p.x.deliver("payout.processed", { ...payout, status: "processed" }, { signature: "wrong" })).toBe(400);
    const response = await p.t.app.request("/api/payouts/webhook", { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
    expect((await p.payoutRow(payoutId)).status).toBe("processing");
  });
});

const SYSTEM = { actor: "system" as const };

describe("retrying a payout", () => {
  it("only once it has failed: a new payout, a new key, the amount out of the balance again, audited", async () => {
    const { mateId, payoutId, settlementId, amountPaise } = await payoutFor(7);
    await p.t.queue.runDue();
    const retry = (id: string) => operator.request(`/api/ops/payouts/${id}/retry`, post());
    const early = await retry(payoutId);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toMatch(/processing/);
    await p.x.fail((await p.payoutRow(payoutId)).razorpayPayoutId ?? "");
    expect(await mateBalance(p.t.database.db, mateId)).toBe(amountPaise);

    // The mate's destination is new (added with this payout): payouts wait a day after a change.
    const held = await retry(payoutId);
    expect(held.status).toBe(409);
    expect((await errorOf(held)).message).toMatch(/changed where they are paid/);
    p.clock.moveTo(new Date(p.clock.now().getTime() + 25 * 3_600_000));
    // Paid by a later run meanwhile (here: charged a paisa), the amount is not sent again.
    const charge = async (paise: number) =>
      p.t.database.db.transaction((tx) =>
        ledgerPost(
          tx,
          { kind: "adjustment", key: `charge:${paise}`, entries: adjustment(mateId, paise), who: SYSTEM },
          p.clock.now(),
        ),
      );
    await charge(-1);
    const short = await retry(payoutId);
    expect(short.status).toBe(409);
    expect((await errorOf(short)).message).toMatch(/less than this payout/);
    await charge(1);
    const response = await retry(payoutId);
    expect(response.status).toBe(200);
    const { payout } = (await response.json()) as { payout: { id: string; attempt: number; status: string } };
    expect(payout).toMatchObject({ attempt: 2, status: "queued", amountPaise, utr: null, failureReason: null });
    expect(payout.id).not.toBe(payoutId);
    expect(await mateBalance(p.t.database.db, mateId)).toBe(0);
    expect(await auditOf(p.t, mateId)).toContainEqual(
      expect.objectContaining({ actorId: operator.id, action: "payout.retried" }),
    );
    // The old one cannot be retried again while the new one is on its way.
    expect((await retry(payoutId)).status).toBe(409);
    await p.t.queue.runDue();
    const again = await p.payoutRow(payout.id);
    expect(again.status).toBe("processing");
    expect(again.razorpayPayoutId).not.toBe((await p.payoutRow(payoutId)).razorpayPayoutId);
    await p.x.process(again.razorpayPayoutId ?? "");
    expect((await settlementOf(settlementId))?.status).toBe("paid");
    expect((await retry(payout.id)).status).toBe(409);
    // Operators only.
    expect((await p.t.request(`/api/ops/payouts/${payoutId}/retry`, post())).status).toBe(401);
  });
});

describe("RazorpayX's request rate", () => {
  it("keeps each client to the setting's requests a second", async () => {
    const client = createRazorpayXClient(
      { keyId: p.fake.keyId, keySecret: p.fake.keySecret, apiUrl: p.fake.url },
      { accountNumber: p.x.accountNumber, webhookSecret: p.x.webhookSecret },
      5,
    );
    p.x.requestTimes.length = 0;
    const anyPayout = [...p.x.payouts.keys()][0] ?? "";
    await Promise.all(Array.from({ length: 12 }, () => client.getPayout(anyPayout)));
    expect(p.x.requestTimes).toHaveLength(12);
    expect(p.x.busiestSecond()).toBeLessThanOrEqual(5);
  });
});

describe("the nightly reconciliation", () => {
  it("runs at 02:00 in Kolkata, moves payouts RazorpayX is ahead on, and flags what it cannot explain once", async () => {
    const ahead = await payoutFor(8);
    const differs = await payoutFor(9);
    await p.t.queue.runDue();
    const aheadRow = await p.payoutRow(ahead.payoutId);
    await p.x.process(aheadRow.razorpayPayoutId ?? "", { webhook: false });
    const differsRow = await p.payoutRow(differs.payoutId);
    stand(differsRow.razorpayPayoutId).amount = differs.amountPaise + 100;

    // A third whose sending was given up: it never reached RazorpayX.
    const unsent = await payoutFor(12);
    await cancelScheduled(p.t.database.db, `payout-send:${unsent.payoutId}`, p.clock.now());
    await ensureReconcileScheduled(p.t.database.db, p.clock.now());
    const night = (day: string) =>
      p.t.database.db
        .select()
        .from(queuedJobs)
        .where(and(eq(queuedJobs.key, `payout-reconcile:${day}`)));
    const [tonight] = await night("2026-11-24");
    expect(tonight?.runAt).toEqual(new Date("2026-11-23T20:30:00Z")); // 02:00 IST
    p.clock.moveTo(new Date("2026-11-23T20:30:00Z"));
    await p.t.queue.runDue();

    expect((await p.payoutRow(ahead.payoutId)).status).toBe("processed");
    expect(await posted(p.t.database.db, `payout-processed:${ahead.payoutId}`)).toBe(true);
    const flags = await p.t.database.db
      .select()
      .from(reconciliationFlags)
      .where(eq(reconciliationFlags.payoutId, differs.payoutId));
    expect(flags).toEqual([
      expect.objectContaining({ difference: "The amount differs", ours: "₹1,234.50", theirs: "₹1,235.50" }),
    ]);
    const flagMails = async () =>
      (await p.mailsOfKind("reconciliation_flag")).filter(
        (row) => (row.content as { to?: string }).to === operator.email,
      );
    expect(await flagMails()).toHaveLength(1);

    // The next night is on the queue; it finds the same difference, already flagged: no new flag or mail.
    const [next] = await night("2026-11-25");
    expect(next?.runAt).toEqual(new Date("2026-11-24T20:30:00Z"));
    p.clock.moveTo(new Date("2026-11-24T20:30:00Z"));
    await p.t.queue.runDue();
    expect(
      await p.t.database.db
        .select()
        .from(reconciliationFlags)
        .where(eq(reconciliationFlags.payoutId, differs.payoutId)),
    ).toHaveLength(1);
    expect(await flagMails()).toHaveLength(2);
    expect(
      await p.t.database.db.select().from(reconciliationFlags).where(eq(reconciliationFlags.payoutId, unsent.payoutId)),
    ).toEqual([expect.objectContaining({ difference: "Never reached RazorpayX", ours: "queued", theirs: "none" })]);
  });
});

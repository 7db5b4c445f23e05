import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payoutDestinationResponseSchema } from "#domain/payout-destination.ts";
import { DEFAULT_PAYOUT_SETTINGS } from "#domain/payouts.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate } from "#testing/mates.ts";
import { auditOf } from "#testing/operator-console.ts";
import { payoutTestApp } from "#testing/payouts.ts";
import { errorOf } from "#testing/requests.ts";
import { MANY_SIGN_UPS } from "#testing/seeded-customer.ts";
import { createTestApp } from "#testing/test-app.ts";
import { destinationHeld } from "./destinations.ts";
import { payoutDestinations } from "./schema.ts";

const p = payoutTestApp();
const PATH = "/api/mate/payout-destination";
const put = (body: unknown): RequestInit => ({ method: "PUT", body: JSON.stringify(body) });
const bank = {
  kind: "bank_account",
  holderName: "Suresh Kumar",
  accountNumber: "50100123454321",
  accountNumberAgain: "50100123454321",
  ifsc: "HDFC0001234",
};

async function rowsOf(mateId: string) {
  return p.t.database.db.select().from(payoutDestinations).where(eq(payoutDestinations.mateId, mateId));
}

describe("where a mate is paid", () => {
  it("refuses bad input with a clear message and keeps nothing", async () => {
    const mateId = await p.mateId(0);
    const mate = await signInAsMate(p.t, mateId);
    const fundAccounts = p.x.fundAccounts.size;
    const cases: [unknown, RegExp][] = [
      [{ ...bank, ifsc: "HDFC1234567" }, /IFSC is 11 characters/],
      [{ ...bank, ifsc: "HDF0001234" }, /IFSC/],
      [{ ...bank, accountNumberAgain: "50100123454322" }, /two account numbers differ/],
      [{ ...bank, accountNumber: "12345678", accountNumberAgain: "12345678" }, /9 to 18 digits/],
      [{ ...bank, accountNumber: "1234567890123456789", accountNumberAgain: "1234567890123456789" }, /9 to 18 digits/],
      [{ ...bank, holderName: "S" }, /holder's name/],
      [{ kind: "vpa", upiId: "not-a-upi-id" }, /name@bank/],
      [{ kind: "vpa", upiId: "a@b" }, /name@bank/],
      [{ kind: "cheque" }, /bank account or a UPI ID/],
    ];
    for (const [body, message] of cases) {
      const response = await mate.request(PATH, put(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message).toMatch(message);
    }
    // RazorpayX refuses an IFSC of the right shape that names no bank it knows.
    const refused = await mate.request(PATH, put({ ...bank, ifsc: "ABCD0123456" }));
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "destination_refused", message: /IFSC/ });
    expect(await rowsOf(mateId)).toEqual([]);
    expect(p.x.fundAccounts.size).toBe(fundAccounts);
    const read = payoutDestinationResponseSchema.parse(await (await mate.request(PATH)).json());
    expect(read.destination).toBeNull();
  });

  it("keeps a bank account masked, audits it, mails the mate and holds the next payout", async () => {
    const mateId = await p.mateId(1);
    const mate = await signInAsMate(p.t, mateId);
    const response = await mate.request(
      PATH,
      put({ ...bank, ifsc: " hdfc0001234 ", accountNumber: "5010 0123 454321" }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const { destination } = payoutDestinationResponseSchema.parse(await response.json());
    const now = p.clock.now();
    expect(destination).toEqual({
      kind: "bank_account",
      holderName: "Suresh Kumar",
      masked: "XXXX XXXX 4321",
      ifsc: "HDFC0001234",
      addedAt: now.toISOString(),
      heldUntil: new Date(now.getTime() + 24 * 3_600_000).toISOString(),
    });
    // Only the masked number is kept; RazorpayX has the whole one.
    const [row] = await rowsOf(mateId);
    expect(JSON.stringify(row)).not.toContain("50100123454321");
    const account = p.x.fundAccounts.get(row?.fundAccountId ?? "");
    expect(account?.bank_account).toMatchObject({ account_number: "50100123454321", ifsc: "HDFC0001234" });
    expect(p.x.contacts.get(row?.contactId ?? "")?.reference_id).toBe(mateId);
    // Read back, masked.
    const read = payoutDestinationResponseSchema.parse(await (await mate.request(PATH)).json());
    expect(read.destination).toEqual(destination);
    // Audited with the mate as the actor; mailed to the mate.
    const audit = await auditOf(p.t, mateId);
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: mate.id,
        action: "payout_destination.changed",
        after: expect.objectContaining({ masked: "XXXX XXXX 4321" }),
      }),
    ]);
    const mails = (await p.mailsOfKind("payout_destination_changed")).filter(
      (mail) => (mail.content as { to: string }).to === mate.email,
    );
    expect(mails).toHaveLength(1);
    expect((mails[0]?.content as { subject?: string } | undefined)?.subject).toBe("Your payout details changed");
    // Sent by the queue (the mail's body is dropped from its row once sent): the outbox has it.
    await p.t.queue.runDue();
    const outbox = join(p.t.config.dataDir, "outbox");
    const sent = readdirSync(outbox)
      .map((name) => readFileSync(join(outbox, name), "utf8"))
      .filter((mail) => mail.includes(mate.email) && mail.includes("Your payout details changed"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.replace(/=\r?\n/g, "")).toMatch(/If it wasn(=E2=80=99|'|’)t you, call us/);
  });

  it("replaces the destination with a UPI ID, reusing the mate's RazorpayX contact", async () => {
    const mateId = await p.mateId(2);
    const mate = await signInAsMate(p.t, mateId);
    expect((await mate.request(PATH, put(bank))).status).toBe(200);
    p.clock.moveTo(new Date(p.clock.now().getTime() + 3_600_000));
    const response = await mate.request(PATH, put({ kind: "vpa", upiId: "suresh.k@okaxis" }));
    expect(response.status).toBe(200);
    const { destination } = payoutDestinationResponseSchema.parse(await response.json());
    expect(destination).toMatchObject({ kind: "vpa", masked: "su••••@okaxis", ifsc: null });
    const rows = await rowsOf(mateId);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.replacedAt === null)).toEqual([expect.objectContaining({ kind: "vpa" })]);
    expect(new Set(rows.map((row) => row.contactId)).size).toBe(1);
    expect((await auditOf(p.t, mateId)).map((entry) => entry.before)).toContainEqual(
      expect.objectContaining({ kind: "bank_account", masked: "XXXX XXXX 4321" }),
    );
  });

  it("is the mate's alone", async () => {
    const customer = await signUpCustomer(p.t);
    expect((await customer.request(PATH)).status).toBe(403);
    expect((await customer.request(PATH, put(bank))).status).toBe(403);
    expect((await p.t.request(PATH)).status).toBe(401);
  });

  it("is a 409 while RazorpayX is not set up", async () => {
    const t = await createTestApp({ authLimits: MANY_SIGN_UPS });
    try {
      const mate = await signInAsMate(t, (await p.mateId(3)).toString());
      const response = await mate.request(PATH, put({ kind: "vpa", upiId: "someone@okicici" }));
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message).toMatch(/not set up/);
    } finally {
      await t.close();
    }
  });
});

describe("destinationHeld", () => {
  it("holds for the setting's hours from when it was added", () => {
    const added = new Date("2026-11-23T10:00:00Z");
    const settings = DEFAULT_PAYOUT_SETTINGS;
    expect(destinationHeld(added, new Date("2026-11-24T09:59:59Z"), settings)).toBe(true);
    expect(destinationHeld(added, new Date("2026-11-24T10:00:00Z"), settings)).toBe(false);
    expect(destinationHeld(added, added, { destinationHoldHours: 0 })).toBe(false);
  });
});

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as recipes from "#domain/ledger.ts";
import type { Database } from "#server/db/client.ts";
import { expectAllBalanced } from "#testing/ledger-books.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { accountBalance, mateBalance, post } from "./ledger.ts";
import { ledgerEntries, ledgerTransactions } from "./schema.ts";

/**
 * The ledger against a real database: the database itself refuses a transaction whose entries do
 * not sum to zero and any change to what was written, and random sequences of money events leave
 * every transaction balanced and every balance equal to the sum of its entries.
 */
let t: TestApp;
let db: Database;
const SYSTEM = { actor: "system" as const };
const MATES = ["mate-001", "mate-002", "mate-003"];
const AT = new Date("2026-11-20T06:00:00Z");
let sequence = 0;
function nextKey() {
  sequence += 1;
  return `test:${sequence}`;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const rawEntry = (transactionId: string, account: string, amount: number) =>
  sql`insert into ledger_entries (transaction_id, account, line, amount_paise, at) values (${transactionId}, ${account}, 'payment', ${amount}, now())`;
const rawTransaction = (id: string) =>
  sql`insert into ledger_transactions (id, kind, key, at, actor) values (${id}, 'test', ${id}, now(), 'system')`;

describe("the database keeps the books", () => {
  it("refuses, at commit, a transaction whose entries do not sum to zero", async () => {
    const id = `unbalanced-${sequence}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(rawTransaction(id));
        await tx.execute(rawEntry(id, "bank", 10_000));
        await tx.execute(rawEntry(id, "customers", -9_999));
      }),
    ).rejects.toThrow();
    const rows = await db.select().from(ledgerTransactions).where(sql`${ledgerTransactions.id} = ${id}`);
    expect(rows).toEqual([]);
  });

  it("takes entries written one by one once they balance at commit", async () => {
    const id = `balanced-${sequence}`;
    await db.transaction(async (tx) => {
      await tx.execute(rawTransaction(id));
      await tx.execute(rawEntry(id, "bank", 10_000));
      await tx.execute(rawEntry(id, "customers", -10_000));
    });
    const rows = await db.select().from(ledgerEntries).where(sql`${ledgerEntries.transactionId} = ${id}`);
    expect(rows).toHaveLength(2);
  });

  it("refuses to change or delete what was written", async () => {
    const id = await db.transaction((tx) =>
      post(tx, { kind: "payment", key: nextKey(), entries: recipes.paymentReceived(500), who: SYSTEM }, AT),
    );
    await expect(
      db.execute(sql`update ledger_entries set amount_paise = 1 where transaction_id = ${id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries where transaction_id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transactions where id = ${id}`)).rejects.toThrow();
  });

  it("posts an event once, however often it is posted", async () => {
    const key = nextKey();
    const posting = { kind: "payment", key, entries: recipes.paymentReceived(700), who: SYSTEM };
    const first = await db.transaction((tx) => post(tx, posting, AT));
    const second = await db.transaction((tx) => post(tx, posting, AT));
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
  });

  it("refuses an unbalanced posting before it reaches the database", async () => {
    await expect(
      db.transaction((tx) =>
        post(
          tx,
          {
            kind: "broken",
            key: nextKey(),
            entries: [{ account: "bank", line: "payment", amountPaise: 1 }],
            who: SYSTEM,
          },
          AT,
        ),
      ),
    ).rejects.toThrow(/does not balance/);
  });
});

/** A money event of a random sequence: which, how much (paise), which mate, charged to the mate or not. */
const event = fc.record({
  kind: fc.constantFrom(
    "payment",
    "refund",
    "work",
    "visit",
    "tip",
    "collected",
    "credit",
    "spend",
    "return",
    "refundDecided",
    "adjust",
    "payout",
    "processed",
    "failed",
    "reversed",
    "dues",
  ),
  paise: fc.integer({ min: 1, max: 5_000_000 }),
  mate: fc.constantFrom(...MATES),
  charged: fc.boolean(),
  commissionBp: fc.integer({ min: 0, max: 10_000 }),
  tdsBp: fc.constantFrom(10, 500),
});

type MoneyEvent = typeof event extends fc.Arbitrary<infer T> ? T : never;

function entriesOf(e: MoneyEvent) {
  switch (e.kind) {
    case "payment":
      return recipes.paymentReceived(e.paise);
    case "refund":
      return recipes.refundPaid(e.paise);
    case "work":
      return recipes.workEarned(e.mate, e.paise, e).entries;
    case "visit":
      return recipes.workEarned(e.mate, e.paise, e, "visiting_charge").entries;
    case "tip":
      return recipes.tipAdded(e.mate, e.paise);
    case "collected":
      return recipes.collectedByMate(e.mate, e.paise);
    case "credit":
      return recipes.creditGranted(e.paise, e.charged ? e.mate : undefined);
    case "spend":
      return recipes.creditSpent(e.paise);
    case "return":
      return recipes.creditReturned(e.paise);
    case "refundDecided":
      return recipes.refundDecided(e.paise, e.charged ? e.mate : undefined);
    case "adjust":
      return recipes.adjustment(e.mate, e.charged ? -e.paise : e.paise);
    case "payout":
      return recipes.payoutSent(e.mate, e.paise);
    case "processed":
      return recipes.payoutProcessed(e.paise);
    case "failed":
      return recipes.payoutFailed(e.mate, e.paise);
    case "reversed":
      return recipes.payoutReversed(e.mate, e.paise);
    default:
      return recipes.duesPaid(e.mate, e.paise);
  }
}

describe("random sequences of money events", () => {
  it("leave every transaction balanced and every balance the sum of its entries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 25 }), async (events) => {
        const expected = new Map<string, number>();
        const before = new Map<string, number>();
        for (const mate of MATES) before.set(mate, await mateBalance(db, mate));
        const bankBefore = await accountBalance(db, "bank");
        let bank = 0;
        for (const e of events) {
          const entries = entriesOf(e);
          expect(recipes.balanced(entries)).toBe(true);
          await db.transaction((tx) => post(tx, { kind: e.kind, key: nextKey(), entries, who: SYSTEM }, AT));
          for (const entry of entries) {
            if (entry.account === "mate" && entry.mateId) {
              expected.set(entry.mateId, (expected.get(entry.mateId) ?? 0) - entry.amountPaise);
            }
            if (entry.account === "bank") bank += entry.amountPaise;
          }
        }
        for (const mate of MATES) {
          expect(await mateBalance(db, mate)).toBe((before.get(mate) ?? 0) + (expected.get(mate) ?? 0));
        }
        expect(await accountBalance(db, "bank")).toBe(bankBefore + bank);
        await expectAllBalanced(db);
        const [whole] = await db
          .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)::text` })
          .from(ledgerEntries);
        expect(Number(whole?.total)).toBe(0);
      }),
      { numRuns: 40 },
    );
  });
});

import { randomUUID } from "node:crypto";
import { balanced } from "#domain/ledger.ts";
import type { Tx } from "#server/db/client.ts";
import type { Posting } from "./ledger.ts";
import { ledgerEntries, ledgerTransactions } from "./schema.ts";

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters for either table. */
const CHUNK = 1000;

/**
 * Posts many balanced transactions at once (a run's approval posts one per payout): the same
 * checks and the same idempotency by key as `post`, in a few batched inserts instead of two
 * statements per posting. Returns the keys that were posted now (the others were posted before).
 */
export async function postMany(tx: Tx, postings: readonly Posting[], now: Date): Promise<Set<string>> {
  const ready = postings
    .map((posting) => ({ posting, id: randomUUID(), entries: posting.entries.filter((e) => e.amountPaise !== 0) }))
    .filter((item) => item.entries.length > 0);
  for (const { posting, entries } of ready) {
    if (!balanced(entries)) throw new Error(`ledger posting ${posting.key} does not balance`);
    if (entries.some((entry) => !Number.isSafeInteger(entry.amountPaise))) {
      throw new Error(`ledger posting ${posting.key}: paise must be whole`);
    }
  }
  const made = new Set<string>();
  for (let start = 0; start < ready.length; start += CHUNK) {
    const chunk = ready.slice(start, start + CHUNK);
    const rows = await tx
      .insert(ledgerTransactions)
      .values(
        chunk.map(({ posting, id }) => ({
          id,
          kind: posting.kind,
          key: posting.key,
          at: now,
          bookingId: posting.bookingId ?? null,
          jobId: posting.jobId ?? null,
          mateId: posting.mateId ?? null,
          payoutId: posting.payoutId ?? null,
          memo: posting.memo ?? null,
          actor: posting.who.actor,
          actorId: posting.who.actorId ?? null,
        })),
      )
      .onConflictDoNothing({ target: ledgerTransactions.key })
      .returning({ id: ledgerTransactions.id, key: ledgerTransactions.key });
    const ids = new Set(rows.map((row) => row.id));
    for (const row of rows) made.add(row.key);
    const entries = chunk
      .filter((item) => ids.has(item.id))
      .flatMap(({ id, entries: list }) =>
        list.map((entry) => ({
          transactionId: id,
          account: entry.account,
          mateId: entry.mateId ?? null,
          line: entry.line,
          amountPaise: entry.amountPaise,
          at: now,
        })),
      );
    for (let from = 0; from < entries.length; from += CHUNK * 2) {
      await tx.insert(ledgerEntries).values(entries.slice(from, from + CHUNK * 2));
    }
  }
  return made;
}

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { balanced } from "#domain/ledger.ts";
import type { Tx } from "#server/db/client.ts";
import type { Posting } from "./ledger.ts";

/** Postings per batch. */
const CHUNK = 2000;

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
    // Each batch travels as one JSON parameter, unpacked by the database: one statement for the
    // transactions (those whose key is new come back) and one for their entries.
    const transactions = chunk.map(({ posting, id }) => ({
      id,
      kind: posting.kind,
      key: posting.key,
      booking_id: posting.bookingId ?? null,
      job_id: posting.jobId ?? null,
      mate_id: posting.mateId ?? null,
      payout_id: posting.payoutId ?? null,
      memo: posting.memo ?? null,
      actor: posting.who.actor,
      actor_id: posting.who.actorId ?? null,
    }));
    const at = now.toISOString();
    const result = await tx.execute(sql`
      insert into ledger_transactions (id, kind, key, at, booking_id, job_id, mate_id, payout_id, memo, actor, actor_id)
      select id, kind, key, ${at}::timestamptz, booking_id, job_id, mate_id, payout_id, memo, actor, actor_id
      from jsonb_to_recordset(${JSON.stringify(transactions)}::jsonb) as t(id text, kind text, key text,
        booking_id text, job_id text, mate_id text, payout_id text, memo text, actor text, actor_id text)
      on conflict (key) do nothing
      returning id, key`);
    const rows = rowsOf<{ id: string; key: string }>(result);
    const ids = new Set(rows.map((row) => row.id));
    for (const row of rows) made.add(row.key);
    const entries = chunk
      .filter((item) => ids.has(item.id))
      .flatMap(({ id, entries: list }) =>
        list.map((entry) => ({
          transaction_id: id,
          account: entry.account,
          mate_id: entry.mateId ?? null,
          line: entry.line,
          amount_paise: entry.amountPaise,
        })),
      );
    if (entries.length === 0) continue;
    await tx.execute(sql`
      insert into ledger_entries (transaction_id, account, mate_id, line, amount_paise, at)
      select transaction_id, account, mate_id, line, amount_paise, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(transaction_id text, account text,
        mate_id text, line text, amount_paise bigint)`);
  }
  return made;
}

/** The rows a raw statement returned: postgres.js answers an array, PGlite an object holding one. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

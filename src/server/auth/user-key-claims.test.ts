import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyMonth } from "#domain/user-key.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createTestDatabase } from "#testing/test-app.ts";
import { userKeyClaims, users } from "./schema.ts";
import { nextUserKey } from "./users.ts";

/**
 * nextUserKey inside transactions, as the invitations call it (record 080): a claim of a key that an
 * open transaction has claimed waits for it, then takes the next key if it committed, or that key if
 * it rolled back. On PostgreSQL the second transaction is seen waiting on the first's lock before the
 * first ends; on PGlite (one connection) it simply runs after.
 */
const month = keyMonth(new Date());
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Resolves once another connection waits on a lock (PostgreSQL); at once on PGlite. */
async function someoneWaits(): Promise<void> {
  if (database.kind !== "postgres") return;
  for (;;) {
    // Only ever run on postgres.js, whose result is the array of rows.
    const rows = (await database.db.execute(
      sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    )) as unknown as unknown[];
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function race(name: string, firstEnds: "commit" | "rollback"): Promise<[string, string]> {
  let second: Promise<string> | undefined;
  let firstKey = "";
  await database.db
    .transaction(async (tx) => {
      firstKey = await nextUserKey(tx, name, new Date());
      await tx.insert(users).values({ id: randomUUID(), name, email: `${randomUUID()}@example.com`, key: firstKey });
      second = database.db.transaction((other) => nextUserKey(other, name, new Date()));
      // On PGlite the second transaction cannot start before this one ends: do not wait for it there.
      await someoneWaits();
      if (firstEnds === "rollback") throw new Error("rolled back on purpose");
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === "rolled back on purpose")) throw error;
    });
  return [firstKey, await (second as Promise<string>)];
}

describe("user keys claimed inside transactions", () => {
  it("gives the second of two racing transactions the next key once the first commits", async () => {
    const [first, second] = await race("Dev Patel", "commit");
    expect(first).toBe(`DevPatel${month}`);
    expect(second).toBe(`DevPatel${month}-2`);
  });

  it("gives the second the same key when the first rolls back, and keeps no claim of the first", async () => {
    const [first, second] = await race("Isha Das", "rollback");
    expect(first).toBe(`IshaDas${month}`);
    expect(second).toBe(`IshaDas${month}`);
    const claims = await database.db.select().from(userKeyClaims).where(sql`${userKeyClaims.key} like 'IshaDas%'`);
    expect(claims.map((claim) => claim.key)).toEqual([`IshaDas${month}`]);
  });
});

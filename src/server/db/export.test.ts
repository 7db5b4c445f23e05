import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "#domain/booking.ts";
import { readSeedCatalogue, seedCatalogue } from "#server/catalogue/catalogue.ts";
import { seedMates } from "#server/mates/mates.ts";
import {
  buildEmbeddedShop,
  customerPaths,
  type EmbeddedShop,
  readAs,
  rowsOf,
  rowsPerTable,
  shopApp,
} from "#testing/embedded-shop.ts";
import { type FakeRazorpay, startFakeRazorpay } from "#testing/fake-razorpay.ts";
import { signIn } from "#testing/mates.ts";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";
import { seedCustomer, settledBooking } from "#testing/seeded-customer.ts";
import { migrationsFolder, openDatabase } from "./client.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { exportEmbeddedDatabase } from "./export.ts";

/**
 * Issue 42: a shop that started on the embedded database moves to a PostgreSQL server without
 * starting over. `npm run db -- export` dumps DATA_DIR's database, psql loads it as the README
 * says, and the app started on the server finds the customer's session, password, booking, payment
 * and chat, every row, its migrations recorded (nothing migrated again) and its sequences ahead.
 */
const run = promisify(execFile);
const dbScript = fileURLToPath(new URL("../../../scripts/db.ts", import.meta.url));

/** The PostgreSQL server to move to: CI's second stage names it; elsewhere the usual local one, if it answers. */
const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
async function whyNoServer(): Promise<string | undefined> {
  const probe = postgres(SERVER_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await probe`select 1`;
  } catch (error) {
    return `no PostgreSQL server answers at ${new URL(SERVER_URL).host} (${(error as Error).message}); set DATABASE_URL`;
  } finally {
    await probe.end({ timeout: 1 });
  }
  try {
    await run("psql", ["--version"]);
  } catch {
    return "psql, which loads the dump as the README says, is not installed";
  }
  return undefined;
}
const skipReason = await whyNoServer();

/** The command `npm run db -- <args>` runs, with these settings only (what a shell would pass it). */
function dbCommand(args: string[], env: Record<string, string>) {
  return run(process.execPath, [dbScript, ...args], { env: { PATH: process.env.PATH ?? "", ...env } }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

let fake: FakeRazorpay;
let dataDir: string;
let shop: EmbeddedShop;
let dump: string;
const dumpFile = () => join(dataDir, "..", "mates.sql");

beforeAll(async () => {
  fake = await startFakeRazorpay({});
  dataDir = join(mkdtempSync(join(tmpdir(), "mates-export-")), "data");
  shop = await buildEmbeddedShop(dataDir, fake);
  dump = await exportEmbeddedDatabase(dataDir);
  writeFileSync(dumpFile(), dump);
});
afterAll(async () => {
  await fake?.close();
  if (dataDir) rmSync(join(dataDir, ".."), { recursive: true, force: true });
});

describe("npm run db -- export", () => {
  it("writes a dump that loads all or nothing on PostgreSQL 15 and later, migrations recorded", () => {
    // The shop has what the move must keep: a paid booking with its invoice, and a chat both ways.
    const seenBooking = shop.seen[`/api/bookings/${shop.bookingId}`] as { booking: Booking };
    expect(seenBooking.booking.payment.paidPaise).toBeGreaterThan(0);
    expect(shop.invoiceSlugs).toHaveLength(1);
    const thread = shop.seen[`/api/bookings/${shop.bookingId}/messages`] as { thread: { messages: unknown[] } };
    expect(thread.thread.messages).toHaveLength(2);
    expect(dump).toMatch(/\nBEGIN;\n/);
    expect(dump.trimEnd().endsWith("COMMIT;")).toBe(true);
    // PostgreSQL 15 and 16 refuse this setting; it is kept only where the server knows it.
    expect(dump).not.toMatch(/^SET transaction_timeout/m);
    expect(dump).toContain("current_setting('server_version_num')");
    // psql 15 does not know pg_dump 17's \restrict; owners and grants would name the embedded role.
    expect(dump).not.toMatch(/^\\(un)?restrict/m);
    expect(dump).not.toMatch(/OWNER TO|^GRANT /m);
    const migrations = readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql")).length;
    expect(dump.match(/^INSERT INTO drizzle\.__drizzle_migrations /gm)).toHaveLength(migrations);
  });

  it("refuses while a server holds DATA_DIR, and says when DATA_DIR holds no database", async () => {
    const lock = lockDataDir(dataDir);
    try {
      const refused = await dbCommand(["export", "-"], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The server is running on the embedded database in ${dataDir}`);
      expect(refused.stdout).toBe("");
    } finally {
      lock.release();
    }
    const empty = join(dataDir, "..", "empty");
    const none = await dbCommand(["export", "-"], { DATA_DIR: empty });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`There is no embedded database in ${join(empty, "pglite")}`);
  });

  it("writes to the file named, and never over one", async () => {
    const file = join(dataDir, "..", "named.sql");
    const written = await dbCommand(["export", file], { DATA_DIR: dataDir });
    expect(written.code, written.stderr).toBe(0);
    expect(written.stderr).toContain(`psql -v ON_ERROR_STOP=1 "$DATABASE_URL" -f ${file}`);
    expect(readFileSync(file, "utf8")).toContain(`'${shop.email}'`);
    const again = await dbCommand(["export", file], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists already");
  });
});

describe("moving to a PostgreSQL server", () => {
  it.skipIf(skipReason !== undefined)(
    `finds the customer's session, password, booking, payment and chat, and every row${skipReason ? ` (skipped: ${skipReason})` : ""}`,
    async () => {
      const target = await freshPostgresDatabase(SERVER_URL, "export");
      try {
        const load = () => run("psql", ["-q", "-v", "ON_ERROR_STOP=1", target.url, "-f", dumpFile()]);
        const loaded = await load();
        expect(loaded.stderr).toBe("");

        const database = await openDatabase({ kind: "postgres", url: target.url, maxConnections: 3 });
        try {
          // The start migrated nothing again, and the rows are those of the embedded database.
          expect(await rowsPerTable(database.db)).toEqual(shop.rows);
          await expectSequencesAhead(database.db);
          // What the server's start does next (main.ts) finds the catalogue and the mates there.
          expect(await seedCatalogue(database.db, readSeedCatalogue())).toBe(0);
          expect(await seedMates(database.db)).toBe(0);

          const t = await shopApp(database, fake, { at: shop.at });
          try {
            const paths = customerPaths(shop.bookingId, shop.invoiceSlugs);
            expect(await readAs(t, shop.cookie, paths)).toEqual(shop.seen);
            const signedIn = await signIn(t, "", shop.email, shop.password);
            expect(await readAs(t, signedIn.cookie, paths)).toEqual(shop.seen);
            // The server takes new work: a new customer books, and is given a mate.
            const newcomer = await seedCustomer(t, "11:00");
            expect((await settledBooking(t, newcomer)).status).not.toBe("finding");
          } finally {
            await t.close();
          }

          // A second load into the now full database fails as a whole and changes nothing.
          await expect(load()).rejects.toThrow(/already exists/);
          expect((await rowsPerTable(database.db))["drizzle.__drizzle_migrations"]).toBe(
            shop.rows["drizzle.__drizzle_migrations"],
          );
        } finally {
          await database.close();
        }
      } finally {
        await target.drop();
      }
    },
  );
});

/** Every sequence-backed column's next value is above its largest value: new rows do not collide. */
async function expectSequencesAhead(db: Parameters<typeof rowsPerTable>[0]) {
  const owned = rowsOf<{ seq: string; tbl: string; col: string }>(
    await db.execute(sql`
      select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, a.attname as col
      from pg_class s
      join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S'`),
  );
  expect(owned.length).toBeGreaterThan(0);
  let filled = 0;
  for (const { seq, tbl, col } of owned) {
    const [state] = rowsOf<{ last: string; called: boolean; top: string | null }>(
      await db.execute(
        sql`select last_value::text as last, is_called as called,
            (select max(${sql.identifier(col)})::text from ${sql.raw(tbl)}) as top from ${sql.raw(seq)}`,
      ),
    );
    if (!state?.top) continue;
    filled++;
    const next = BigInt(state.last) + (state.called ? 1n : 0n);
    expect(next > BigInt(state.top), `${seq} would give ${next}, ${tbl}.${col} has ${state.top}`).toBe(true);
  }
  expect(filled).toBeGreaterThan(0);
}

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";
import { createTestDatabase } from "#testing/test-app.ts";
import { cancelScheduled, createQueue, type Handler, schedule } from "./queue.ts";
import { queuedJobs } from "./schema.ts";

const logger = pino({ level: "silent" });
const T0 = new Date("2026-11-24T04:30:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

describe("the job queue", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("runs a job once when it is due, not before; the same key twice is one job, moved to its new time", async () => {
    let clock = T0;
    const ran: unknown[] = [];
    const queue = createQueue({
      db: database.db,
      logger,
      now: () => clock,
      handlers: { note: async (payload) => void ran.push(payload.n) },
    });
    await schedule(database.db, { name: "note", key: "note:a", payload: { n: 1 }, runAt: minutes(10) });
    await schedule(database.db, { name: "note", key: "note:a", payload: { n: 2 }, runAt: minutes(20) });
    expect(await queue.runDue()).toBe(0);
    clock = minutes(15);
    expect(await queue.runDue()).toBe(0);
    clock = minutes(20);
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(ran).toEqual([2]);
    const [row] = await database.db.select().from(queuedJobs).where(eq(queuedJobs.key, "note:a"));
    expect(row).toMatchObject({ outcome: "done", attempts: 1 });
    // Done, the key is free again: scheduling it makes a new job.
    await schedule(database.db, { name: "note", key: "note:a", payload: { n: 3 }, runAt: minutes(20) });
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual([2, 3]);
  });

  it("runs a failed job again later, and gives up after the last attempt", async () => {
    let clock = T0;
    let calls = 0;
    const flaky: Handler = async () => {
      calls++;
      if (calls === 1) throw new Error("the first try fails");
    };
    const always: Handler = async () => {
      throw new Error("never works");
    };
    const queue = createQueue({
      db: database.db,
      logger,
      now: () => clock,
      maxAttempts: 3,
      handlers: { flaky, always },
    });
    await schedule(database.db, { name: "flaky", key: "flaky:1", payload: {}, runAt: T0 });
    await schedule(database.db, { name: "always", key: "always:1", payload: {}, runAt: T0 });
    expect(await queue.runDue()).toBe(2);
    const [failedOnce] = await database.db.select().from(queuedJobs).where(eq(queuedJobs.key, "flaky:1"));
    expect(failedOnce).toMatchObject({ outcome: null, lastError: "the first try fails", attempts: 1 });
    expect(failedOnce?.runAt.getTime()).toBeGreaterThan(T0.getTime());
    for (let i = 0; i < 5; i++) {
      clock = minutes(10 * (i + 1));
      await queue.runDue();
    }
    const rows = await database.db.select().from(queuedJobs);
    expect(rows.find((row) => row.key === "flaky:1")).toMatchObject({ outcome: "done", attempts: 2 });
    expect(rows.find((row) => row.key === "always:1")).toMatchObject({ outcome: "failed", attempts: 3 });
    expect(calls).toBe(2);
  });

  it("never runs a cancelled job", async () => {
    const ran: string[] = [];
    const queue = createQueue({
      db: database.db,
      logger,
      now: () => T0,
      handlers: { x: async () => void ran.push("x") },
    });
    await schedule(database.db, { name: "x", key: "x:1", payload: {}, runAt: T0 });
    await cancelScheduled(database.db, "x:1", T0);
    expect(await queue.runDue()).toBe(0);
    expect(ran).toEqual([]);
  });
});

describe("a restart", () => {
  it("loses no scheduled job: a new process on the same data runs it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mates-queue-"));
    const first = await openDatabase({ kind: "pglite", dataDir });
    await schedule(first.db, { name: "remember", key: "remember:1", payload: { what: "assign" }, runAt: T0 });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    try {
      const ran: unknown[] = [];
      const queue = createQueue({
        db: second.db,
        logger,
        now: () => minutes(1),
        handlers: { remember: async (payload) => void ran.push(payload.what) },
      });
      expect(await queue.runDue()).toBe(1);
      expect(ran).toEqual(["assign"]);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL", () => {
  it("run each of 300 jobs exactly once between them", { timeout: 60_000 }, async () => {
    const server = await freshPostgresDatabase(process.env.DATABASE_URL ?? "");
    const a = await openDatabase({ kind: "postgres", url: server.url, maxConnections: 5 });
    const b = await openDatabase({ kind: "postgres", url: server.url, maxConnections: 5 });
    try {
      const runs = new Map<string, string[]>();
      // Each instance's jobs wait until the other has a job in hand too: both are certainly claiming
      // at once (before, a 1 ms pause per job gave the other time to come in).
      const inHand = () => {
        let resolve = () => {};
        const promise = new Promise<void>((done) => {
          resolve = done;
        });
        return { promise, resolve };
      };
      const working = { a: inHand(), b: inHand() };
      const handler =
        (instance: "a" | "b", other: "a" | "b"): Handler =>
        async (payload) => {
          const id = String(payload.id);
          runs.set(id, [...(runs.get(id) ?? []), instance]);
          working[instance].resolve();
          await working[other].promise;
        };
      for (let i = 0; i < 300; i++) {
        await schedule(a.db, { name: "work", key: `work:${i}`, payload: { id: `job-${i}` }, runAt: T0 });
      }
      const queueA = createQueue({ db: a.db, logger, now: () => T0, handlers: { work: handler("a", "b") } });
      const queueB = createQueue({ db: b.db, logger, now: () => T0, handlers: { work: handler("b", "a") } });
      const [ranA, ranB] = await Promise.all([queueA.runDue(), queueB.runDue()]);
      expect(ranA + ranB).toBe(300);
      expect(runs.size).toBe(300);
      expect([...runs.values()].filter((instances) => instances.length !== 1)).toEqual([]);
      expect(ranA).toBeGreaterThan(0);
      expect(ranB).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
      await server.drop();
    }
  });
});

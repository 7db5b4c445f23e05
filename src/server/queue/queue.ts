import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { queuedJobs } from "./schema.ts";

/**
 * A durable job queue in the application's own database (decision record 023). Work is scheduled
 * in the same transaction as the change that asks for it; workers on any instance claim due jobs
 * with `for update skip locked` and a lease, so a restart loses none and two instances never run
 * one at the same time. Handlers must be idempotent (a job whose worker died mid-run runs again
 * once its lease ends) and check the state they act on, as every handler of this product does.
 */

type Executor = Pick<Database, "insert" | "update">;
export type QueuedJob = typeof queuedJobs.$inferSelect;
export type Handler = (payload: Record<string, unknown>, job: QueuedJob) => Promise<void>;

/** Schedules a job, or moves the pending one of the same key (new time, new payload, fresh attempts). */
export async function schedule(
  db: Executor,
  job: { name: string; key: string; payload: Record<string, unknown>; runAt: Date },
): Promise<void> {
  await db
    .insert(queuedJobs)
    .values({ id: randomUUID(), ...job })
    .onConflictDoUpdate({
      target: queuedJobs.key,
      targetWhere: isNull(queuedJobs.doneAt),
      set: { name: job.name, payload: job.payload, runAt: job.runAt, attempts: 0, lockedUntil: null, lastError: null },
    });
}

/** Drops the pending job of a key, if any. */
export async function cancelScheduled(db: Executor, key: string, now: Date): Promise<void> {
  await db
    .update(queuedJobs)
    .set({ doneAt: now, outcome: "cancelled", lockedUntil: null })
    .where(and(eq(queuedJobs.key, key), isNull(queuedJobs.doneAt)));
}

export type QueueOptions = {
  db: Database;
  logger: Logger;
  handlers: Record<string, Handler>;
  now?: () => Date;
  /** How often idle workers look for due jobs. */
  pollMs?: number;
  /** How long a claim lasts before another worker may take the job again. */
  leaseMs?: number;
  /** After this many failed attempts the job is given up (outcome failed, logged as an error). */
  maxAttempts?: number;
};

export type Queue = {
  /** Claims and runs every due job now; resolves with how many ran. */
  runDue(): Promise<number>;
  /** Asks the worker to look now (after a commit that scheduled due work). */
  poke(): void;
  start(): void;
  /** Stops polling and waits for the jobs in hand. */
  stop(): Promise<void>;
};

const BATCH = 20;

export function createQueue(options: QueueOptions): Queue {
  const { db, logger, handlers } = options;
  const now = () => nowOf(options);
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  let stopped = false;

  async function claim(): Promise<QueuedJob[]> {
    const at = now();
    const due = db
      .select({ id: queuedJobs.id })
      .from(queuedJobs)
      .where(
        and(
          isNull(queuedJobs.doneAt),
          lte(queuedJobs.runAt, at),
          or(isNull(queuedJobs.lockedUntil), lt(queuedJobs.lockedUntil, at)),
        ),
      )
      .orderBy(asc(queuedJobs.runAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(queuedJobs)
      .set({ lockedUntil: new Date(at.getTime() + leaseMs), attempts: sql`${queuedJobs.attempts} + 1` })
      .where(inArray(queuedJobs.id, due))
      .returning();
  }

  async function runOne(job: QueuedJob): Promise<void> {
    // Finished only if nobody moved the job meanwhile (a reschedule clears the claim).
    const mine = and(eq(queuedJobs.id, job.id), eq(queuedJobs.lockedUntil, job.lockedUntil ?? new Date(0)));
    const handler = handlers[job.name];
    try {
      if (!handler) throw new Error(`no handler for queued job ${job.name}`);
      await handler(job.payload, job);
      await db.update(queuedJobs).set({ doneAt: now(), outcome: "done", lockedUntil: null }).where(mine);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempts >= maxAttempts;
      const retryAt = new Date(now().getTime() + Math.min(2 ** job.attempts, 300) * 1_000);
      await db
        .update(queuedJobs)
        .set(
          last
            ? { doneAt: now(), outcome: "failed", lastError: message, lockedUntil: null }
            : { runAt: retryAt, lastError: message, lockedUntil: null },
        )
        .where(mine);
      logger[last ? "error" : "warn"](
        { err: error, job: job.name, key: job.key, attempt: job.attempts },
        last ? "queued job failed for good" : "queued job failed; it runs again",
      );
    }
  }

  async function drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await claim();
      if (jobs.length === 0) return ran;
      // In the order they fell due (an update's answer comes in no particular order), then as made.
      jobs.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
      for (const job of jobs) await runOne(job);
      ran += jobs.length;
    }
  }

  /**
   * Runs what is due now. A call while a run is going waits for that run and then runs once more,
   * so whatever it was asked for (a job scheduled or a clock moved meanwhile) has been looked at
   * when its promise resolves; calls meanwhile share that one next run.
   */
  function runDue(): Promise<number> {
    if (running) {
      next ??= running.then(() => {
        next = undefined;
        return stopped ? 0 : runDue();
      });
      return next;
    }
    running = drain()
      .catch((error: unknown) => {
        logger.error({ err: error }, "the job queue could not claim work");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    runDue,
    poke: () => {
      if (!stopped) void runDue();
    },
    start: () => {
      stopped = false;
      timer ??= setInterval(() => void runDue(), pollMs);
      void runDue();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await next;
    },
  };
}

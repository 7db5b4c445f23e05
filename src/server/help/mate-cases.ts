import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { CASE_STATUS_TEXT, PROBLEMS } from "#domain/help.ts";
import type { MateCase } from "#domain/help-api.ts";
import { mateOfUser } from "#server/bookings/job-steps.ts";
import { jobs } from "#server/bookings/schema.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { SUPPORT_NAME } from "./present.ts";
import { helpCaseEntries, helpCases } from "./schema.ts";
import { caseChanged, type HelpDeps, lockCase, takeStep } from "./steps.ts";

/*
 * A case as the job's mate sees it (issue 38, record 060): only a case an operator shared with them
 * (asked them about), never a safety case, and of its thread only what was shared with them and
 * what they wrote: never the customer's words, name or contact details. A mate of another job, or
 * of none, is told there is no such job.
 */

/** The mate's own job, or a 404 (another mate's job, or none). */
async function ownJob(db: Database, userId: string, jobId: string) {
  const mate = await mateOfUser(db, userId);
  const [job] = await db
    .select({ id: jobs.id, bookingId: jobs.bookingId })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.mateId, mate.id)));
  if (!job) throw notFound("There is no such job among yours.");
  return job;
}

/** The cases about the mate's job that were shared with them, the latest first. */
export async function mateCasesOfJob(db: Database, userId: string, jobId: string): Promise<MateCase[]> {
  const job = await ownJob(db, userId, jobId);
  const rows = await db
    .select()
    .from(helpCases)
    .where(and(eq(helpCases.bookingId, job.bookingId), ne(helpCases.problem, "safety")))
    .orderBy(asc(helpCases.openedAt));
  if (rows.length === 0) return [];
  const shared = await db
    .select()
    .from(helpCaseEntries)
    .where(
      and(
        inArray(
          helpCaseEntries.caseId,
          rows.map((row) => row.id),
        ),
        eq(helpCaseEntries.sharedWithMate, true),
      ),
    )
    .orderBy(asc(helpCaseEntries.id));
  return rows
    .filter((row) => row.mateAskedAt && shared.some((entry) => entry.caseId === row.id))
    .reverse()
    .map((row) => ({
      id: row.id,
      problem: row.problem,
      problemText: PROBLEMS[row.problem].label,
      status: row.status,
      statusText: CASE_STATUS_TEXT[row.status],
      canAnswer: row.status === "open" || row.status === "waiting",
      // What the desk shared, and this mate's own answers: never another mate's (a booking of two
      // services has two mates, and a job taken from one mate goes to another).
      entries: shared
        .filter((entry) => entry.caseId === row.id && (entry.author !== "mate" || entry.authorId === userId))
        .map((entry) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          author: entry.author === "mate" ? ("mate" as const) : ("operator" as const),
          authorName: entry.author === "mate" ? "You" : SUPPORT_NAME,
          body: entry.body,
        })),
    }));
}

/** The mate answers in a case they were asked about, while it is worked on. */
export async function mateAnswer(deps: HelpDeps, userId: string, jobId: string, caseId: string, body: string) {
  const job = await ownJob(deps.db, userId, jobId);
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockCase(tx, caseId);
    if (!locked || locked.bookingId !== job.bookingId || locked.problem === "safety" || !locked.mateAskedAt) {
      throw notFound("There is no such case about this job.");
    }
    if (locked.status !== "open" && locked.status !== "waiting") {
      throw new AppError(409, "case_status", "This case is no longer being worked on; thank you.");
    }
    return takeStep(tx, locked, "mate_reply", { author: "mate", authorId: userId, body }, now);
  });
  await caseChanged(deps, row);
  return mateCasesOfJob(deps.db, userId, jobId);
}

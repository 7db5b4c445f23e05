import { and, asc, count, countDistinct, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { historyDetails, mateNamedIn } from "#domain/booking-history.ts";
import type { CaseStep } from "#domain/help.ts";
import type { DeskCase, DeskItem } from "#domain/help-api.ts";
import { users } from "#server/auth/schema.ts";
import { bookingHistory, jobs } from "#server/bookings/schema.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { notFound } from "#server/http/errors.ts";
import { mates } from "#server/mates/schema.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { bookingOfCase } from "./cases.ts";
import { moneyFacts } from "./decisions.ts";
import { caseSummary, entriesOf, presentCase, presentEntry } from "./present.ts";
import { type CaseRow, helpCases, mateWarnings } from "./schema.ts";
import { caseChanged, type HelpDeps, lockCase, takeStep } from "./steps.ts";

/*
 * The operators' resolution desk (issue 38): the queue of cases, safety first and then the oldest,
 * each with its clock; a case with its booking, customer and the mates' record; and the steps an
 * operator takes, each audited in its own transaction.
 */

const missing = () => notFound("There is no such case.");

/** Where a case stands on the desk's clock now. */
export function clockOf(row: CaseRow, now: Date): DeskItem["clock"] {
  const working = row.status === "open" || row.status === "waiting";
  return {
    firstAnswerDue: row.firstAnswerDue.toISOString(),
    resolutionDue: row.resolutionDue.toISOString(),
    answerLate: working && !row.firstAnsweredAt && now > row.firstAnswerDue,
    resolutionLate: working && now > row.resolutionDue,
  };
}

/**
 * The queue: live cases (open, waiting for the customer, or resolved and waiting for their word),
 * safety cases first and then the oldest; or every case, safety first and then the newest. At most
 * 200, cut after that order, so a safety case is never left out.
 */
export async function deskQueue(deps: HelpDeps, which: "live" | "all"): Promise<DeskItem[]> {
  const safetyFirst = desc(sql`${helpCases.problem} = 'safety'`);
  const rows = await deps.db
    .select({ row: helpCases, customerName: users.name })
    .from(helpCases)
    .innerJoin(users, eq(users.id, helpCases.userId))
    .where(which === "live" ? ne(helpCases.status, "closed") : undefined)
    .orderBy(safetyFirst, which === "live" ? asc(helpCases.openedAt) : desc(helpCases.openedAt))
    .limit(200);
  const now = nowOf(deps);
  return rows.map(({ row, customerName }) => ({
    ...caseSummary(row),
    clock: clockOf(row, now),
    customerName,
  }));
}

/** A case as the desk sees it. */
export async function deskCase(deps: HelpDeps, id: string): Promise<DeskCase> {
  const [row] = await deps.db.select().from(helpCases).where(eq(helpCases.id, id));
  if (!row) throw missing();
  const booking = await bookingOfCase(deps.db, row);
  const [customer] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, row.userId));
  const money = await deps.db.transaction((tx) => moneyFacts(tx, deps, booking, row));
  const thread = await entriesOf(deps.db, row.id);
  return {
    case: await presentCase(deps.db, row, booking),
    clock: clockOf(row, nowOf(deps)),
    money: {
      paidOnline: money.paidOnline,
      refundableOnline: money.refundableOnline,
      refundableCash: money.refundableCash,
      coverLeft: money.coverLeft,
      damageCoverRupees: money.settings.damageCoverRupees,
      caseCreditMaxRupees: money.settings.caseCreditMaxRupees,
    },
    entries: thread.map((entry) => ({
      ...presentEntry(row.id, entry, customer?.name),
      sharedWithMate: entry.sharedWithMate,
    })),
    customer: customer ?? { id: row.userId, name: "", email: "", mobile: null },
    booking: {
      id: booking.id,
      status: booking.status,
      start: booking.startAt.toISOString(),
      totalRupees: booking.totalRupees,
      paymentMethod: booking.paymentMethod,
    },
    mates: await matesOfBooking(deps.db, row),
  };
}

/**
 * The booking's mates, each with their record: rating, jobs done, status, the other cases on their
 * jobs, their no-shows (the no-show rescue's `no_show` history entries naming them) and warnings.
 */
async function matesOfBooking(db: Database, row: CaseRow): Promise<DeskCase["mates"]> {
  const current = await db
    .select({ mate: mates, service: jobs.service, jobStatus: jobs.status })
    .from(jobs)
    .innerJoin(mates, eq(mates.id, jobs.mateId))
    .where(eq(jobs.bookingId, row.bookingId));
  // The mates a job was taken from (a no-show above all) stay on the case: the desk warns them.
  const former = await formerMatesOf(db, row.bookingId);
  const gone = [...former.keys()].filter((id) => !current.some(({ mate }) => mate.id === id));
  const own = [
    ...current,
    ...(gone.length === 0 ? [] : await db.select().from(mates).where(inArray(mates.id, gone))).map((mate) => ({
      mate,
      service: former.get(mate.id)?.service ?? "",
      jobStatus: former.get(mate.id)?.how ?? "taken_off",
    })),
  ];
  if (own.length === 0) return [];
  const ids = own.map(({ mate }) => mate.id);
  // Cases on the other bookings they worked on, each counted once however many jobs it had.
  const counted = await db
    .select({ mateId: jobs.mateId, cases: countDistinct(helpCases.id) })
    .from(helpCases)
    .innerJoin(jobs, eq(jobs.bookingId, helpCases.bookingId))
    .where(and(inArray(jobs.mateId, ids), ne(helpCases.bookingId, row.bookingId)))
    .groupBy(jobs.mateId);
  const casesOf = new Map(counted.map((one) => [one.mateId, one.cases]));
  const mateOfEntry = sql<string>`${bookingHistory.details}->>'mateId'`;
  const noShows = await db
    .select({ mateId: mateOfEntry, count: count() })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.action, "no_show"), inArray(mateOfEntry, ids)))
    .groupBy(mateOfEntry);
  const warnings = await db
    .select()
    .from(mateWarnings)
    .where(inArray(mateWarnings.mateId, ids))
    .orderBy(desc(mateWarnings.at));
  return own.map(({ mate, service, jobStatus }) => ({
    id: mate.id,
    name: mate.name,
    service,
    rating: mate.rating,
    jobsDone: mate.jobsDone,
    status: mate.suspendedAt ? "suspended" : "active",
    otherCases: casesOf.get(mate.id) ?? 0,
    noShows: noShows.find((one) => one.mateId === mate.id)?.count ?? 0,
    warnings: warnings
      .filter((one) => one.mateId === mate.id)
      .map((one) => ({ at: one.at.toISOString(), reason: one.reason, caseId: one.caseId })),
    jobStatus,
  }));
}

/**
 * The mates a job of the booking was taken from: marked a no-show, handed back, or replaced by the
 * Mates team, each with the job's service and how (the latest step naming them).
 */
export async function formerMatesOf(db: Pick<Database, "select">, bookingId: string) {
  const rows = await db
    .select({ action: bookingHistory.action, details: bookingHistory.details, service: jobs.service })
    .from(bookingHistory)
    .innerJoin(jobs, eq(jobs.id, bookingHistory.jobId))
    .where(
      and(eq(bookingHistory.bookingId, bookingId), inArray(bookingHistory.action, ["no_show", "release", "withdraw"])),
    )
    .orderBy(asc(bookingHistory.at));
  const former = new Map<string, { service: string; how: string }>();
  for (const row of rows) {
    const mateId = mateNamedIn(historyDetails(row.action, row.details));
    if (mateId) former.set(mateId, { service: row.service, how: row.action === "no_show" ? "no_show" : "taken_off" });
  }
  return former;
}

/** The operator's steps and the audit log's name for each. */
const AUDITED: Record<Extract<CaseStep, "answer" | "ask" | "resolve" | "close">, string> = {
  answer: "case.answer",
  ask: "case.ask",
  resolve: "case.resolve",
  close: "case.close",
};

/**
 * An operator's step on a case: an answer, a question for the customer, the resolution, or closing
 * it. The step, its entry, its notice and the audit record commit together; a step the case's
 * status does not allow (another operator was quicker) is a 409 and changes nothing.
 */
export async function deskStep(
  deps: HelpDeps,
  operatorId: string,
  id: string,
  step: keyof typeof AUDITED,
  message: string,
): Promise<DeskCase> {
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockCase(tx, id);
    if (!current) throw missing();
    const moved = await takeStep(tx, current, step, { author: "operator", authorId: operatorId, body: message }, now);
    await recordAudit(tx, {
      actorId: operatorId,
      action: AUDITED[step],
      subjectType: "case",
      subjectId: id,
      before: { status: current.status },
      after: { status: moved.status },
      reason: message,
      at: now,
    });
    return moved;
  });
  await caseChanged(deps, row);
  return deskCase(deps, id);
}

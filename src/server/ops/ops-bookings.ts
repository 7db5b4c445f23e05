import { and, desc, eq, gte, ilike, inArray, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { worksThen } from "#domain/availability.ts";
import { busyCells, jobsByService, visitMinutes } from "#domain/booking.ts";
import { CREDIT_REASONS } from "#domain/credit.ts";
import { JOB_RULES } from "#domain/job.ts";
import { kolkataDay, kolkataInstant } from "#domain/kolkata-time.ts";
import { kmBetween, rankMates, shownRating } from "#domain/matching.ts";
import type { OpsBookingQuery, OpsBookingRow } from "#domain/ops.ts";
import { users } from "#server/auth/schema.ts";
import { cancelTimedChecks, renewNoShowCheck } from "#server/bookings/follow-ups.ts";
import { toBooking } from "#server/bookings/presenter.ts";
import { publishChange } from "#server/bookings/publish.ts";
import type { BookingRow, JobRow } from "#server/bookings/schema.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { freeMate, jobsOf, lockBooking, settleBooking, transition } from "#server/bookings/transitions.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import { giveBackCredit } from "#server/credit/ledger.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { type MateRow, matesById, verifiedMatesFor } from "#server/mates/mates.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { refundCancelled } from "#server/payments/settlement.ts";
import { reworkRequests } from "#server/rework/schema.ts";
import { recordAudit } from "./audit.ts";

/** The operators' view of bookings (issue 16): the queues, search, assigning by hand, cancelling. */

const CLOSED = ["completed", "paid", "cancelled"];
const RESULTS = 50;

/** Rows of the console's lists, in constant queries whatever their number. */
async function rowsOf(db: Pick<Database, "select">, found: BookingRow[]): Promise<OpsBookingRow[]> {
  if (found.length === 0) return [];
  const ids = found.map((row) => row.id);
  const [customers, jobRows, reworks] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, mobile: users.mobile })
      .from(users)
      .where(inArray(users.id, [...new Set(found.map((row) => row.userId))])),
    db.select().from(jobs).where(inArray(jobs.bookingId, ids)),
    db
      .select({ id: reworkRequests.reworkBookingId })
      .from(reworkRequests)
      .where(inArray(reworkRequests.reworkBookingId, ids)),
  ]);
  const isRework = new Set(reworks.map((rework) => rework.id));
  const mateRows = await matesById(db, [...new Set(jobRows.flatMap((job) => (job.mateId ? [job.mateId] : [])))]);
  const mateName = new Map(mateRows.map((mate) => [mate.id, mate.name]));
  const customer = new Map(customers.map((c) => [c.id, c]));
  return found.map((row) => {
    const own = jobRows.filter((job) => job.bookingId === row.id);
    return {
      id: row.id,
      status: row.status as OpsBookingRow["status"],
      start: row.startAt.toISOString(),
      locality: row.address.locality,
      customer: customer.get(row.userId) ?? { id: row.userId, name: "", email: "", mobile: null },
      services: row.items.map((item) => item.serviceTitle).filter((title, i, all) => all.indexOf(title) === i),
      mates: own.flatMap((job) =>
        job.mateId ? [{ id: job.mateId, name: mateName.get(job.mateId) ?? job.mateId }] : [],
      ),
      atRisk: own.some((job) => job.atRisk && !CLOSED.includes(job.status)),
      startCodeLocked: row.startCodeFailures >= JOB_RULES.startCodeAttempts,
      totalRupees: row.totalRupees,
      rework: isRework.has(row.id),
    };
  });
}

/** The customer's bookings as rows (the customers' page). */
export async function bookingRowsOfCustomer(db: Database, userId: string): Promise<OpsBookingRow[]> {
  const found = await db
    .select()
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.startAt))
    .limit(RESULTS);
  return rowsOf(db, found);
}

/**
 * The at-risk queue (a job flagged and not closed), the "finding a mate" queue (finding or nobody
 * free, not yet over), then what the search asks for (newest start first, 50 at most; with no
 * filter, the latest bookings).
 */
export async function listOpsBookings(deps: AppDeps, query: OpsBookingQuery) {
  const { db } = deps;
  const now = nowOf(deps);
  const atRiskIds = db
    .select({ id: jobs.bookingId })
    .from(jobs)
    .where(and(eq(jobs.atRisk, true), notInArray(jobs.status, CLOSED)));
  const filters: SQL[] = [];
  if (query.q) {
    const q = query.q.toLowerCase();
    const like = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const mobile = q.replace(/[\s-]/g, "").replace(/^(\+91|0091|0)/, "");
    const customers = db
      .select({ id: users.id })
      .from(users)
      .where(or(sql`lower(${users.email}) = ${q}`, /^\d{10}$/.test(mobile) ? eq(users.mobile, mobile) : undefined));
    filters.push(or(ilike(bookings.id, like), inArray(bookings.userId, customers)) as SQL);
  }
  if (query.mateId) {
    filters.push(
      inArray(bookings.id, db.select({ id: jobs.bookingId }).from(jobs).where(eq(jobs.mateId, query.mateId))),
    );
  }
  if (query.status) filters.push(eq(bookings.status, query.status));
  if (query.date) {
    const from = kolkataInstant(query.date, 0);
    filters.push(and(gte(bookings.startAt, from), lt(bookings.startAt, new Date(from.getTime() + 86_400_000))) as SQL);
  }
  const [atRisk, finding, results] = await Promise.all([
    db.select().from(bookings).where(inArray(bookings.id, atRiskIds)).orderBy(bookings.startAt).limit(RESULTS),
    db
      .select()
      .from(bookings)
      .where(and(inArray(bookings.status, ["finding", "unassigned"]), gte(bookings.endAt, now)))
      .orderBy(bookings.startAt)
      .limit(RESULTS),
    db
      .select()
      .from(bookings)
      .where(and(...filters))
      .orderBy(desc(bookings.startAt))
      .limit(RESULTS),
  ]);
  const [atRiskRows, findingRows, resultRows] = await Promise.all([
    rowsOf(db, atRisk),
    rowsOf(db, finding),
    rowsOf(db, results),
  ]);
  return { atRisk: atRiskRows, finding: findingRows, results: resultRows };
}

/** A booking as its customer sees it, with who the customer is. */
export async function opsBookingDetail(deps: AppDeps, id: string) {
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw notFound("There is no such booking.");
  const [rowView] = await rowsOf(deps.db, [row]);
  return {
    booking: await toBooking(deps, row),
    customer: rowView?.customer ?? { id: row.userId, name: "", email: "", mobile: null },
  };
}

/** When a job takes its mate: the Kolkata day, the minute it starts, its length and busy cells. */
function windowOf(booking: BookingRow, job: JobRow) {
  const day = kolkataDay(booking.startAt);
  const startMinute = Math.round((booking.startAt.getTime() - kolkataInstant(day, 0).getTime()) / 60_000);
  const length = visitMinutes(jobsByService(booking.items).get(job.service) ?? 0);
  const cells = busyCells(booking.startAt, new Date(booking.startAt.getTime() + length * 60_000));
  return { day, startMinute, length, cells };
}

/**
 * Who can take a job by hand: verified, unsuspended mates with its skill who work then and hold
 * none of its half-hours for another booking; nearest first, as the automatic assignment ranks them.
 */
async function candidatesIn(tx: Pick<Database, "select">, booking: BookingRow, job: JobRow): Promise<MateRow[]> {
  const { day, startMinute, length, cells } = windowOf(booking, job);
  const able = (await verifiedMatesFor(tx, [job.service])).filter(
    (mate) => mate.id !== job.mateId && worksThen(mate, day, startMinute, length),
  );
  if (able.length === 0) return [];
  const busy = await tx
    .select({ mateId: mateBusy.mateId })
    .from(mateBusy)
    .where(
      and(
        inArray(
          mateBusy.mateId,
          able.map((mate) => mate.id),
        ),
        inArray(mateBusy.cell, cells),
      ),
    );
  const taken = new Set(busy.map((row) => row.mateId));
  const free = able.filter((mate) => !taken.has(mate.id));
  const point = booking.address;
  return point.lat !== null && point.lon !== null ? rankMates(free, { lat: point.lat, lon: point.lon }) : free;
}

async function jobOf(db: Pick<Database, "select">, bookingId: string, jobId: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [job] = booking
    ? await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.bookingId, bookingId)))
    : [];
  if (!booking || !job) throw notFound("There is no such job in this booking.");
  return { booking, job };
}

export async function assignCandidates(deps: AppDeps, bookingId: string, jobId: string) {
  const { booking, job } = await jobOf(deps.db, bookingId, jobId);
  const point = booking.address;
  return (await candidatesIn(deps.db, booking, job)).map((mate) => ({
    id: mate.id,
    name: mate.name,
    homeLocality: mate.homeLocality,
    km:
      point.lat !== null && point.lon !== null
        ? Math.round(kmBetween(point.lat, point.lon, mate.lat, mate.lon) * 10) / 10
        : null,
    rating: shownRating(mate.rating),
  }));
}

/**
 * Gives a job to a mate by hand: a job finding or without a mate is assigned; one assigned to
 * another mate is first withdrawn from them. Only a candidate (free, verified, unsuspended, with
 * the skill) is accepted; the mate's half-hours are held as the automatic assignment holds them.
 */
export async function assignByHand(
  deps: AppDeps,
  operatorId: string,
  bookingId: string,
  jobId: string,
  mateId: string,
) {
  const now = nowOf(deps);
  const who = { actor: "operator" as const, actorId: operatorId };
  const { row, former } = await deps.db.transaction(async (tx: Tx) => {
    const booking = await lockBooking(tx, bookingId);
    let [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.bookingId, bookingId)));
    if (!job) throw notFound("There is no such job in this booking.");
    const candidates = await candidatesIn(tx, booking, job);
    if (!candidates.some((mate) => mate.id === mateId)) {
      throw new AppError(409, "not_a_candidate", "That mate is not free for this job, or does not do it.");
    }
    const formerMate = job.mateId;
    if (job.status === "assigned") {
      job = await transition(tx, booking, job, "withdraw", who, now, {
        set: { mateId: null, atRisk: false },
        details: { mateId: formerMate, reason: "reassigned" },
      });
      await freeMate(tx, { bookingId, mateId: formerMate });
    }
    const held = await tx
      .insert(mateBusy)
      .values(windowOf(booking, job).cells.map((cell) => ({ mateId, cell, bookingId })))
      .onConflictDoNothing()
      .returning({ cell: mateBusy.cell });
    if (held.length < windowOf(booking, job).cells.length) {
      throw new AppError(409, "not_a_candidate", "That mate was just given another job at this time.");
    }
    await transition(tx, booking, job, "assign", who, now, { set: { mateId }, details: { mateId } });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "booking.assign",
      subjectType: "booking",
      subjectId: bookingId,
      before: { jobId, mateId: formerMate, status: booking.status },
      after: { jobId, mateId },
      at: now,
    });
    const renewed = await renewNoShowCheck(tx, booking, now);
    return { row: await settleBooking(tx, bookingId, now, renewed), former: formerMate ? [formerMate] : [] };
  });
  await publishChange(deps, row, former);
  return opsBookingDetail(deps, bookingId);
}

/**
 * Cancels a booking on its customer's behalf, free of charge, with the reason in its timeline and
 * the audit log. Work already started cannot be cancelled (the state machine says so).
 */
export async function cancelForCustomer(deps: AppDeps, operatorId: string, bookingId: string, reason: string) {
  const now = nowOf(deps);
  const who = { actor: "operator" as const, actorId: operatorId };
  const { row, mateIds } = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.status === "cancelled")
      throw new AppError(409, "already_cancelled", "This booking is already cancelled.");
    const own = await jobsOf(tx, bookingId);
    for (const job of own) {
      if (job.status !== "cancelled") await transition(tx, booking, job, "cancel", who, now, { details: { reason } });
    }
    await tx.delete(mateBusy).where(eq(mateBusy.bookingId, bookingId));
    await cancelTimedChecks(tx, bookingId, now);
    const creditGivenBackRupees = await giveBackCredit(tx, bookingId, CREDIT_REASONS.cancelledByTeam, who, now);
    const settled = await settleBooking(tx, bookingId, now, { cancellationChargeRupees: 0, payBy: null });
    const refundedPaise = await refundCancelled(tx, settled, 0, who, now);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "booking.cancel",
      subjectType: "booking",
      subjectId: bookingId,
      before: { status: booking.status },
      after: { status: settled.status, cancellationChargeRupees: 0, refundedPaise, creditGivenBackRupees },
      reason,
      at: now,
    });
    return { row: settled, mateIds: own.flatMap((job) => (job.mateId ? [job.mateId] : [])) };
  });
  await publishChange(deps, row, mateIds);
  return opsBookingDetail(deps, bookingId);
}

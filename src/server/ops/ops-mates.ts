import { and, asc, desc, eq, gt, ilike, inArray, lte, or, sql } from "drizzle-orm";
import type { Availability } from "#domain/availability.ts";
import type { JobStatus } from "#domain/job.ts";
import type { OpsMateDetail, OpsMateSummary } from "#domain/ops.ts";
import { applications } from "#server/applications/schema.ts";
import { users } from "#server/auth/schema.ts";
import { scheduleAssignment } from "#server/bookings/follow-ups.ts";
import { noShowsOf } from "#server/bookings/no-show.ts";
import { publishChange } from "#server/bookings/publish.ts";
import { type BookingRow, bookings, jobs } from "#server/bookings/schema.ts";
import { freeMate, lockBooking, settleBooking, transition } from "#server/bookings/transitions.ts";
import { services } from "#server/catalogue/schema.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { type MateRow, mateFields } from "#server/mates/mates.ts";
import { mates } from "#server/mates/schema.ts";
import { suggestedNumber } from "#server/mates/sms-invitations.ts";
import { recordAudit } from "./audit.ts";

/** The operators' view of mates (issue 16): find, read, edit, suspend and reinstate. */

function summaryOf(mate: MateRow, email: string | null): OpsMateSummary {
  return { ...mateFields(mate), email: email || null, phone: mate.phone };
}

/** Mates whose id, name, locality, skill or e-mail contains the words; 100 at most, by name. */
export async function searchMates(db: Database, q: string | undefined): Promise<OpsMateSummary[]> {
  const like = `%${(q ?? "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ mate: mates, email: users.email })
    .from(mates)
    .leftJoin(users, eq(users.id, mates.userId))
    .where(
      q
        ? or(
            ilike(mates.id, like),
            ilike(mates.name, like),
            ilike(mates.homeLocality, like),
            ilike(users.email, like),
            sql`exists (select 1 from unnest(${mates.skills}) as skill where skill ilike ${like})`,
          )
        : undefined,
    )
    .orderBy(asc(mates.name))
    .limit(100);
  return rows.map((row) => summaryOf(row.mate, row.email));
}

async function mateRow(db: Pick<Database, "select">, id: string) {
  const [row] = await db
    .select({ mate: mates, email: users.email, phoneNumber: users.phoneNumber })
    .from(mates)
    .leftJoin(users, eq(users.id, mates.userId))
    .where(eq(mates.id, id));
  if (!row) throw notFound("There is no such mate.");
  return row;
}

/** A mate, their availability, their next jobs and the last ones (30 each way at most). */
export async function mateDetail(deps: AppDeps, id: string): Promise<OpsMateDetail> {
  const { mate, email, phoneNumber } = await mateRow(deps.db, id);
  const now = nowOf(deps);
  const columns = {
    jobId: jobs.id,
    bookingId: jobs.bookingId,
    service: jobs.service,
    status: jobs.status,
    start: bookings.startAt,
    address: bookings.address,
  };
  const [upcoming, recent, [application], noShows, invitationNumber] = await Promise.all([
    deps.db
      .select(columns)
      .from(jobs)
      .innerJoin(bookings, eq(bookings.id, jobs.bookingId))
      .where(and(eq(jobs.mateId, id), gt(bookings.endAt, now)))
      .orderBy(asc(bookings.startAt))
      .limit(30),
    deps.db
      .select(columns)
      .from(jobs)
      .innerJoin(bookings, eq(bookings.id, jobs.bookingId))
      .where(and(eq(jobs.mateId, id), lte(bookings.endAt, now)))
      .orderBy(desc(bookings.startAt))
      .limit(30),
    deps.db.select({ id: applications.id }).from(applications).where(eq(applications.mateId, id)),
    noShowsOf(deps.db, id),
    suggestedNumber(deps.db, mate, { phoneNumber }),
  ]);
  return {
    ...summaryOf(mate, email),
    availability: { weeklyHours: mate.weeklyHours, daysOff: mate.daysOff },
    jobs: [...upcoming, ...recent].map((job) => ({
      jobId: job.jobId,
      bookingId: job.bookingId,
      service: job.service,
      status: job.status as JobStatus,
      start: job.start.toISOString(),
      locality: job.address.locality,
    })),
    applicationId: application?.id ?? null,
    noShows,
    signInNumber: phoneNumber,
    invitationNumber,
  };
}

async function lockMate(tx: Tx, id: string): Promise<MateRow> {
  const [mate] = await tx.select().from(mates).where(eq(mates.id, id)).for("update");
  if (!mate) throw notFound("There is no such mate.");
  return mate;
}

/** Skills and/or hours, as the mate app changes hours: booked jobs stay, new slots follow at once. */
export async function editMate(
  deps: AppDeps,
  operatorId: string,
  id: string,
  edit: { skills?: string[] | undefined; availability?: Availability | undefined },
): Promise<OpsMateDetail> {
  await deps.db.transaction(async (tx) => {
    const mate = await lockMate(tx, id);
    const changes: Partial<MateRow> = {};
    if (edit.skills) {
      const skills = [...new Set(edit.skills)];
      const known = new Set(
        (await tx.select({ name: services.name }).from(services).where(inArray(services.name, skills))).map(
          (s) => s.name,
        ),
      );
      const unknown = skills.find((skill) => !known.has(skill));
      if (unknown) throw new AppError(400, "unknown_skill", `${unknown} is not a service of Mates.`);
      changes.skills = skills;
    }
    if (edit.availability) {
      changes.weeklyHours = edit.availability.weeklyHours;
      changes.daysOff = [...new Set(edit.availability.daysOff)].sort();
    }
    await tx.update(mates).set(changes).where(eq(mates.id, id));
    const before = {
      ...(changes.skills ? { skills: mate.skills } : {}),
      ...(changes.weeklyHours ? { weeklyHours: mate.weeklyHours, daysOff: mate.daysOff } : {}),
    };
    await recordAudit(tx, {
      actorId: operatorId,
      action: "mate.edit",
      subjectType: "mate",
      subjectId: id,
      before,
      after: changes,
      at: nowOf(deps),
    });
  });
  return mateDetail(deps, id);
}

/**
 * Suspends a mate: never assigned again until reinstated, and each of their jobs not yet under way
 * (assigned, the mate not yet on the way) is withdrawn and goes to the next best free mate through
 * the queue; its customer sees the change live. Jobs already under way stay with the mate: the
 * operations team deals with the day by hand.
 */
export async function suspendMate(deps: AppDeps, operatorId: string, id: string, reason: string) {
  const now = nowOf(deps);
  const changed = await deps.db.transaction((tx) => suspendLocked(tx, operatorId, id, reason, now));
  await mateSuspended(deps, id, changed);
  return mateDetail(deps, id);
}

/** After a suspension commits: the customers whose jobs were withdrawn see it, the queue finds new mates. */
export async function mateSuspended(deps: AppDeps, id: string, changed: readonly BookingRow[]) {
  for (const row of changed) await publishChange(deps, row, [id]);
  if (changed.length > 0) deps.queue?.poke();
}

/**
 * The suspension in the caller's transaction (the console's, or the desk's from a case): the mate
 * locked, marked, their jobs not yet under way withdrawn, and the operator's action audited.
 * Returns the bookings whose jobs were withdrawn.
 */
export async function suspendLocked(tx: Tx, operatorId: string, id: string, reason: string, now: Date) {
  const mate = await lockMate(tx, id);
  if (mate.suspendedAt) throw new AppError(409, "already_suspended", `${mate.name} is already suspended.`);
  await tx.update(mates).set({ suspendedAt: now }).where(eq(mates.id, id));
  const held = await tx
    .select({ id: jobs.id, bookingId: jobs.bookingId })
    .from(jobs)
    .where(and(eq(jobs.mateId, id), eq(jobs.status, "assigned")));
  const who = { actor: "operator" as const, actorId: operatorId };
  const rows = [];
  for (const { id: jobId, bookingId } of held) {
    const booking = await lockBooking(tx, bookingId);
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.mateId, id)));
    if (!job) continue;
    await transition(tx, booking, job, "withdraw", who, now, {
      set: { mateId: null, atRisk: false },
      details: { mateId: id, reason: "suspended" },
    });
    await freeMate(tx, job);
    await scheduleAssignment(tx, bookingId, now);
    rows.push(await settleBooking(tx, bookingId, now));
  }
  await recordAudit(tx, {
    actorId: operatorId,
    action: "mate.suspend",
    subjectType: "mate",
    subjectId: id,
    before: { suspendedAt: null },
    after: { suspendedAt: now.toISOString(), jobsWithdrawn: held.map((job) => job.id) },
    reason,
    at: now,
  });
  return rows;
}

/** Reinstates a suspended mate: a candidate for new jobs again from now. */
export async function reinstateMate(deps: AppDeps, operatorId: string, id: string, reason: string) {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const mate = await lockMate(tx, id);
    if (!mate.suspendedAt) throw new AppError(409, "not_suspended", `${mate.name} is not suspended.`);
    await tx.update(mates).set({ suspendedAt: null }).where(eq(mates.id, id));
    await recordAudit(tx, {
      actorId: operatorId,
      action: "mate.reinstate",
      subjectType: "mate",
      subjectId: id,
      before: { suspendedAt: mate.suspendedAt.toISOString() },
      after: { suspendedAt: null },
      reason,
      at: now,
    });
  });
  return mateDetail(deps, id);
}

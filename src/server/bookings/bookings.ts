import { and, asc, eq, inArray } from "drizzle-orm";
import {
  type Booking,
  type BookingList,
  type BookingStatus,
  cancellation,
  canReschedule,
  gstIncluded,
  type MateSummary,
} from "#domain/booking.ts";
import type { Seller } from "#domain/invoice.ts";
import {
  arrivalMinutes,
  customerSeesMatePhone,
  type Extra,
  type ExtraStatus,
  type HistoryEntry,
  historyLabel,
  JOB_RULES,
  type JobStatus,
  jobBillRupees,
  lastCompleted,
} from "#domain/job.ts";
import { kmBetween, shownRating } from "#domain/matching.ts";
import { unreadForCustomer } from "#server/chat/chat.ts";
import type { RazorpayConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { type EventBus, OPERATORS_TOPIC } from "#server/events/bus.ts";
import type { Gazetteer } from "#server/geo/gazetteer.ts";
import { notFound } from "#server/http/errors.ts";
import { initialsOf, type MateRow, matesById } from "#server/mates/mates.ts";
import { loadPaymentRows, paymentSummary } from "#server/payments/summary.ts";
import { presentRatings } from "#server/ratings/reviews.ts";
import { presentRework } from "#server/rework/present.ts";
import { bookingHistory, bookings, jobExtras, jobs } from "./schema.ts";

/**
 * Bookings as the customer reads them: the shared types, the presenter and the queries. Placing
 * (placement.ts), assigning mates (assignment.ts) and the changes after (lifecycle.ts) build on it.
 */
export type BookingDeps = {
  db: Database;
  events: EventBus;
  gazetteer: Gazetteer;
  now?: () => Date;
  /** The durable queue's worker: poked after a commit that scheduled work due now. */
  queue?: { poke(): void };
  /** Charged when a customer cancels once a mate is on the way (VISITING_CHARGE_RUPEES, ₹99). */
  visitingChargeRupees?: number;
  /** From how long before the start a mate may set off (SET_OFF_WINDOW_MINUTES, 2 hours). */
  setOffWindowMinutes?: number;
  /** Who issues the tax invoice of each paid job. */
  seller: Seller;
  /** Razorpay, when its keys are set: "Pay now" is offered. */
  razorpay?: RazorpayConfig | undefined;
};
export type BookingRow = typeof bookings.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type { Tx } from "#server/db/client.ts";

export const nowOf = (deps: BookingDeps) => deps.now?.() ?? new Date();
/** What cancelling once a mate is on the way costs: nothing for a free booking (a re-work). */
export const visitingChargeOf = (deps: BookingDeps, row: Pick<BookingRow, "totalRupees">) =>
  row.totalRupees === 0 ? 0 : (deps.visitingChargeRupees ?? JOB_RULES.visitingChargeRupees);

/**
 * Everything a page of bookings shows beside the rows: four queries whatever the page's length
 * (the payments add three more: payments/summary.ts).
 */
export async function loadAround(db: Pick<Database, "select">, bookingIds: string[]) {
  if (bookingIds.length === 0) {
    return {
      jobRows: [] as JobRow[],
      extraRows: [] as ExtraRow[],
      historyRows: [] as HistoryRow[],
      mates: new Map<string, MateRow>(),
    };
  }
  const jobRows = await db.select().from(jobs).where(inArray(jobs.bookingId, bookingIds));
  const jobIds = jobRows.map((job) => job.id);
  const extraRows =
    jobIds.length === 0
      ? []
      : await db.select().from(jobExtras).where(inArray(jobExtras.jobId, jobIds)).orderBy(asc(jobExtras.createdAt));
  const historyRows = await db
    .select()
    .from(bookingHistory)
    .where(inArray(bookingHistory.bookingId, bookingIds))
    .orderBy(asc(bookingHistory.at));
  const mateIds = [...new Set(jobRows.flatMap((job) => (job.mateId ? [job.mateId] : [])))];
  const mates = new Map((await matesById(db, mateIds)).map((mate) => [mate.id, mate]));
  return { jobRows, extraRows, historyRows, mates };
}
export type ExtraRow = typeof jobExtras.$inferSelect;
export type HistoryRow = typeof bookingHistory.$inferSelect;

/** A job's extras as the API shows them, oldest first. */
export function extrasOf(rows: readonly ExtraRow[], jobId: string): Extra[] {
  return rows
    .filter((extra) => extra.jobId === jobId)
    .map((extra) => ({
      id: extra.id,
      description: extra.description,
      priceRupees: extra.priceRupees,
      status: extra.status as ExtraStatus,
    }));
}

/** A mate as the customer sees them on a job; the phone only while the job is active. */
export function mateSummary(mate: MateRow, service: string, status: JobStatus): MateSummary {
  return {
    name: mate.name,
    initials: initialsOf(mate.name),
    rating: shownRating(mate.rating),
    jobsDone: mate.jobsDone,
    verifiedAt: (mate.verifiedAt ?? new Date(0)).toISOString(),
    homeLocality: mate.homeLocality,
    service,
    ...(mate.phone && customerSeesMatePhone(status) ? { phone: mate.phone } : {}),
    ...(mate.photoUrl ? { photoUrl: mate.photoUrl } : {}),
  };
}

export function presentHistory(rows: readonly HistoryRow[], serviceOfJob: ReadonlyMap<string, string>): HistoryEntry[] {
  return rows.map((row) => {
    const service = row.jobId ? serviceOfJob.get(row.jobId) : undefined;
    return {
      at: row.at.toISOString(),
      actor: row.actor as HistoryEntry["actor"],
      action: row.action,
      label: historyLabel(row.action),
      ...(service ? { service } : {}),
      ...(row.details ? { details: row.details } : {}),
    };
  });
}

/**
 * Bookings as the customer sees them: jobs with their mates, extras and bills, the start code until
 * the work starts, the timeline, and whether each can still be cancelled and at what cost. A page
 * of any length costs a constant number of queries (loadAround).
 */
export async function presentBookings(deps: BookingDeps, rows: readonly BookingRow[]): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const { jobRows, extraRows, historyRows, mates } = await loadAround(
    deps.db,
    rows.map((row) => row.id),
  );
  const paymentRows = await loadPaymentRows(
    deps.db,
    rows.map((row) => row.id),
  );
  const unread = await unreadForCustomer(
    deps.db,
    rows.map((row) => row.id),
  );
  const now = nowOf(deps);
  const rated = await presentRatings(deps.db, rows, jobRows, historyRows, now);
  const rework = await presentRework(deps.db, rows, (id) => lastCompleted(historyRows, id), now);
  const serviceOfJob = new Map(jobRows.map((job) => [job.id, job.service]));
  return rows.map((row) => {
    const status = row.status as BookingStatus;
    const verdict = cancellation(row.startAt, status, now, visitingChargeOf(deps, row));
    const ownJobs = jobRows
      .filter((job) => job.bookingId === row.id)
      .sort((a, b) => a.service.localeCompare(b.service));
    const presentedJobs = ownJobs.map((job) => {
      const jobStatus = job.status as JobStatus;
      const mate = job.mateId ? mates.get(job.mateId) : undefined;
      const extras = extrasOf(extraRows, job.id);
      const point = row.address.lat !== null && row.address.lon !== null ? row.address : undefined;
      return {
        id: job.id,
        service: job.service,
        serviceTitle: row.items.find((item) => item.service === job.service)?.serviceTitle ?? job.service,
        status: jobStatus,
        ...(mate ? { mate: mateSummary(mate, job.service, jobStatus) } : {}),
        ...(mate && point && jobStatus === "on_the_way"
          ? { arrivalMinutes: arrivalMinutes(kmBetween(mate.lat, mate.lon, point.lat ?? 0, point.lon ?? 0)) }
          : {}),
        extras,
        billRupees: jobBillRupees(row.items, job.service, extras),
        ...(job.collectedMethod ? { collectedMethod: job.collectedMethod } : {}),
        tipRupees: job.tipRupees,
      };
    });
    const started = ownJobs.some((job) => ["in_progress", "completed", "paid"].includes(job.status));
    const codeShown = !started && status !== "cancelled" && status !== "completed";
    return {
      id: row.id,
      status,
      createdAt: row.createdAt.toISOString(),
      start: row.startAt.toISOString(),
      end: row.endAt.toISOString(),
      address: row.address,
      items: row.items,
      totalRupees: row.totalRupees,
      gstRupees: gstIncluded(row.totalRupees),
      paymentMethod: row.paymentMethod as Booking["paymentMethod"],
      ...(row.business ? { business: row.business } : {}),
      mates: presentedJobs.flatMap((job) => (job.mate && job.status !== "cancelled" ? [job.mate] : [])),
      jobs: presentedJobs,
      ...(codeShown ? { startCode: row.startCode } : {}),
      startCodeLocked: row.startCodeFailures >= JOB_RULES.startCodeAttempts,
      billRupees:
        status === "cancelled"
          ? row.cancellationChargeRupees
          : presentedJobs.filter((job) => job.status !== "cancelled").reduce((sum, job) => sum + job.billRupees, 0),
      cancellationChargeRupees: row.cancellationChargeRupees,
      history: presentHistory(
        historyRows.filter((entry) => entry.bookingId === row.id),
        serviceOfJob,
      ),
      cancellable: verdict.cancellable,
      ...(verdict.reason ? { cancelReason: verdict.reason } : {}),
      cancelChargeRupees: verdict.chargeRupees,
      payment: paymentSummary(row, ownJobs, extraRows, paymentRows),
      reschedulable: canReschedule(row.startAt, status, now),
      unreadMessages: unread.get(row.id) ?? 0,
      rating: rated.get(row.id) ?? { rating: null, openUntil: null, tipOpen: false },
      rework: rework.get(row.id) ?? { openUntil: null, requestedAs: null, of: null },
    };
  });
}

/** One booking as the API shows it. */
export async function toBooking(deps: BookingDeps, row: BookingRow): Promise<Booking> {
  const [booking] = await presentBookings(deps, [row]);
  if (!booking) throw new Error("a presented booking went missing");
  return booking;
}

/** Sends the booking to its customer's tabs over /api/events, and returns it as shown. */
export async function publishBooking(deps: BookingDeps, row: BookingRow): Promise<Booking> {
  const booking = await toBooking(deps, row);
  await deps.events.publish(row.userId, { type: "booking", data: booking });
  // The change's notices were queued in its transaction (transitions.ts recordHistory): send them now.
  deps.queue?.poke();
  return booking;
}

/**
 * After a change: the customer's tabs get the booking, and the mate app of every mate the booking
 * concerns (its mates now, and any who just lost a job of it) hears that their jobs changed.
 */
export async function publishChange(
  deps: BookingDeps,
  row: BookingRow,
  formerMateIds: string[] = [],
): Promise<Booking> {
  const booking = await publishBooking(deps, row);
  const current = (await deps.db.select({ mateId: jobs.mateId }).from(jobs).where(eq(jobs.bookingId, row.id))).flatMap(
    (job) => (job.mateId ? [job.mateId] : []),
  );
  const mateIds = [...new Set([...current, ...formerMateIds])];
  const users = (await matesById(deps.db, mateIds)).flatMap((mate) => (mate.userId ? [mate.userId] : []));
  await Promise.all(users.map((userId) => deps.events.publish(userId, { type: "jobs", data: { bookingId: row.id } })));
  await deps.events.publish(OPERATORS_TOPIC, { type: "ops", data: { bookingId: row.id, status: row.status } });
  return booking;
}

async function ownBooking(db: Pick<Database, "select">, userId: string, id: string): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)));
  if (!row) throw notFound("There is no such booking among yours.");
  return row;
}

export async function getBooking(deps: BookingDeps, userId: string, id: string): Promise<Booking> {
  return toBooking(deps, await ownBooking(deps.db, userId, id));
}

/**
 * Upcoming (not ended, not cancelled or completed; soonest first), past (completed or ended; latest
 * first) and cancelled (latest first), however far ahead a cancelled one was booked.
 */
export async function listBookings(deps: BookingDeps, userId: string): Promise<BookingList> {
  const rows = await deps.db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(asc(bookings.startAt));
  const now = nowOf(deps).getTime();
  const cancelled = rows.filter((row) => row.status === "cancelled").reverse();
  const rest = rows.filter((row) => row.status !== "cancelled");
  const ended = (row: BookingRow) => row.status === "completed" || row.endAt.getTime() < now;
  const upcoming = rest.filter((row) => !ended(row));
  const past = rest.filter(ended).reverse();
  const shown = await presentBookings(deps, [...upcoming, ...past, ...cancelled]);
  return {
    upcoming: shown.slice(0, upcoming.length),
    past: shown.slice(upcoming.length, upcoming.length + past.length),
    cancelled: shown.slice(upcoming.length + past.length),
  };
}

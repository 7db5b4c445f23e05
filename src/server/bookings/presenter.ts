import {
  type Booking,
  type BookingStatus,
  cancellation,
  canReschedule,
  gstIncluded,
  type MateSummary,
} from "#domain/booking.ts";
import { lastCompleted } from "#domain/booking-history.ts";
import { creditByService } from "#domain/credit.ts";
import { arrivalMinutes, customerSeesMatePhone, JOB_RULES, type JobStatus, jobBillRupees } from "#domain/job.ts";
import { kmBetween, shownRating } from "#domain/matching.ts";
import { rescueOpen } from "#domain/no-show.ts";
import { unreadForCustomer } from "#server/chat/chat.ts";
import { type AppDeps, deskSettingsOf, nowOf } from "#server/context.ts";
import { presentBookingHelp } from "#server/help/present.ts";
import { initialsOf, type MateRow } from "#server/mates/mates.ts";
import { loadPaymentRows, paymentSummary } from "#server/payments/summary.ts";
import { presentRatings } from "#server/ratings/reviews.ts";
import { presentRework } from "#server/rework/present.ts";
import { extrasOf, loadAround, presentHistory } from "./parts.ts";
import type { BookingRow } from "./schema.ts";

/*
 * What a booking looks like to its customer. This is the one module that gathers the other
 * capabilities' parts of a booking (chat's unread count, the rating, the re-work, the payments)
 * into it; those capabilities import the booking's rows from schema.ts, never this module, so the
 * imports run one way (record 054).
 */

/** What cancelling once a mate is on the way costs: nothing for a free booking (a re-work). */
export const visitingChargeOf = (deps: AppDeps, row: Pick<BookingRow, "totalRupees">) =>
  row.totalRupees === 0 ? 0 : (deps.visitingChargeRupees ?? JOB_RULES.visitingChargeRupees);

/** A mate as the customer sees them on a job; the phone only while the job is active. */
function mateSummary(mate: MateRow, service: string, status: JobStatus): MateSummary {
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

/**
 * Bookings as the customer sees them: jobs with their mates, extras and bills, the start code until
 * the work starts, the timeline, and whether each can still be cancelled and at what cost. A page
 * of any length costs a constant number of queries (loadAround).
 */
export async function presentBookings(deps: AppDeps, rows: readonly BookingRow[]): Promise<Booking[]> {
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
  const help = await presentBookingHelp(deps.db, rows, historyRows, now, deskSettingsOf(deps).damageWindowHours);
  const serviceOfJob = new Map(jobRows.map((job) => [job.id, job.service]));
  return rows.map((row) => {
    const status = row.status as BookingStatus;
    const verdict = cancellation(row.startAt, status, now, visitingChargeOf(deps, row));
    const credit = creditByService(row.items, row.creditRupees);
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
        creditRupees: credit.get(job.service) ?? 0,
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
      creditRupees: row.creditRupees,
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
      help: help.get(row.id) ?? { problems: [], cases: [] },
      noShowRescue: rescueOpen({ status, noShowOfferedAt: row.noShowOfferedAt }),
    };
  });
}

/** One booking as the API shows it. */
export async function toBooking(deps: AppDeps, row: BookingRow): Promise<Booking> {
  const [booking] = await presentBookings(deps, [row]);
  if (!booking) throw new Error("a presented booking went missing");
  return booking;
}

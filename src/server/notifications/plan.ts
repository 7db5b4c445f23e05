import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Booking } from "#domain/booking.ts";
import { type HistoryRecord, historyDetails, mateNamedIn } from "#domain/booking-history.ts";
import {
  type BookingFacts,
  customerNotices,
  type JobFacts,
  mateNotices,
  type Notice,
  type NoticeWords,
} from "#domain/notice-texts.ts";
import { type BookingRow, bookingHistory, type HistoryRow, type JobRow, jobs } from "#server/bookings/schema.ts";
import { creditGrants } from "#server/credit/schema.ts";
import type { Database } from "#server/db/client.ts";
import { factsOf, mateName, userIdOfMate } from "./booking-facts.ts";
import type { Plan } from "./deliver.ts";
import type { NotificationDeps } from "./notification-deps.ts";

/**
 * Who is told what of one entry of a booking's history (issue 19, record 036): the customer, the
 * mates of the job it names, or nobody. Each planner below is one kind of step; none records, sends
 * or schedules anything: notify.ts has the plans delivered, and the rating prompt scheduled.
 */

/** One history entry as a planner reads it: the booking as it is now, its facts, the job it names. */
type Step = {
  deps: NotificationDeps;
  entry: HistoryRow;
  row: BookingRow;
  booking: Booking;
  facts: BookingFacts;
  /** The entry's action with its typed details; undefined for a row that does not fit its action. */
  record: HistoryRecord | undefined;
  job: Booking["jobs"][number] | undefined;
  jobRow: JobRow | undefined;
};

/** The notices one history entry means: one plan a person and event, none if it is nobody's news. */
export async function plan(
  deps: NotificationDeps,
  entry: HistoryRow,
  row: BookingRow,
  booking: Booking,
): Promise<Plan[]> {
  const step = await stepOf(deps, entry, row, booking);
  switch (entry.action) {
    case "place":
      return placed(step);
    case "payment_received":
      return paymentReceived(step);
    case "assign":
      return assigned(step);
    case "withdraw":
      return withdrawn(step);
    case "release":
      return released(step);
    case "reschedule":
      return rescheduled(step);
    case "no_show":
      return noShow(step);
    case "no_show_offered":
      return [customer(step, `no_show_offered:${entry.id}`, (w) => customerNotices.noShowOffered(w, step.facts))];
    case "on_the_way":
      return onTheWay(step);
    case "complete":
      return completed(step);
    case "cancel":
    case "expire":
      return cancelled(step);
    case "refund_processed":
      return refunded(step);
    default:
      return [];
  }
}

async function stepOf(deps: NotificationDeps, entry: HistoryRow, row: BookingRow, booking: Booking): Promise<Step> {
  const facts = factsOf(booking);
  const record = historyDetails(entry.action, entry.details);
  // Every writer gives its action's shape; a row that does not fit is nobody's news, and said so.
  if (!record) deps.logger.warn({ historyId: entry.id, action: entry.action }, "history details do not fit; no notice");
  const job = booking.jobs.find((one) => one.id === entry.jobId);
  const [jobRow] = entry.jobId ? await deps.db.select().from(jobs).where(eq(jobs.id, entry.jobId)) : [];
  return { deps, entry, row, booking, facts, record, job, jobRow };
}

/** The customer's notice of an event of their booking. */
function customer({ row }: Step, key: string, notice: (words: NoticeWords) => Notice): Plan {
  return { key: `${key}:${row.userId}`, userId: row.userId, notice, tag: `booking:${row.id}` };
}

/** A mate's notice of an event of the entry's job: none for a mate without an account, or no job. */
async function toMate(
  { deps, booking, job }: Step,
  mateId: string | undefined,
  key: string,
  notice: (words: NoticeWords, j: JobFacts) => Notice,
): Promise<Plan[]> {
  const userId = await userIdOfMate(deps.db, mateId);
  if (!userId || !job) return [];
  const facts: JobFacts = {
    jobId: job.id,
    service: job.serviceTitle,
    startAt: new Date(booking.start),
    locality: booking.address.locality,
  };
  return [{ key: `${key}:${userId}`, userId, notice: (w) => notice(w, facts), tag: `job:${job.id}` }];
}

function placed(step: Step): Plan[] {
  const { row, facts } = step;
  // A "Pay now" booking is confirmed by its payment, not by being placed (unless credit paid it all).
  return row.paymentMethod === "online" && row.totalRupees > row.creditRupees
    ? []
    : [customer(step, `confirmed:${row.id}`, (w) => customerNotices.confirmed(w, facts))];
}

function paymentReceived(step: Step): Plan[] {
  const { entry, row, booking, facts, record } = step;
  if (record?.action !== "payment_received") return [];
  const details = record.details;
  if (details.purpose === "booking") {
    return row.status === "cancelled"
      ? []
      : [customer(step, `confirmed:${row.id}`, (w) => customerNotices.confirmed(w, facts))];
  }
  const invoices = booking.payment.invoices;
  return [
    customer(step, `paid:${entry.id}`, (w) =>
      customerNotices.paidOnline(w, facts, { amountPaise: details.amountPaise, invoices }),
    ),
  ];
}

async function assigned(step: Step): Promise<Plan[]> {
  const { deps, entry, row, facts, record, job } = step;
  const mateId = mateNamedIn(record);
  if (!mateId || !job) return [];
  const earlier = await earlierAssignmentsAndMoves(deps.db, job.id, entry);
  const before = mateNamedIn(earlier.findLast((one) => one?.action === "assign"));
  const last = earlier.at(-1);
  const movedFrom = last?.action === "reschedule" ? mateNamedIn(last) : undefined;
  if (before === mateId) return []; // The same mate again, after a move: they and the customer know.
  const name = await mateName(deps.db, mateId);
  const free = row.totalRupees === 0;
  return [
    customer(step, `assign:${entry.id}`, (w) =>
      customerNotices.mateAssigned(w, facts, { name, service: job.serviceTitle }, before !== undefined),
    ),
    ...(await toMate(step, mateId, `assign:${entry.id}`, (w, j) => mateNotices.newJob(w, j, free))),
    // The mate of a job the customer moved, who was not free at the new time, hears it went on.
    ...(movedFrom && movedFrom !== mateId
      ? await toMate(step, movedFrom, `taken:${entry.id}`, (w, j) => mateNotices.taken(w, j, "moved"))
      : []),
  ];
}

/**
 * The job's earlier assignments and moves, oldest first (an equal time counts: one transaction
 * may withdraw and assign).
 */
async function earlierAssignmentsAndMoves(db: Pick<Database, "select">, jobId: string, entry: HistoryRow) {
  return (
    await db
      .select({ id: bookingHistory.id, action: bookingHistory.action, details: bookingHistory.details })
      .from(bookingHistory)
      .where(
        and(
          eq(bookingHistory.jobId, jobId),
          inArray(bookingHistory.action, ["assign", "reschedule"]),
          lte(bookingHistory.at, entry.at),
        ),
      )
      .orderBy(asc(bookingHistory.at))
  )
    .filter((one) => one.id !== entry.id)
    .map((one) => historyDetails(one.action, one.details));
}

function withdrawn(step: Step): Promise<Plan[]> {
  const { entry, record } = step;
  if (record?.action !== "withdraw") return Promise.resolve([]);
  return toMate(step, mateNamedIn(record), `taken:${entry.id}`, (w, j) =>
    mateNotices.taken(w, j, record.details.reason),
  );
}

async function released(step: Step): Promise<Plan[]> {
  const { entry, record, jobRow } = step;
  // A mate who releases a job knows; one released by the Mates team is told.
  return entry.actor === "operator"
    ? toMate(step, mateNamedIn(record) ?? jobRow?.mateId ?? undefined, `taken:${entry.id}`, (w, j) =>
        mateNotices.taken(w, j, "released"),
      )
    : [];
}

/** The mate who did not come hears at once that the job is no longer theirs (record 059). */
function noShow(step: Step): Promise<Plan[]> {
  const { entry, record } = step;
  return toMate(step, mateNamedIn(record), `taken:${entry.id}`, (w, j) => mateNotices.taken(w, j, "no_show"));
}

async function rescheduled(step: Step): Promise<Plan[]> {
  const { entry, record } = step;
  if (record?.action !== "reschedule") return [];
  const from = new Date(record.details.from);
  return toMate(step, mateNamedIn(record), `moved:${entry.id}`, (w, j) => mateNotices.moved(w, j, from));
}

async function onTheWay(step: Step): Promise<Plan[]> {
  const { deps, entry, facts, job, jobRow } = step;
  if (!job) return [];
  const mate = { name: await mateName(deps.db, jobRow?.mateId ?? undefined), service: job.serviceTitle };
  return [customer(step, `on_the_way:${entry.id}`, (w) => customerNotices.onTheWay(w, facts, mate))];
}

/** The bill, once the booking's last job is done (its rating prompt is rating-prompt.ts's). */
function completed(step: Step): Plan[] {
  const { row, booking, facts } = step;
  if (booking.status !== "completed") return [];
  const lines = booking.jobs
    .filter((one) => one.status !== "cancelled")
    .map((one): [string | null, number] => [one.serviceTitle, one.billRupees + one.tipRupees]);
  // A line without a label is the Mates credit used ("Paid with Mates credit", in the customer's words).
  if (booking.creditRupees > 0) lines.push([null, booking.creditRupees]);
  // What is still owed: the bills of completed jobs that no payment covers and no mate collected.
  const duePaise = booking.payment.dueFor === "bill" ? booking.payment.duePaise : 0;
  const invoices = booking.payment.invoices;
  return [
    customer(step, `completed:${row.id}`, (w) => customerNotices.completed(w, facts, { lines, duePaise, invoices })),
  ];
}

/** A cancelled or expired booking or job: its customer, and the mate who was to do it. */
async function cancelled(step: Step): Promise<Plan[]> {
  const { entry, row, booking, facts, jobRow } = step;
  const forMate =
    jobRow && ["assigned", "on_the_way", "arrived"].includes(entry.fromStatus ?? "")
      ? await toMate(step, jobRow.mateId ?? undefined, `cancelled:${jobRow.id}`, (w, j) => mateNotices.cancelled(w, j))
      : [];
  if (row.status !== "cancelled") return forMate;
  const refundPaise = booking.payment.refunds.reduce((sum, refund) => sum + refund.amountPaise, 0);
  const noShow = step.record?.action === "cancel" && step.record.details.reason === "no_show";
  const by = entry.action === "expire" ? "unpaid" : entry.actor === "operator" ? "operator" : "customer";
  const creditRupees = noShow ? await creditGivenFor(step.deps.db, row.id) : 0;
  return [
    customer(step, `cancelled:${row.id}`, (w) =>
      customerNotices.cancelled(w, facts, {
        by: noShow ? "no_show" : by,
        chargeRupees: row.cancellationChargeRupees,
        refundPaise,
        creditRupees,
      }),
    ),
    ...forMate,
  ];
}

/** The Mates credit granted for a booking (the no-show rescue's), in whole rupees. */
async function creditGivenFor(db: Pick<Database, "select">, bookingId: string): Promise<number> {
  const rows = await db
    .select({ rupees: creditGrants.rupees })
    .from(creditGrants)
    .where(eq(creditGrants.bookingId, bookingId));
  return rows.reduce((sum, row) => sum + row.rupees, 0);
}

function refunded(step: Step): Plan[] {
  const { entry, facts, record } = step;
  if (record?.action !== "refund_processed") return [];
  return [
    customer(step, `refunded:${entry.id}`, (w) =>
      customerNotices.refunded(w, facts, {
        amountPaise: record.details.amountPaise,
        reference: record.details.reference,
      }),
    ),
  ];
}

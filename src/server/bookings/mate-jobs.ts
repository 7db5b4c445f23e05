import { and, eq, gte, inArray } from "drizzle-orm";
import { jobCreditRupees } from "#domain/credit.ts";
import {
  type CollectionMethod,
  canAddExtras,
  decide,
  JOB_RULES,
  type JobStatus,
  jobBillRupees,
  mateSeesContact,
  NEXT_STEP,
  setOffFrom,
} from "#domain/job.ts";
import { kolkataDay, kolkataInstant } from "#domain/kolkata-time.ts";
import type { Earnings, JobEarnings, MateJob, MateJobsResponse } from "#domain/mate-app.ts";
import { jobBalancePaise } from "#domain/payments.ts";
import { DEFAULT_PAYOUT_SETTINGS, type PayoutSettings, shareOf, tdsBpFor } from "#domain/payouts.ts";
import { users } from "#server/auth/schema.ts";
import type { Database } from "#server/db/client.ts";
import { notFound } from "#server/http/errors.ts";
import type { MateRow } from "#server/mates/mates.ts";
import { isPaid, loadPaymentRows } from "#server/payments/summary.ts";
import { reworksFor } from "#server/rework/present.ts";
import { extrasOf, loadAround, presentHistory } from "./parts.ts";
import type { BookingRow, JobRow } from "./schema.ts";
import { bookings, jobs } from "./schema.ts";

type Db = Pick<Database, "select">;

/** What a job's gross earns its mate at these rates: the same sums the ledger's workEarned posts. */
function jobEarnings(grossPaise: number, commissionBp: number, tdsBp: number): JobEarnings {
  const commissionPaise = shareOf(grossPaise, commissionBp);
  const tdsPaise = shareOf(grossPaise, tdsBp);
  return { grossPaise, commissionPaise, tdsBp, tdsPaise, netPaise: grossPaise - commissionPaise - tdsPaise };
}
const DAY = 86_400_000;

/**
 * Jobs as the mate sees them. Before "on the way" only the locality and the customer's first name;
 * the full address and the phone from "on the way" until completion.
 */
async function presentMateJobs(
  db: Db,
  rows: { job: JobRow; booking: BookingRow }[],
  now: Date,
  setOffWindowMinutes: number | undefined,
  tdsBp: number,
): Promise<MateJob[]> {
  if (rows.length === 0) return [];
  const bookingIds = [...new Set(rows.map((row) => row.booking.id))];
  const { extraRows, historyRows } = await loadAround(db, bookingIds);
  const { paymentRows } = await loadPaymentRows(db, bookingIds);
  const reworks = await reworksFor(db, bookingIds);
  const customers = new Map(
    (
      await db
        .select({ id: users.id, name: users.name, mobile: users.mobile })
        .from(users)
        .where(
          inArray(
            users.id,
            rows.map((row) => row.booking.userId),
          ),
        )
    ).map((user) => [user.id, user]),
  );
  return rows.map(({ job, booking }) => {
    const status = job.status as JobStatus;
    const customer = customers.get(booking.userId);
    const extras = extrasOf(extraRows, job.id);
    const next = NEXT_STEP[status];
    const contact = mateSeesContact(status);
    const prepaid = paymentRows.some((row) => row.bookingId === booking.id && row.purpose === "booking" && isPaid(row));
    const { label: _label, ...address } = booking.address;
    const billRupees = jobBillRupees(booking.items, job.service, extras);
    return {
      id: job.id,
      bookingId: booking.id,
      service: job.service,
      serviceTitle: booking.items.find((item) => item.service === job.service)?.serviceTitle ?? job.service,
      items: booking.items
        .filter((item) => item.service === job.service)
        .map((item) => ({
          option: item.option,
          optionLabel: item.optionLabel,
          quantity: item.quantity,
          lineTotalRupees: item.lineTotalRupees,
        })),
      start: booking.startAt.toISOString(),
      end: booking.endAt.toISOString(),
      status,
      locality: booking.address.locality,
      customerFirstName: (customer?.name ?? "Customer").split(/\s+/)[0] ?? "Customer",
      ...(contact ? { address } : {}),
      ...(contact && customer?.mobile ? { customerPhone: customer.mobile } : {}),
      billRupees,
      toCollectRupees: jobBalancePaise(booking, job, extraRows, prepaid) / 100,
      creditRupees: jobCreditRupees(booking, job.service),
      commissionBp: job.commissionBp,
      earnings: jobEarnings(billRupees * 100, job.commissionBp, tdsBp),
      tipRupees: job.tipRupees,
      paymentMethod: booking.paymentMethod,
      extras,
      ...(next ? { nextStep: next } : {}),
      canRelease: decide("release", "mate", status, { start: booking.startAt, now }).allowed,
      setOffFrom: setOffFrom(booking.startAt, setOffWindowMinutes).toISOString(),
      canAddExtras: canAddExtras(status),
      startCodeLocked: booking.startCodeFailures >= JOB_RULES.startCodeAttempts,
      atRisk: job.atRisk,
      ...(job.collectedMethod ? { collectedMethod: job.collectedMethod as CollectionMethod | "online" } : {}),
      ...(job.collectedRupees !== null ? { collectedRupees: job.collectedRupees } : {}),
      history: presentHistory(
        historyRows.filter(
          (entry) => entry.bookingId === booking.id && (entry.jobId === null || entry.jobId === job.id),
        ),
        new Map([[job.id, job.service]]),
      ),
      rework: reworks.get(booking.id) ?? null,
    };
  });
}

/**
 * The mate's jobs: today's and later ones still to do, earliest first, and the last 7 days' done
 * or cancelled ones (a job handed back is no longer theirs and is not listed).
 */
export async function listMateJobs(
  db: Db,
  mate: MateRow,
  now: Date,
  setOffWindowMinutes?: number,
  payouts: PayoutSettings = DEFAULT_PAYOUT_SETTINGS,
): Promise<MateJobsResponse> {
  const rows = await db
    .select({ job: jobs, booking: bookings })
    .from(jobs)
    .innerJoin(bookings, eq(bookings.id, jobs.bookingId))
    .where(and(eq(jobs.mateId, mate.id), gte(bookings.startAt, new Date(now.getTime() - 7 * DAY))))
    .orderBy(bookings.startAt);
  const shown = await presentMateJobs(db, rows, now, setOffWindowMinutes, tdsBpFor(mate.pan !== null, payouts));
  const today = kolkataDay(now);
  const dayOf = (job: MateJob) => kolkataDay(new Date(job.start));
  const live = (job: MateJob) => job.status !== "cancelled";
  return {
    today: shown.filter((job) => live(job) && dayOf(job) === today),
    upcoming: shown.filter((job) => live(job) && dayOf(job) > today),
    recent: shown.filter((job) => !live(job) || dayOf(job) < today).reverse(),
  };
}

export async function getMateJob(
  db: Db,
  mate: MateRow,
  jobId: string,
  now: Date,
  setOffWindowMinutes?: number,
  payouts: PayoutSettings = DEFAULT_PAYOUT_SETTINGS,
): Promise<MateJob> {
  const rows = await db
    .select({ job: jobs, booking: bookings })
    .from(jobs)
    .innerJoin(bookings, eq(bookings.id, jobs.bookingId))
    .where(and(eq(jobs.id, jobId), eq(jobs.mateId, mate.id)));
  const [job] = await presentMateJobs(db, rows, now, setOffWindowMinutes, tdsBpFor(mate.pan !== null, payouts));
  if (!job) throw notFound("There is no such job among yours.");
  return job;
}

/** Jobs done and amounts collected, by method, this week (from Monday) and this month, Kolkata time. */
export async function mateEarnings(db: Db, mate: MateRow, now: Date): Promise<Earnings> {
  const today = kolkataDay(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weekFrom = new Date(Date.parse(`${today}T00:00:00Z`) - weekday * DAY).toISOString().slice(0, 10);
  const monthFrom = `${today.slice(0, 8)}01`;
  const since = kolkataInstant(weekFrom < monthFrom ? weekFrom : monthFrom, 0);
  const done = await db
    .select({ job: jobs, startAt: bookings.startAt })
    .from(jobs)
    .innerJoin(bookings, eq(bookings.id, jobs.bookingId))
    .where(and(eq(jobs.mateId, mate.id), inArray(jobs.status, ["completed", "paid"]), gte(bookings.startAt, since)));
  const sum = (from: string) => {
    const inPeriod = done.filter((row) => kolkataDay(row.startAt) >= from);
    const by = (method: CollectionMethod) =>
      inPeriod
        .filter((row) => row.job.collectedMethod === method)
        .reduce((total, row) => total + (row.job.collectedRupees ?? 0), 0);
    return { from, jobsDone: inPeriod.length, collectedRupees: { cash: by("cash"), upi: by("upi") } };
  };
  return { week: sum(weekFrom), month: sum(monthFrom) };
}

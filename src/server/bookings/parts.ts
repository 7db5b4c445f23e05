import { asc, inArray } from "drizzle-orm";
import { type HistoryEntry, historyDetails, historyLabel } from "#domain/booking-history.ts";
import type { Extra, ExtraStatus } from "#domain/job.ts";
import type { Database } from "#server/db/client.ts";
import { type MateRow, matesById } from "#server/mates/mates.ts";
import { bookingHistory, type ExtraRow, type HistoryRow, type JobRow, jobExtras, jobs } from "./schema.ts";

/**
 * The parts of a booking that both the customer's view (presenter.ts) and the mate's (mate-jobs.ts)
 * show: its jobs, their extras, its timeline and its mates, loaded for a whole page at once.
 */
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

export function presentHistory(rows: readonly HistoryRow[], serviceOfJob: ReadonlyMap<string, string>): HistoryEntry[] {
  return rows.map((row) => {
    const service = row.jobId ? serviceOfJob.get(row.jobId) : undefined;
    // An entry with no details, or with details that do not fit its action, is shown without them.
    const details = historyDetails(row.action, row.details)?.details;
    return {
      at: row.at.toISOString(),
      actor: row.actor as HistoryEntry["actor"],
      action: row.action,
      label: historyLabel(row.action),
      ...(service ? { service } : {}),
      ...(details && Object.keys(details).length > 0 ? { details } : {}),
    };
  });
}

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { jobMinutes, jobsByService } from "#domain/booking.ts";
import { PHOTO_TYPES, type PhotoType, REWORK_RULES, type ReworkDetails, reworkOpenUntil } from "#domain/rework.ts";
import { mateOfUser } from "#server/bookings/job-steps.ts";
import { checkStart, insertBooking } from "#server/bookings/placement.ts";
import { publishChange } from "#server/bookings/publish.ts";
import type { BookingRow } from "#server/bookings/schema.ts";
import { jobs } from "#server/bookings/schema.ts";
import { completedAtOf, jobsOf, lockOwnBooking, recordHistory, type Who } from "#server/bookings/transitions.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import type { DocumentStore } from "#server/uploads/document-store.ts";
import { checkUploads, storeUploads, type Upload, type UploadRules } from "#server/uploads/uploads.ts";
import { type ReworkPhoto, reworkRequests } from "./schema.ts";

export type ReworkDeps = AppDeps & { store: DocumentStore };

const conflict = (code: string, message: string) => new AppError(409, code, message);

/** The photos, checked by their bytes: how many, how large, and that each is a JPEG or PNG. */
const PHOTO_UPLOADS: UploadRules<PhotoType> = {
  maxCount: REWORK_RULES.maxPhotos,
  counted: "photos",
  maxBytes: REWORK_RULES.maxPhotoBytes,
  one: "photo",
  types: PHOTO_TYPES,
  typesText: "a JPEG or PNG photo",
};

/**
 * Free re-work of a completed booking of the customer's, within 30 days and once: a booking of the
 * same services at the same address, at the time they chose, costing nothing; each job's mate of
 * the booking is offered it first (assignment.ts reads the "rework" entries). The photos are stored
 * first; if the booking cannot be made they are deleted again.
 */
export async function requestRework(
  deps: ReworkDeps,
  userId: string,
  bookingId: string,
  details: ReworkDetails,
  uploaded: readonly Upload[],
): Promise<BookingRow> {
  const checked = checkUploads(uploaded, PHOTO_UPLOADS);
  const now = nowOf(deps);
  const start = new Date(details.start);
  const photos = await storeUploads(deps.store, checked);
  let row: BookingRow;
  let original: BookingRow;
  try {
    ({ row, original } = await deps.db.transaction(async (tx) => {
      const booking = await lockOwnBooking(tx, userId, bookingId);
      const who = { actor: "customer", actorId: userId } as const;
      const stored = photos.map(({ key, contentType, bytes }) => ({ key, contentType, sizeBytes: bytes.byteLength }));
      const inserted = await makeRework(
        tx,
        booking,
        { start, description: details.description, photos: stored },
        who,
        now,
        deps.noShowAfterMinutes,
      );
      return { row: inserted, original: booking };
    }));
  } catch (error) {
    await Promise.all(photos.map((photo) => deps.store.delete(photo.key).catch(() => undefined)));
    throw error;
  }
  deps.queue?.poke();
  await publishChange(deps, original);
  await publishChange(deps, row);
  return row;
}

/**
 * The re-work booking itself, on the original booking locked by the caller: the customer asking
 * (requestRework) or an operator offering it from a case (help/decisions.ts). Free, once per
 * booking, within 30 days of the work, never of a re-work; the former mates are offered it first.
 */
export async function makeRework(
  tx: Tx,
  booking: BookingRow,
  given: { start: Date; description: string; photos: ReworkPhoto[] },
  who: Who,
  now: Date,
  noShowAfterMinutes?: number,
): Promise<BookingRow> {
  const bookingId = booking.id;
  const start = given.start;
  if (booking.status !== "completed")
    throw conflict("not_completed", "Re-work can be asked for once the work is done.");
  const [asked] = await tx.select().from(reworkRequests).where(eq(reworkRequests.bookingId, bookingId));
  if (asked) throw conflict("rework_asked", "Re-work was already asked for this booking; it is free once per booking.");
  const [isRework] = await tx.select().from(reworkRequests).where(eq(reworkRequests.reworkBookingId, bookingId));
  if (isRework)
    throw conflict("rework_of_rework", "This booking is itself a re-work. Please call us if it is still not right.");
  if (!reworkOpenUntil(await completedAtOf(tx, bookingId), now)) {
    throw conflict(
      "rework_closed",
      `Free re-work can be asked for within ${REWORK_RULES.windowDays} days of the work. Please call us.`,
    );
  }
  const items = booking.items.map((item) => ({ ...item, unitPriceRupees: 0, lineTotalRupees: 0 }));
  const end = checkStart(start, jobMinutes(jobsByService(items)), now);
  const { row: inserted, jobs: newJobs } = await insertBooking(
    tx,
    {
      id: randomUUID(),
      userId: booking.userId,
      startAt: start,
      endAt: end,
      address: booking.address,
      items,
      totalRupees: 0,
      paymentMethod: "pay_after_service",
      idempotencyKey: `rework:${bookingId}`,
      requestHash: bookingId,
    },
    who,
    now,
    { reworkOf: bookingId },
    noShowAfterMinutes,
  );
  const id = inserted.id;
  await tx.insert(reworkRequests).values({
    bookingId,
    reworkBookingId: id,
    userId: booking.userId,
    description: given.description,
    photos: given.photos,
    createdAt: now,
  });
  const former = new Map((await jobsOf(tx, bookingId)).map((job) => [job.service, job.mateId]));
  for (const job of newJobs) {
    // The mate who did the work is offered the re-work first (assignment.ts formerMates).
    await recordHistory(tx, {
      bookingId: id,
      jobId: job.id,
      who,
      action: "rework",
      details: { mateId: former.get(job.service) ?? null, reworkOf: bookingId },
      at: now,
    });
  }
  await recordHistory(tx, {
    bookingId,
    who,
    action: "rework_requested",
    details: { reworkBookingId: id },
    at: now,
  });
  return inserted;
}

/**
 * A re-work photo, for whoever may see the re-work booking: its customer, a mate with a job on it,
 * or an operator. Anyone else is told there is no such photo.
 */
export async function reworkPhoto(
  deps: ReworkDeps,
  who: { userId: string; role: string },
  reworkBookingId: string,
  key: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: PhotoType }> {
  const missing = notFound("There is no such photo.");
  const [request] = await deps.db
    .select({ photos: reworkRequests.photos, userId: reworkRequests.userId })
    .from(reworkRequests)
    .where(eq(reworkRequests.reworkBookingId, reworkBookingId));
  const photo: ReworkPhoto | undefined = request?.photos.find((entry) => entry.key === key);
  if (!request || !photo) throw missing;
  const allowed =
    who.role === "operator" ||
    (who.role === "customer" && request.userId === who.userId) ||
    (who.role === "mate" && (await mateHasJob(deps.db, who.userId, reworkBookingId)));
  if (!allowed) throw missing;
  const bytes = await deps.store.get(photo.key);
  if (!bytes) throw missing;
  return { bytes, contentType: photo.contentType };
}

async function mateHasJob(db: Database, userId: string, bookingId: string): Promise<boolean> {
  const mate = await mateOfUser(db, userId).catch(() => undefined);
  if (!mate) return false;
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.bookingId, bookingId), eq(jobs.mateId, mate.id)));
  return Boolean(job);
}

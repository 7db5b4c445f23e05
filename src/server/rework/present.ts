import { inArray, or } from "drizzle-orm";
import { type BookingRework, reworkOpenUntil } from "#domain/rework.ts";
import type { BookingRow } from "#server/bookings/schema.ts";
import type { Database } from "#server/db/client.ts";
import { reworkRequests } from "./schema.ts";

/*
 * Re-work as bookings and jobs show it. This file reads its own table only, so that the booking
 * presenter can use it without an import cycle (rework.ts places bookings).
 */

/** Where a re-work photo is read: one route for the customer, their mates and operators. */
export const reworkPhotoUrl = (reworkBookingId: string, key: string) => `/api/rework/${reworkBookingId}/photos/${key}`;

/**
 * What each booking says of re-work (one query for the page): whether it can be asked for, the
 * re-work asked from it, or, on a re-work booking, what was wrong and the photos.
 */
export async function presentRework(
  db: Pick<Database, "select">,
  rows: readonly BookingRow[],
  completedAt: (bookingId: string) => Date | undefined,
  now: Date,
): Promise<Map<string, BookingRework>> {
  const ids = rows.map((row) => row.id);
  const requests =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(reworkRequests)
          .where(or(inArray(reworkRequests.bookingId, ids), inArray(reworkRequests.reworkBookingId, ids)));
  const presented = new Map<string, BookingRework>();
  for (const row of rows) {
    const asked = requests.find((request) => request.bookingId === row.id);
    const of = requests.find((request) => request.reworkBookingId === row.id);
    const until = row.status === "completed" && !asked && !of ? reworkOpenUntil(completedAt(row.id), now) : null;
    presented.set(row.id, {
      openUntil: until?.toISOString() ?? null,
      requestedAs: asked?.reworkBookingId ?? null,
      of: of
        ? {
            bookingId: of.bookingId,
            description: of.description,
            photos: of.photos.map((photo) => reworkPhotoUrl(row.id, photo.key)),
          }
        : null,
    });
  }
  return presented;
}

/** What was wrong, for the mates of re-work bookings (one query): the description and the photos' addresses. */
export async function reworksFor(db: Pick<Database, "select">, bookingIds: readonly string[]) {
  const requests =
    bookingIds.length === 0
      ? []
      : await db
          .select()
          .from(reworkRequests)
          .where(inArray(reworkRequests.reworkBookingId, [...bookingIds]));
  return new Map(
    requests.map((request) => [
      request.reworkBookingId,
      {
        description: request.description,
        photos: request.photos.map((photo) => reworkPhotoUrl(request.reworkBookingId, photo.key)),
      },
    ]),
  );
}

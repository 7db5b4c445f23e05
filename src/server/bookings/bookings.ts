import { and, asc, eq, inArray } from "drizzle-orm";
import { type Booking, type BookingStatus, cancellation, gstIncluded } from "#domain/booking.ts";
import type { Database } from "#server/db/client.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { Gazetteer } from "#server/geo/gazetteer.ts";
import { notFound } from "#server/http/errors.ts";
import { initialsOf, matesById } from "#server/mates/mates.ts";
import { bookingMates, bookings } from "./schema.ts";

/**
 * Bookings as the customer reads them: the shared types, the presenter and the queries. Placing
 * (placement.ts), assigning mates (assignment.ts) and the changes after (lifecycle.ts) build on it.
 */
export type BookingDeps = { db: Database; events: EventBus; gazetteer: Gazetteer; now?: () => Date };
export type BookingRow = typeof bookings.$inferSelect;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const nowOf = (deps: BookingDeps) => deps.now?.() ?? new Date();

/**
 * Bookings as the API shows them, with their mates and whether each can still be cancelled. A page
 * of any length costs two queries: the mates' links of all the bookings, then those mates.
 */
export async function presentBookings(deps: BookingDeps, rows: readonly BookingRow[]): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const links = await deps.db
    .select()
    .from(bookingMates)
    .where(
      inArray(
        bookingMates.bookingId,
        rows.map((row) => row.id),
      ),
    );
  const mates = new Map(
    (await matesById(deps.db, [...new Set(links.map((link) => link.mateId))])).map((mate) => [mate.id, mate]),
  );
  const now = nowOf(deps);
  return rows.map((row) => {
    const status = row.status as BookingStatus;
    const { cancellable, reason } = cancellation(row.startAt, status, now);
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
      mates: links
        .filter((link) => link.bookingId === row.id)
        .flatMap((link) => {
          const mate = mates.get(link.mateId);
          return mate
            ? [
                {
                  name: mate.name,
                  initials: initialsOf(mate.name),
                  rating: Math.round(mate.rating * 10) / 10,
                  jobsDone: mate.jobsDone,
                  verifiedAt: (mate.verifiedAt ?? new Date(0)).toISOString(),
                  homeLocality: mate.homeLocality,
                  service: link.service,
                },
              ]
            : [];
        }),
      cancellable,
      ...(reason ? { cancelReason: reason } : {}),
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

/** Upcoming (not ended, not cancelled or completed; soonest first) and past (latest first). */
export async function listBookings(deps: BookingDeps, userId: string) {
  const rows = await deps.db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(asc(bookings.startAt));
  const now = nowOf(deps).getTime();
  const done = (row: BookingRow) =>
    row.status === "cancelled" || row.status === "completed" || row.endAt.getTime() < now;
  const upcoming = rows.filter((row) => !done(row));
  const shown = await presentBookings(deps, [...upcoming, ...rows.filter(done).reverse()]);
  return { upcoming: shown.slice(0, upcoming.length), past: shown.slice(upcoming.length) };
}

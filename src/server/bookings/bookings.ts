import { and, asc, eq } from "drizzle-orm";
import type { Booking, BookingList } from "#domain/booking.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { notFound } from "#server/http/errors.ts";
import { presentBookings, toBooking } from "./presenter.ts";
import { type BookingRow, bookings } from "./schema.ts";

/*
 * The customer's own bookings, as the presenter shows them: one by its id, and all of them in the
 * profile's three lists.
 */

async function ownBooking(db: Pick<Database, "select">, userId: string, id: string): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)));
  if (!row) throw notFound("There is no such booking among yours.");
  return row;
}

export async function getBooking(deps: AppDeps, userId: string, id: string): Promise<Booking> {
  return toBooking(deps, await ownBooking(deps.db, userId, id));
}

/**
 * Upcoming (not ended, not cancelled or completed; soonest first), past (completed or ended; latest
 * first) and cancelled (latest first), however far ahead a cancelled one was booked.
 */
export async function listBookings(deps: AppDeps, userId: string): Promise<BookingList> {
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

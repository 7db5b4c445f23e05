import { and, eq } from "drizzle-orm";
import { type Booking, type BookingStatus, cancellation, jobMinutes, jobsByService } from "#domain/booking.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { type BookingDeps, type BookingRow, nowOf, publishBooking, type Tx } from "./bookings.ts";
import { checkStart } from "./placement.ts";
import { bookingMates, bookings } from "./schema.ts";

/** Frees the booking's mates and gives it a new status, in the caller's transaction. */
export async function releaseMates(
  tx: Tx,
  bookingId: string,
  status: BookingStatus,
  changes: Partial<BookingRow> = {},
) {
  await tx.delete(mateBusy).where(eq(mateBusy.bookingId, bookingId));
  const [row] = await tx
    .update(bookings)
    .set({ ...changes, status, updatedAt: new Date() })
    .where(eq(bookings.id, bookingId))
    .returning();
  return row;
}

/** The customer's booking, locked until the transaction ends; another's is a 404. */
async function lockOwnBooking(tx: Tx, userId: string, id: string): Promise<BookingRow> {
  const [current] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)))
    .for("update");
  if (!current) throw notFound("There is no such booking among yours.");
  return current;
}

/** Free until 3 hours before the start; the mates are released at once. */
export async function cancelBooking(deps: BookingDeps, userId: string, id: string): Promise<Booking> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockOwnBooking(tx, userId, id);
    const verdict = cancellation(current.startAt, current.status as BookingStatus, nowOf(deps));
    if (!verdict.cancellable) {
      throw new AppError(409, "not_cancellable", verdict.reason ?? "This booking cannot be cancelled.");
    }
    return releaseMates(tx, id, "cancelled");
  });
  if (!row) throw notFound("There is no such booking among yours.");
  return publishBooking(deps, row);
}

/** An unassigned (or not yet started) booking moved to another open start, then assigned again. */
export async function rescheduleBooking(deps: BookingDeps, userId: string, id: string, startIso: string) {
  const start = new Date(startIso);
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockOwnBooking(tx, userId, id);
    const status = current.status as BookingStatus;
    if (
      status !== "unassigned" &&
      !(status === "assigned" && cancellation(current.startAt, status, nowOf(deps)).cancellable)
    ) {
      throw new AppError(409, "not_reschedulable", "This booking can no longer be moved online. Please call us.");
    }
    const end = checkStart(start, jobMinutes(jobsByService(current.items)), nowOf(deps));
    await tx.delete(bookingMates).where(eq(bookingMates.bookingId, id));
    return releaseMates(tx, id, "finding", { startAt: start, endAt: end });
  });
  if (!row) throw notFound("There is no such booking among yours.");
  await publishBooking(deps, row);
  return row;
}

const NEXT: Partial<Record<BookingStatus, BookingStatus>> = {
  assigned: "on_the_way",
  on_the_way: "in_progress",
  in_progress: "completed",
};

/**
 * A mate's progress on a booking (assigned → on the way → in progress → completed), as the mates'
 * side records it; the customer's tabs follow live. Used by the tests and benchmarks today.
 */
export async function advanceBooking(deps: BookingDeps, id: string, to: BookingStatus): Promise<Booking> {
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw notFound("There is no such booking.");
  if (NEXT[row.status as BookingStatus] !== to) {
    throw new AppError(409, "bad_transition", `A booking that is ${row.status} cannot become ${to}.`);
  }
  const [updated] = await deps.db
    .update(bookings)
    .set({ status: to, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  if (!updated) throw notFound("There is no such booking.");
  return publishBooking(deps, updated);
}

import { eq } from "drizzle-orm";
import type { Booking } from "#domain/booking.ts";
import type { AppDeps } from "#server/context.ts";
import { OPERATORS_TOPIC } from "#server/events/bus.ts";
import { matesById } from "#server/mates/mates.ts";
import { toBooking } from "./presenter.ts";
import { type BookingRow, jobs } from "./schema.ts";

/*
 * A booking sent out after it changed: to its customer's tabs as the presenter shows it, to the
 * mate app of every mate it concerns, and to the operators' board.
 */

/** Sends the booking to its customer's tabs over /api/events, and returns it as shown. */
export async function publishBooking(deps: AppDeps, row: BookingRow): Promise<Booking> {
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
export async function publishChange(deps: AppDeps, row: BookingRow, formerMateIds: string[] = []): Promise<Booking> {
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

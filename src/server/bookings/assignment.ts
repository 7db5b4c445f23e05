import { eq } from "drizzle-orm";
import { busyCells, jobsByService, kolkataDay, visitMinutes } from "#domain/booking.ts";
import { rankMates } from "#domain/matching.ts";
import { verifiedMatesFor } from "#server/mates/mates.ts";
import { mateBusy } from "#server/mates/schema.ts";
import { type BookingDeps, type BookingRow, publishBooking, type Tx } from "./bookings.ts";
import { releaseMates } from "./lifecycle.ts";
import { bookingMates, bookings } from "./schema.ts";
import { worksThen } from "./slots.ts";

class Taken extends Error {}

/**
 * Assigns a booking that is finding its mates: for each service, the verified mates with the skill
 * who work then, nearest first and best rated, each tried in turn; a mate's busy cells are inserted
 * under a unique key, so a mate another booking took (even at the same moment) is skipped. When a
 * service finds nobody, the booking is "unassigned" and holds no mate; it is never dropped.
 */
export async function assignBooking(deps: BookingDeps, bookingId: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await deps.db.transaction((tx) => assignIn(tx, bookingId));
      return row ? await publishBooking(deps, row) : undefined;
    } catch (error) {
      // Two bookings taking each other's mates in opposite order: PostgreSQL ends one; run it again.
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if ((code === "40P01" || code === "40001") && attempt < 3) continue;
      throw error;
    }
  }
}

async function assignIn(tx: Tx, bookingId: string): Promise<BookingRow | undefined> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (booking?.status !== "finding") return undefined;
  const jobs = jobsByService(booking.items);
  const point =
    booking.address.lat !== null && booking.address.lon !== null
      ? { lat: booking.address.lat, lon: booking.address.lon }
      : undefined;
  const candidates = await verifiedMatesFor(tx, [...jobs.keys()]);
  const startMinute = Math.round(
    (booking.startAt.getTime() - Date.parse(`${kolkataDay(booking.startAt)}T00:00:00+05:30`)) / 60_000,
  );
  const chosen: { service: string; mateId: string }[] = [];
  for (const [service, minutes] of [...jobs].sort((a, b) => b[1] - a[1])) {
    const length = visitMinutes(minutes);
    const cells = busyCells(booking.startAt, new Date(booking.startAt.getTime() + length * 60_000));
    const able = candidates.filter((mate) => mate.skills.includes(service) && worksThen(mate, startMinute, length));
    const ranked = point ? rankMates(able, point) : [...able].sort((a, b) => b.rating - a.rating);
    let taken: string | undefined;
    for (const mate of ranked) {
      try {
        await tx.transaction(async (savepoint) => {
          const held = await savepoint
            .insert(mateBusy)
            .values(cells.map((cell) => ({ mateId: mate.id, cell, bookingId })))
            .onConflictDoNothing()
            .returning({ cell: mateBusy.cell });
          if (held.length < cells.length) throw new Taken();
        });
        taken = mate.id;
        break;
      } catch (error) {
        if (!(error instanceof Taken)) throw error;
      }
    }
    if (!taken) return releaseMates(tx, bookingId, "unassigned");
    chosen.push({ service, mateId: taken });
  }
  await tx.insert(bookingMates).values(chosen.map((choice) => ({ bookingId, ...choice })));
  const [row] = await tx
    .update(bookings)
    .set({ status: "assigned", updatedAt: new Date() })
    .where(eq(bookings.id, bookingId))
    .returning();
  return row;
}

/**
 * Assigns every booking still finding its mates. Placing a booking and assigning its mates are two
 * transactions (the customer's answer does not wait for the assignment), so a server that stopped
 * or crashed in between left the booking placed but not yet assigned. The server runs this once at
 * start. Returns how many it took up.
 */
export async function resumeAssignments(deps: BookingDeps): Promise<number> {
  const waiting = await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, "finding"));
  for (const { id } of waiting) await assignBooking(deps, id);
  return waiting.length;
}

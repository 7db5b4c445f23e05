import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import {
  type Booking,
  type BookingStatus,
  busyCells,
  cancellation,
  gstIncluded,
  jobMinutes,
  jobsByService,
  kolkataDay,
  type PlaceBooking,
  slotTimes,
  visitMinutes,
} from "#domain/booking.ts";
import { rankMates } from "#domain/matching.ts";
import { addressPoint, findAddress, isServedAddress } from "../addresses/addresses.ts";
import { users } from "../auth/schema.ts";
import { clearCart, publishCart, readCart } from "../cart/cart.ts";
import type { Database } from "../db/client.ts";
import type { EventBus } from "../events/bus.ts";
import type { Gazetteer } from "../geo/gazetteer.ts";
import { AppError, badRequest, notFound } from "../http/errors.ts";
import { initialsOf, matesById, verifiedMatesFor } from "../mates/mates.ts";
import { mateBusy } from "../mates/schema.ts";
import { PAYMENT_METHOD_BY_ID } from "./payment.ts";
import { bookingMates, bookings } from "./schema.ts";
import { worksThen } from "./slots.ts";

export type BookingDeps = { db: Database; events: EventBus; gazetteer: Gazetteer; now?: () => Date };
type BookingRow = typeof bookings.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const nowOf = (deps: BookingDeps) => deps.now?.() ?? new Date();

/** The booking as the API shows it, with its mates and whether it can still be cancelled. */
export async function toBooking(deps: BookingDeps, row: BookingRow): Promise<Booking> {
  const links = await deps.db.select().from(bookingMates).where(eq(bookingMates.bookingId, row.id));
  const mateRows = await matesById(
    deps.db,
    links.map((link) => link.mateId),
  );
  const status = row.status as BookingStatus;
  const { cancellable, reason } = cancellation(row.startAt, status, nowOf(deps));
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
    mates: links.flatMap((link) => {
      const mate = mateRows.find((candidate) => candidate.id === link.mateId);
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
}

async function publishBooking(deps: BookingDeps, row: BookingRow): Promise<Booking> {
  const booking = await toBooking(deps, row);
  await deps.events.publish(row.userId, { type: "booking", data: booking });
  return booking;
}

function requestHash(input: PlaceBooking): string {
  return createHash("sha256")
    .update(JSON.stringify([input.addressId, new Date(input.start).toISOString(), input.paymentMethod]))
    .digest("hex");
}

async function byKey(db: Pick<Database, "select">, userId: string, key: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)));
  return row;
}

function replayOrConflict(row: BookingRow, hash: string): BookingRow {
  if (row.requestHash !== hash) {
    throw new AppError(409, "idempotency_conflict", "This booking request was already used for a different booking.");
  }
  return row;
}

/** Refuses a start that is not one of the day's open starts for this job (past, too soon, too late). */
function checkStart(start: Date, minutes: number, now: Date): Date {
  const day = kolkataDay(start);
  const open = slotTimes(day, minutes, now).find((time) => time.start.getTime() === start.getTime());
  if (!open) throw badRequest("That time cannot be booked any more. Please choose another slot.", "slot_unavailable");
  return open.end;
}

/**
 * Places a booking from the customer's cart in one transaction: the address must be theirs and
 * served, the start one of the open slots; the cart is emptied in the same transaction. The same
 * idempotency key returns the booking it made (a double click or a retry makes one booking). The
 * mate is assigned right after, and the customer's tabs follow over /api/events.
 */
export async function placeBooking(
  deps: BookingDeps,
  userId: string,
  input: PlaceBooking,
): Promise<{ booking: Booking; created: boolean }> {
  const { db } = deps;
  const hash = requestHash(input);
  const earlier = await byKey(db, userId, input.idempotencyKey);
  if (earlier) return { booking: await toBooking(deps, replayOrConflict(earlier, hash)), created: false };

  const address = await findAddress(db, userId, input.addressId);
  if (!isServedAddress(deps.gazetteer, address)) {
    throw new AppError(
      400,
      "unserved_address",
      `Mates is not available in ${address.locality} yet, so this address cannot be booked. Your cart is kept.`,
    );
  }
  const start = new Date(input.start);
  const now = nowOf(deps);
  let created = false;
  const row = await db.transaction(async (tx) => {
    // One customer's bookings one at a time: a double click waits here, then finds the first.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const raced = await byKey(tx, userId, input.idempotencyKey);
    if (raced) return replayOrConflict(raced, hash);
    const cart = await readCart(tx, userId);
    if (cart.items.length === 0) throw badRequest("Your cart is empty. Add a service before booking.", "empty_cart");
    const items = cart.items.map((item) => ({
      service: item.service,
      option: item.option,
      group: item.group,
      durationMinutes: item.durationMinutes,
      serviceTitle: item.serviceTitle,
      optionLabel: item.optionLabel,
      quantity: item.quantity,
      unitPriceRupees: item.unitPriceRupees,
      lineTotalRupees: item.lineTotalRupees,
    }));
    const end = checkStart(start, jobMinutes(jobsOf(items)), now);
    const id = randomUUID();
    await PAYMENT_METHOD_BY_ID[input.paymentMethod].prepare({ id, totalRupees: cart.totalRupees });
    const [inserted] = await tx
      .insert(bookings)
      .values({
        id,
        userId,
        status: "finding",
        startAt: start,
        endAt: end,
        address: {
          label: address.label as Booking["address"]["label"],
          flat: address.flat,
          building: address.building,
          street: address.street,
          locality: address.locality,
          landmark: address.landmark,
          pincode: address.pincode,
          lat: addressPoint(deps.gazetteer, address)?.lat ?? null,
          lon: addressPoint(deps.gazetteer, address)?.lon ?? null,
        },
        items,
        totalRupees: cart.totalRupees,
        paymentMethod: input.paymentMethod,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
      })
      .returning();
    if (!inserted) throw new Error("insert returned nothing");
    await clearCart(tx, userId);
    created = true;
    return inserted;
  });
  if (!created) return { booking: await toBooking(deps, row), created: false };
  await publishCart(db, deps.events, userId);
  const booking = await publishBooking(deps, row);
  return { booking, created: true };
}

function jobsOf(items: Booking["items"]) {
  return jobsByService(items.map((item) => ({ ...item, delivery: item.group === "Nearkart" })));
}

/** Frees the booking's mates and gives it a new status, in the caller's transaction. */
async function releaseMates(tx: Tx, bookingId: string, status: BookingStatus, changes: Partial<BookingRow> = {}) {
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

class Taken extends Error {}

/**
 * Assigns a booking that is finding its mates: for each service, the verified mates with the skill
 * who work then, nearest first and best rated, each tried in turn; a mate's busy cells are inserted
 * under a unique key, so a mate another booking took (even at the same moment) is skipped. When a
 * service finds nobody, the booking is "unassigned" and holds no mate; it is never dropped.
 */
export async function assignBooking(deps: BookingDeps, bookingId: string): Promise<Booking | undefined> {
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

/**
 * Assigns every booking still finding its mates: an assignment runs after the placement's answer,
 * so a server that stopped (or crashed) in between left the booking placed but not yet assigned.
 * The server runs this once at start. Returns how many it took up.
 */
export async function resumeAssignments(deps: BookingDeps): Promise<number> {
  const waiting = await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, "finding"));
  for (const { id } of waiting) await assignBooking(deps, id);
  return waiting.length;
}

async function assignIn(tx: Tx, bookingId: string): Promise<BookingRow | undefined> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (booking?.status !== "finding") return undefined;
  const jobs = jobsOf(booking.items);
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
  return {
    upcoming: await Promise.all(rows.filter((row) => !done(row)).map((row) => toBooking(deps, row))),
    past: await Promise.all(
      rows
        .filter(done)
        .reverse()
        .map((row) => toBooking(deps, row)),
    ),
  };
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
    const end = checkStart(start, jobMinutes(jobsOf(current.items)), nowOf(deps));
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

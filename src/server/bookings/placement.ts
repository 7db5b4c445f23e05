import { createHash, randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type Booking, jobMinutes, jobsByService, type PlaceBooking, slotTimes } from "#domain/booking.ts";
import type { HistoryDetails } from "#domain/booking-history.ts";
import { MESSAGES } from "#domain/constants.ts";
import { CREDIT_REASONS } from "#domain/credit.ts";
import { kolkataDay } from "#domain/kolkata-time.ts";
import { DEFAULT_PAYOUT_SETTINGS, type PayoutSettings } from "#domain/payouts.ts";
import { addressPoint, findAddress, isServedAddress } from "#server/addresses/addresses.ts";
import { lockCustomer } from "#server/auth/users.ts";
import { clearCart, publishCart, readCart } from "#server/cart/cart.ts";
import { type AppDeps, nowOf } from "#server/context.ts";
import { balanceOf, spendCredit } from "#server/credit/ledger.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, badRequest } from "#server/http/errors.ts";
import { requireOnline } from "#server/payments/gateway.ts";
import { holdForPayment } from "#server/payments/hold-expiry.ts";
import { commissionBpFor } from "#server/payouts/commission.ts";
import { scheduleAssignment, scheduleTimedChecks } from "./follow-ups.ts";
import { toBooking } from "./presenter.ts";
import { publishBooking } from "./publish.ts";
import type { BookingRow } from "./schema.ts";
import { bookings, jobs } from "./schema.ts";
import { recordHistory, type Who } from "./transitions.ts";

function requestHash(input: PlaceBooking): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        input.addressId,
        new Date(input.start).toISOString(),
        input.paymentMethod,
        // Only when there is one, so the keys of bookings made before businesses keep their hash.
        ...(input.business ? [input.business] : []),
      ]),
    )
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

/** Four random digits the customer reads out to the mate at the door. */
export function newStartCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, "0");
}

/** Refuses a start that is not one of the day's open starts for this job (past, too soon, too late). */
export function checkStart(start: Date, minutes: number, now: Date): Date {
  const day = kolkataDay(start);
  const open = slotTimes(day, minutes, now).find((time) => time.start.getTime() === start.getTime());
  if (!open) throw badRequest("That time cannot be booked any more. Please choose another slot.", "slot_unavailable");
  return open.end;
}

/**
 * A new booking finding its mates, in the caller's transaction: the row with a new start code, one
 * job per service, "Booked" in its history (with any details), and its assignment and timed checks
 * on the queue. Placing from the cart and free re-work (rework/rework.ts) both start here.
 */
export async function insertBooking(
  tx: Tx,
  values: Omit<typeof bookings.$inferInsert, "status" | "startCode">,
  who: Who,
  now: Date,
  details?: HistoryDetails<"place">,
  noShowAfterMinutes?: number,
  payouts?: PayoutSettings,
): Promise<{ row: BookingRow; jobs: { id: string; service: string }[] }> {
  const [row] = await tx
    .insert(bookings)
    .values({ ...values, status: "finding", startCode: newStartCode() })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  const own = [...jobsByService(row.items).keys()].map((service) => ({ id: randomUUID(), service }));
  // Each job keeps the commission its service had when booked (issue 39): a later change never touches it.
  const rates = await commissionBpFor(
    tx,
    own.map((job) => job.service),
    payouts ?? DEFAULT_PAYOUT_SETTINGS,
  );
  await tx
    .insert(jobs)
    .values(
      own.map((job) => ({ ...job, bookingId: row.id, status: "finding", commissionBp: rates.get(job.service) ?? 0 })),
    );
  await recordHistory(tx, {
    bookingId: row.id,
    who,
    action: "place",
    to: "finding",
    ...(details ? { details } : {}),
    at: now,
  });
  await scheduleAssignment(tx, row.id, now);
  await scheduleTimedChecks(tx, row, noShowAfterMinutes);
  return { row, jobs: own };
}

/**
 * Places a booking from the customer's cart in one transaction: the address must be theirs and
 * served, the start one of the open slots; the cart is emptied in the same transaction. The same
 * idempotency key returns the booking it made (a double click or a retry makes one booking). The
 * mate is assigned right after, and the customer's tabs follow over /api/events.
 */
export async function placeBooking(
  deps: AppDeps,
  userId: string,
  input: PlaceBooking,
): Promise<{ booking: Booking; created: boolean }> {
  const { db } = deps;
  const hash = requestHash(input);
  const earlier = await byKey(db, userId, input.idempotencyKey);
  if (earlier) return { booking: await toBooking(deps, replayOrConflict(earlier, hash)), created: false };

  if (input.paymentMethod === "online") requireOnline(deps.razorpay);
  const address = await findAddress(db, userId, input.addressId);
  if (!isServedAddress(deps.gazetteer, address)) {
    throw new AppError(400, "unserved_address", `${MESSAGES.unservedAddress(address.locality)} Your cart is kept.`);
  }
  const start = new Date(input.start);
  const now = nowOf(deps);
  let created = false;
  const row = await db.transaction(async (tx) => {
    // One customer's bookings one at a time: a double click waits here, then finds the first.
    await lockCustomer(tx, userId);
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
    const end = checkStart(start, jobMinutes(jobsByService(items)), now);
    const id = randomUUID();
    // Mates credit pays first, up to the total (record 058): under the customer's lock, so what
    // is read here is what is spent below, and no other booking of theirs spends it meanwhile.
    const creditRupees = Math.min(await balanceOf(tx, userId, now), cart.totalRupees);
    // "Pay now" holds the booking (and its mate) for 15 minutes until Razorpay says it is paid;
    // a booking the credit pays in full has nothing to pay online.
    const payBy =
      input.paymentMethod === "online" && cart.totalRupees > creditRupees ? await holdForPayment(tx, id, now) : null;
    const { row: inserted } = await insertBooking(
      tx,
      {
        id,
        userId,
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
        creditRupees,
        paymentMethod: input.paymentMethod,
        business: input.business ?? null,
        payBy,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
      },
      { actor: "customer", actorId: userId },
      now,
      undefined,
      deps.noShowAfterMinutes,
      deps.payouts,
    );
    const spent = await spendCredit(
      tx,
      {
        userId,
        bookingId: id,
        wanted: creditRupees,
        reason: CREDIT_REASONS.spent,
        who: { actor: "customer", actorId: userId },
      },
      now,
    );
    if (spent !== creditRupees) {
      throw new AppError(
        409,
        "credit_changed",
        "Your Mates credit changed while booking. Nothing was booked; please try again.",
      );
    }
    await clearCart(tx, userId);
    created = true;
    return inserted;
  });
  if (!created) return { booking: await toBooking(deps, row), created: false };
  await publishCart(db, deps.events, userId);
  const booking = await publishBooking(deps, row);
  return { booking, created: true };
}

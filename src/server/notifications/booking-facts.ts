import { eq } from "drizzle-orm";
import type { Booking } from "#domain/booking.ts";
import type { BookingFacts } from "#domain/notice-texts.ts";
import type { Database } from "#server/db/client.ts";
import { mates } from "#server/mates/schema.ts";

/** What a notice says of a booking and of its mate, read from the booking and the database. */
export function factsOf(booking: Booking): BookingFacts {
  return {
    bookingId: booking.id,
    services: [...new Set(booking.items.map((item) => item.serviceTitle))],
    startAt: new Date(booking.start),
    locality: booking.address.locality,
    totalRupees: booking.totalRupees,
    prepaid: booking.paymentMethod === "online",
    creditRupees: booking.creditRupees,
  };
}

export async function userIdOfMate(
  db: Pick<Database, "select">,
  mateId: string | undefined,
): Promise<string | undefined> {
  if (!mateId) return undefined;
  const [row] = await db.select({ userId: mates.userId }).from(mates).where(eq(mates.id, mateId));
  return row?.userId ?? undefined;
}

/** The mate's name, or undefined: the notice then says "Your mate" in the customer's language. */
export async function mateName(db: Pick<Database, "select">, mateId: string | undefined): Promise<string | undefined> {
  if (!mateId) return undefined;
  const [row] = await db.select({ name: mates.name }).from(mates).where(eq(mates.id, mateId));
  return row?.name;
}

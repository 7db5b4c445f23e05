import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Address, addressInputSchema } from "#domain/address.ts";
import { servedAreaOf } from "#domain/served-area.ts";
import type { Database } from "#server/db/client.ts";
import type { Gazetteer } from "#server/geo/gazetteer.ts";
import { servedAt } from "#server/geo/geo.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import { addresses } from "./schema.ts";

type Input = z.output<typeof addressInputSchema>;
export type AddressRow = typeof addresses.$inferSelect;

export const MAX_ADDRESSES = 20;

/**
 * Spec §9 for an address: with coordinates the server's rule (name and distance); without, the
 * locality's name, then the gazetteer's coordinates for that name.
 */
export function isServedAddress(gazetteer: Gazetteer, row: Pick<AddressRow, "locality" | "lat" | "lon">): boolean {
  if (row.lat !== null && row.lon !== null) return servedAt(gazetteer, row.locality, row.lat, row.lon);
  if (!servedAreaOf(row.locality)) return false;
  const known = gazetteer.byName(row.locality);
  return known ? servedAt(gazetteer, row.locality, known.lat, known.lon) : true;
}

/** Coordinates for an address: its own, or its locality's from the gazetteer. */
export function addressPoint(gazetteer: Gazetteer, row: Pick<AddressRow, "locality" | "lat" | "lon">) {
  if (row.lat !== null && row.lon !== null) return { lat: row.lat, lon: row.lon };
  const known = gazetteer.byName(row.locality);
  return known ? { lat: known.lat, lon: known.lon } : undefined;
}

export function toAddress(gazetteer: Gazetteer, row: AddressRow): Address {
  const { id, label, flat, building, street, locality, landmark, pincode, lat, lon } = row;
  return {
    id,
    label: label as Address["label"],
    flat,
    building,
    street,
    locality,
    landmark,
    pincode,
    lat,
    lon,
    served: isServedAddress(gazetteer, row),
  };
}

const missing = () => notFound("That address is not among your saved addresses.");

export async function listAddresses(db: Database, userId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt));
}

export async function findAddress(db: Pick<Database, "select">, userId: string, id: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw missing();
  return row;
}

export async function createAddress(db: Database, userId: string, input: Input): Promise<AddressRow> {
  const [held] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  if ((held?.n ?? 0) >= MAX_ADDRESSES) {
    throw new AppError(400, "too_many_addresses", `You can save up to ${MAX_ADDRESSES} addresses. Delete one first.`);
  }
  const [row] = await db
    .insert(addresses)
    .values({ id: randomUUID(), userId, ...input, lat: input.lat ?? null, lon: input.lon ?? null })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateAddress(db: Database, userId: string, id: string, input: Input): Promise<AddressRow> {
  const [row] = await db
    .update(addresses)
    .set({ ...input, lat: input.lat ?? null, lon: input.lon ?? null })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw missing();
  return row;
}

export async function deleteAddress(db: Database, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (removed.length === 0) throw missing();
}

import { readFileSync } from "node:fs";
import { and, arrayOverlaps, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Availability, everyDay } from "#domain/availability.ts";
import { shownRating } from "#domain/matching.ts";
import type { Database } from "#server/db/client.ts";
import { ledgerEntries } from "#server/ledger/schema.ts";
import { mates } from "./schema.ts";

const seedSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string().min(2),
    skills: z.array(z.string()).min(1),
    homeLocality: z.string(),
    lat: z.number(),
    lon: z.number(),
    rating: z.number().min(1).max(5),
    jobsDone: z.number().int().nonnegative(),
    /** Shown to customers as "verified since": a date in the future would be a false claim. */
    verifiedAt: z.iso
      .datetime({ offset: true })
      .refine((at) => Date.parse(at) <= Date.now(), "a mate cannot have been verified in the future")
      .nullable(),
    /** The same hours every weekday in the seed; mates change theirs in the mate app. */
    worksFrom: z.number().int(),
    worksUntil: z.number().int(),
    phone: z.string(),
  }),
);

export function readSeedMates() {
  return seedSchema.parse(JSON.parse(readFileSync(new URL("./mates-seed.json", import.meta.url), "utf8")));
}

/** Seeds the mates when there are none (first start); afterwards the database is the truth. */
export async function seedMates(db: Database, seed = readSeedMates()): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(mates);
    if ((existing?.n ?? 0) > 0) return 0;
    const rows = await tx
      .insert(mates)
      .values(
        seed.map(({ worksFrom, worksUntil, ...mate }) => ({
          ...mate,
          ratingBefore: mate.rating,
          weeklyHours: everyDay(worksFrom, worksUntil),
          verifiedAt: mate.verifiedAt ? new Date(mate.verifiedAt) : null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: mates.id });
    return rows.length;
  });
}

export type MateRow = typeof mates.$inferSelect;

/**
 * Verified mates who do any of these services (unverified and suspended ones are never candidates).
 * With a dues limit, mates who owe Mates more than it are left out too: their new jobs are paused
 * until they pay (issue 39). Their balances are summed in the same query, from the mate's entries.
 */
export function verifiedMatesFor(
  db: Pick<Database, "select">,
  services: string[],
  duesLimitPaise?: number,
): Promise<MateRow[]> {
  // The mate account is credit-normal: the sum of its entries is what the mate owes, negated.
  const owesWithinLimit =
    duesLimitPaise === undefined
      ? undefined
      : sql`coalesce((select sum(${ledgerEntries.amountPaise}) from ${ledgerEntries} where ${ledgerEntries.account} = 'mate' and ${ledgerEntries.mateId} = ${mates.id}), 0) <= ${duesLimitPaise}`;
  return db
    .select()
    .from(mates)
    .where(
      and(
        isNotNull(mates.verifiedAt),
        isNull(mates.suspendedAt),
        arrayOverlaps(mates.skills, services),
        owesWithinLimit,
      ),
    );
}

export function matesById(db: Pick<Database, "select">, ids: string[]): Promise<MateRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(mates).where(inArray(mates.id, ids));
}

/** A mate's own fields as the mate app and the console show them (dates as ISO strings). */
export function mateFields(mate: MateRow) {
  return {
    id: mate.id,
    name: mate.name,
    skills: mate.skills,
    homeLocality: mate.homeLocality,
    rating: shownRating(mate.rating),
    jobsDone: mate.jobsDone,
    verifiedAt: mate.verifiedAt?.toISOString() ?? null,
    suspendedAt: mate.suspendedAt?.toISOString() ?? null,
  };
}

/** Sets a mate's weekly hours and days off (each day once, in order); customers' slots follow at once. */
export async function setAvailability(db: Database, mateId: string, input: Availability): Promise<Availability> {
  const daysOff = [...new Set(input.daysOff)].sort();
  await db.update(mates).set({ weeklyHours: input.weeklyHours, daysOff }).where(eq(mates.id, mateId));
  return { weeklyHours: input.weeklyHours, daysOff };
}

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .slice(0, 2)
    .join("");
}

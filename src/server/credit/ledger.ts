import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { creditBalance, creditExpiry, spendPlan } from "#domain/credit.ts";
import { bookings } from "#server/bookings/schema.ts";
import type { Who } from "#server/bookings/transitions.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { postCreditGranted, postCreditMove } from "#server/ledger/postings.ts";
import { creditGrants, creditSpends } from "./schema.ts";

/*
 * The credit ledger (issue 38): every grant and every movement of one is a row written in the
 * transaction of the change that caused it (a resolution, a rescue, a booking placed or cancelled).
 * A grant's `left_rupees` changes only here, under its row lock, so two bookings placed at once
 * cannot spend the same rupee, and the table's check keeps it from going below zero.
 */

export type Grant = {
  userId: string;
  rupees: number;
  reason: string;
  bookingId?: string | undefined;
  caseId?: string | undefined;
  /** The mate an operator charged it to, and why (the ledger debits the mate instead of Mates). */
  chargedTo?: { mateId: string; reason: string } | undefined;
  who: Who;
};

/** Gives a customer credit, valid for 365 days from now. */
export async function grantCredit(tx: Tx, grant: Grant, now: Date) {
  const [row] = await tx
    .insert(creditGrants)
    .values({
      id: randomUUID(),
      userId: grant.userId,
      rupees: grant.rupees,
      leftRupees: grant.rupees,
      reason: grant.reason,
      grantedAt: now,
      expiresAt: creditExpiry(now),
      bookingId: grant.bookingId ?? null,
      caseId: grant.caseId ?? null,
      actor: grant.who.actor,
      actorId: grant.who.actorId ?? null,
    })
    .returning();
  if (!row) throw new Error("the credit was not granted");
  await postCreditGranted(tx, { ...row, chargedTo: grant.chargedTo }, grant.who, now);
  return row;
}

/** The customer's grants not yet expired with something left, the first to expire first. */
async function liveGrants(db: Pick<Tx, "select">, userId: string, now: Date) {
  return db
    .select()
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), gt(creditGrants.expiresAt, now), gt(creditGrants.leftRupees, 0)))
    .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.id));
}

/** What the customer may spend now, in whole rupees. */
export async function balanceOf(db: Pick<Database, "select">, userId: string, now: Date): Promise<number> {
  return creditBalance(await liveGrants(db, userId, now), now);
}

/**
 * Spends up to `wanted` rupees of the customer's credit on a booking, oldest grant first, under the
 * grants' row locks; returns what was spent (less than wanted when the balance is smaller).
 */
export async function spendCredit(
  tx: Tx,
  spend: { userId: string; bookingId: string; wanted: number; reason: string; who: Who },
  now: Date,
): Promise<number> {
  if (spend.wanted <= 0) return 0;
  const grants = await tx
    .select()
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, spend.userId), gt(creditGrants.expiresAt, now), gt(creditGrants.leftRupees, 0)))
    .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.id))
    .for("update");
  let spent = 0;
  for (const step of spendPlan(grants, spend.wanted, now)) {
    const grant = grants.find((row) => row.id === step.grantId);
    if (!grant) continue;
    await tx
      .update(creditGrants)
      .set({ leftRupees: grant.leftRupees - step.rupees })
      .where(eq(creditGrants.id, grant.id));
    const moveId = randomUUID();
    await tx.insert(creditSpends).values({
      id: moveId,
      grantId: grant.id,
      userId: spend.userId,
      bookingId: spend.bookingId,
      rupees: step.rupees,
      reason: spend.reason,
      at: now,
      actor: spend.who.actor,
      actorId: spend.who.actorId ?? null,
    });
    await postCreditMove(tx, { id: moveId, bookingId: spend.bookingId, rupees: step.rupees }, spend.who, now);
    spent += step.rupees;
  }
  return spent;
}

/**
 * Gives back to their grants what a booking spent (it was cancelled), each rupee to the grant it
 * came from, keeping that grant's expiry; returns the rupees given back. The booking's
 * `credit_rupees` becomes 0 in the same transaction, so it always equals what its moves net to.
 * Called twice, the second call finds nothing left to give.
 */
export async function giveBackCredit(tx: Tx, bookingId: string, reason: string, who: Who, now: Date): Promise<number> {
  const moves = await tx.select().from(creditSpends).where(eq(creditSpends.bookingId, bookingId));
  const owed = new Map<string, { userId: string; rupees: number }>();
  for (const move of moves) {
    const entry = owed.get(move.grantId) ?? { userId: move.userId, rupees: 0 };
    entry.rupees += move.rupees;
    owed.set(move.grantId, entry);
  }
  let given = 0;
  for (const [grantId, { userId, rupees }] of owed) {
    if (rupees <= 0) continue;
    const [grant] = await tx.select().from(creditGrants).where(eq(creditGrants.id, grantId)).for("update");
    if (!grant) continue;
    await tx
      .update(creditGrants)
      .set({ leftRupees: grant.leftRupees + rupees })
      .where(eq(creditGrants.id, grantId));
    const moveId = randomUUID();
    await tx.insert(creditSpends).values({
      id: moveId,
      grantId,
      userId,
      bookingId,
      rupees: -rupees,
      reason,
      at: now,
      actor: who.actor,
      actorId: who.actorId ?? null,
    });
    await postCreditMove(tx, { id: moveId, bookingId, rupees: -rupees }, who, now);
    given += rupees;
  }
  if (given > 0) await tx.update(bookings).set({ creditRupees: 0 }).where(eq(bookings.id, bookingId));
  return given;
}

import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { PayoutDestination, PayoutDestinationInput } from "#domain/payout-destination.ts";
import { maskAccount, maskUpi, type PayoutSettings } from "#domain/payouts.ts";
import { users } from "#server/auth/schema.ts";
import { mateOfUser } from "#server/bookings/job-steps.ts";
import { nowOf, payoutSettingsOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { mates } from "#server/mates/schema.ts";
import { queueMail } from "#server/notifications/deliver.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { destinationChangedMail } from "./destination-mail.ts";
import { type PayoutDeps, razorpayXOf } from "./payout-deps.ts";
import { destinationRefusal } from "./razorpayx.ts";
import { payoutDestinations } from "./schema.ts";

/*
 * Where a mate is paid (issue 39, record 064). The details go to RazorpayX (a contact per mate,
 * made once, and a fund account per destination); here only their masked form, the IFSC and
 * RazorpayX's ids are kept. A new destination replaces the old in one transaction with its audit
 * entry and the mail that tells the mate, and holds their next payout for a while.
 */

const HOUR = 3_600_000;

/** When a destination added at `addedAt` stops holding payouts. */
export const destinationHeldUntil = (addedAt: Date, settings: Pick<PayoutSettings, "destinationHoldHours">) =>
  new Date(addedAt.getTime() + settings.destinationHoldHours * HOUR);

/** Whether a destination added at `addedAt` still holds the mate's payouts at `now` (the run skips them). */
export const destinationHeld = (
  addedAt: Date,
  now: Date,
  settings: Pick<PayoutSettings, "destinationHoldHours">,
): boolean => now < destinationHeldUntil(addedAt, settings);

type DestinationRow = typeof payoutDestinations.$inferSelect;

/** The mate's active destination, if any. */
export async function activeDestination(
  db: Pick<Database, "select">,
  mateId: string,
): Promise<DestinationRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutDestinations)
    .where(and(eq(payoutDestinations.mateId, mateId), isNull(payoutDestinations.replacedAt)));
  return row;
}

function present(row: DestinationRow, now: Date, settings: Pick<PayoutSettings, "destinationHoldHours">) {
  const until = destinationHeldUntil(row.addedAt, settings);
  return {
    kind: row.kind as PayoutDestination["kind"],
    holderName: row.holderName,
    masked: row.masked,
    ifsc: row.ifsc,
    addedAt: row.addedAt.toISOString(),
    heldUntil: until > now ? until.toISOString() : null,
  } satisfies PayoutDestination;
}

/** GET /api/mate/payout-destination. */
export async function mateDestination(deps: PayoutDeps, userId: string): Promise<PayoutDestination | null> {
  const mate = await mateOfUser(deps.db, userId);
  const row = await activeDestination(deps.db, mate.id);
  return row ? present(row, nowOf(deps), payoutSettingsOf(deps)) : null;
}

/** PUT /api/mate/payout-destination: RazorpayX first (nothing kept if it refuses), then one transaction here. */
export async function setMateDestination(
  deps: PayoutDeps,
  userId: string,
  input: PayoutDestinationInput,
): Promise<PayoutDestination> {
  const mate = await mateOfUser(deps.db, userId);
  const { client } = razorpayXOf(deps);
  const [account] = await deps.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  // One RazorpayX contact per mate: the one their earlier destinations named, else a new one.
  const [earlier] = await deps.db
    .select({ contactId: payoutDestinations.contactId })
    .from(payoutDestinations)
    .where(eq(payoutDestinations.mateId, mate.id))
    .orderBy(desc(payoutDestinations.addedAt))
    .limit(1);
  let contactId = earlier?.contactId;
  let fundAccountId: string;
  try {
    contactId ??= (
      await client.createContact({
        name: mate.name.slice(0, 50).padEnd(3, "."),
        ...(account?.email ? { email: account.email } : {}),
        referenceId: mate.id.slice(0, 40),
      })
    ).id;
    fundAccountId = (
      await client.createFundAccount(
        contactId,
        input.kind === "bank_account"
          ? { kind: "bank_account", holderName: input.holderName, accountNumber: input.accountNumber, ifsc: input.ifsc }
          : { kind: "vpa", upiId: input.upiId },
      )
    ).id;
  } catch (error) {
    deps.logger.warn({ err: error, mateId: mate.id }, "RazorpayX did not take a payout destination");
    throw destinationRefusal(error);
  }
  const now = nowOf(deps);
  const settings = payoutSettingsOf(deps);
  const values = {
    id: randomUUID(),
    mateId: mate.id,
    kind: input.kind,
    holderName: input.kind === "bank_account" ? input.holderName : mate.name,
    masked: input.kind === "bank_account" ? maskAccount(input.accountNumber.slice(-4)) : maskUpi(input.upiId),
    ifsc: input.kind === "bank_account" ? input.ifsc : null,
    contactId,
    fundAccountId,
    addedAt: now,
    addedBy: userId,
  };
  const row = await deps.db.transaction(async (tx) => {
    // The mate's row, locked: two changes at once replace one after the other.
    await tx.select({ id: mates.id }).from(mates).where(eq(mates.id, mate.id)).for("update");
    const [before] = await tx
      .update(payoutDestinations)
      .set({ replacedAt: now })
      .where(and(eq(payoutDestinations.mateId, mate.id), isNull(payoutDestinations.replacedAt)))
      .returning();
    const [made] = await tx.insert(payoutDestinations).values(values).returning();
    if (!made) throw new Error("the destination was not stored");
    await recordAudit(tx, {
      actorId: userId,
      action: "payout_destination.changed",
      subjectType: "mate",
      subjectId: mate.id,
      before: before ? { kind: before.kind, masked: before.masked, ifsc: before.ifsc } : null,
      after: { kind: made.kind, masked: made.masked, ifsc: made.ifsc, fundAccountId: made.fundAccountId },
      at: now,
    });
    if (account?.email) {
      const until = destinationHeldUntil(now, settings);
      await queueMail(
        tx,
        `payout-destination:${made.id}`,
        "payout_destination_changed",
        destinationChangedMail({ email: account.email, locale: account.locale }, mate.name, made, until),
        now,
      );
    }
    return made;
  });
  deps.queue?.poke();
  return present(row, now, settings);
}

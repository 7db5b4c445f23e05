import { and, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { formatAddress } from "#domain/address.ts";
import { addresses } from "#server/addresses/schema.ts";
import { inviteOperatorIn, operatorInvitationMailFor } from "#server/auth/invitations.ts";
import type { Revocations } from "#server/auth/revocation.ts";
import { sessions, users } from "#server/auth/schema.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { AppError, notFound } from "#server/http/errors.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { recordAudit } from "./audit.ts";
import { bookingRowsOfCustomer } from "./ops-bookings.ts";

/** The operators' view of people (issue 16): customers to look up, disable and enable; operators. */

export type PeopleDeps = {
  db: Database;
  revocations: Revocations;
  mailer: Mailer;
  appOrigin: string;
  isServed: (row: typeof addresses.$inferSelect) => boolean;
  now?: () => Date;
};

type UserRow = typeof users.$inferSelect;
function customerOf(row: UserRow) {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/** Customers by name, e-mail, mobile or key; 50 at most, newest first. */
export async function searchCustomers(db: Database, q: string | undefined) {
  const like = `%${(q ?? "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const mobile = (q ?? "").replace(/[\s-]/g, "").replace(/^(\+91|0091|0)/, "");
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, "customer"),
        q
          ? or(
              ilike(users.name, like),
              ilike(users.email, like),
              ilike(users.key, like),
              mobile ? ilike(users.mobile, `%${mobile}%`) : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(50);
  return rows.map(customerOf);
}

async function customerRow(db: Pick<Database, "select">, id: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "customer")));
  if (!row) throw notFound("There is no such customer.");
  return row;
}

export async function customerDetail(deps: PeopleDeps, id: string) {
  const row = await customerRow(deps.db, id);
  const [bookingRows, addressRows] = await Promise.all([
    bookingRowsOfCustomer(deps.db, id),
    deps.db.select().from(addresses).where(eq(addresses.userId, id)),
  ]);
  return {
    ...customerOf(row),
    bookings: bookingRows,
    addresses: addressRows.map((address) => ({
      id: address.id,
      label: address.label,
      line: formatAddress(address),
      served: deps.isServed(address),
    })),
  };
}

/**
 * Disables a customer's account: it cannot sign in, its sessions are deleted, and every instance
 * refuses the cookies that still vouch for them and closes their live streams (revocation.ts).
 */
export async function disableCustomer(deps: PeopleDeps, operatorId: string, id: string, reason: string) {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const row = await customerRow(tx, id);
    if (row.disabledAt) throw new AppError(409, "already_disabled", "This account is already disabled.");
    await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "customer.disable",
      subjectType: "customer",
      subjectId: id,
      before: { disabledAt: null },
      after: { disabledAt: now.toISOString(), sessionsEnded: ended.length },
      reason,
      at: now,
    });
  });
  await deps.revocations.revoke(id);
  return customerDetail(deps, id);
}

export async function enableCustomer(deps: PeopleDeps, operatorId: string, id: string, reason: string) {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const row = await customerRow(tx, id);
    if (!row.disabledAt) throw new AppError(409, "not_disabled", "This account is not disabled.");
    await tx.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: operatorId,
      action: "customer.enable",
      subjectType: "customer",
      subjectId: id,
      before: { disabledAt: row.disabledAt.toISOString() },
      after: { disabledAt: null },
      reason,
      at: now,
    });
  });
  return customerDetail(deps, id);
}

/** The operations team: who, since when, and whether they have chosen a password yet. */
export async function listOperators(db: Database) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      active: sql<boolean>`exists (select 1 from accounts a where a.user_id = ${users.id} and a.password is not null)`,
    })
    .from(users)
    .where(and(eq(users.role, "operator"), isNull(users.disabledAt)))
    .orderBy(users.createdAt);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Invites another operator (the first comes from `npm run ops -- create-operator`). */
export async function inviteOperator(deps: PeopleDeps, operatorId: string, email: string) {
  const now = nowOf(deps);
  const invitation = await deps.db.transaction(async (tx) => {
    const made = await inviteOperatorIn(tx, email, now).catch((error: unknown) => {
      throw error instanceof Error && error.name === "InvitationError"
        ? new AppError(409, "email_taken", error.message)
        : error;
    });
    await recordAudit(tx, {
      actorId: operatorId,
      action: "operator.invite",
      subjectType: "operator",
      subjectId: made.userId,
      before: made.existing ? { invited: true } : null,
      after: { email: made.email, expiresAt: made.expiresAt.toISOString() },
      at: now,
    });
    return made;
  });
  await deps.mailer.send(operatorInvitationMailFor(deps.appOrigin, invitation));
  return listOperators(deps.db);
}

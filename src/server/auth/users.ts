import { eq, like, or, sql } from "drizzle-orm";
import type { Business } from "#domain/gstin.ts";
import type { UserRecord } from "#domain/user.ts";
import { userKeyBase, userKeyCandidate } from "#domain/user-key.ts";
import type { Database } from "#server/db/client.ts";
import { pushSubscriptions } from "#server/notifications/schema.ts";
import { userKeyClaims, users } from "./schema.ts";

/**
 * How many claims one key may lose to others before giving up: each loss is another person with the
 * same name and month taking that key in the same instant, so this is never reached in practice.
 */
const CLAIM_ATTEMPTS = 1000;

/**
 * The first free key for a new user (spec §3): the name-and-month key, or the same with the next
 * numeric suffix when somebody else already holds it. The key is claimed in user_key_claims before it
 * is returned (record 080): Better Auth writes the user later, outside this call, so reading the taken
 * keys alone let two sign-ups racing for one name pick the same key and the unique index refuse one.
 * The claim's primary key decides instead: the loser of a race moves on to the next suffix. Called
 * outside a transaction the claim commits at once; inside one, a racing claim of the same key waits
 * for that transaction and takes the next key if it commits. A claim whose user is never written
 * (the sign-up failed after it) only leaves a suffix unused.
 */
export async function nextUserKey(
  db: Pick<Database, "select" | "insert">,
  fullName: string | null | undefined,
  at: Date,
): Promise<string> {
  const base = userKeyBase(fullName, at);
  const suffixed = `${base.replace(/[\\%_]/g, "\\$&")}-%`;
  // Users too, not only claims: an instance of the previous release still writes users without a
  // claim while a rolling release is under way, and so do tests and scripts that insert users.
  const taken = await db
    .select({ key: users.key })
    .from(users)
    .where(or(eq(users.key, base), like(users.key, suffixed)))
    .union(
      db
        .select({ key: userKeyClaims.key })
        .from(userKeyClaims)
        .where(or(eq(userKeyClaims.key, base), like(userKeyClaims.key, suffixed))),
    );
  const keys = new Set(taken.map((row) => row.key));
  let n = 1;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    while (keys.has(userKeyCandidate(base, n))) n++;
    const key = userKeyCandidate(base, n);
    const claimed = await db.insert(userKeyClaims).values({ key }).onConflictDoNothing().returning();
    if (claimed.length > 0) return key;
    keys.add(key);
  }
  throw new Error(`could not claim a user key for ${base} after ${CLAIM_ATTEMPTS} attempts`);
}

type UserRow = typeof users.$inferSelect;

export function toUserRecord(row: UserRow): UserRecord {
  return {
    uid: row.key,
    fullName: row.name,
    email: row.email,
    mobile: row.mobile,
    photoURL: row.photoURL,
    role: row.role,
    fcmToken: row.fcmToken,
    createdAt: row.createdAt.toISOString(),
    zone: row.zone,
    phoneNumber: row.phoneNumber,
    phoneNumberVerified: row.phoneNumberVerified,
  };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A person's record as /api/me answers it, or undefined when the account is gone. Its fcmToken is
 * "this device's push token" (record 036): the subscription made in this sign-in (`sessionId`).
 */
export async function ownRecord(
  db: Database,
  id: string,
  sessionId: string | undefined,
): Promise<UserRecord | undefined> {
  const row = await findUserById(db, id);
  if (!row) return undefined;
  const [device] = sessionId
    ? await db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.sessionId, sessionId))
    : [];
  return { ...toUserRecord(row), fcmToken: device?.endpoint ?? "" };
}

/**
 * Indexed, case-insensitive e-mail lookup (users_email_lower_key, which leaves out the empty address
 * of accounts made by phone: the query names that condition so the index applies).
 */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()} and ${users.email} <> ''`)
    .limit(1);
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: { fullName?: string | undefined; mobile?: string | undefined },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...(changes.fullName !== undefined ? { name: changes.fullName } : {}),
      ...(changes.mobile !== undefined ? { mobile: changes.mobile } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Locks the customer's user row until the caller's transaction ends: one customer's cart writes
 * and bookings then run one at a time (two tabs adding at once cannot pass the item limit; a double
 * click on "Confirm" waits for the first booking and finds it).
 */
export async function lockCustomer(tx: Pick<Database, "select">, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** The business a customer keeps in their profile for their invoices (issue 36), or null. */
export async function customerBusiness(db: Pick<Database, "select">, id: string): Promise<Business | null> {
  const [row] = await db
    .select({ gstin: users.businessGstin, legalName: users.businessLegalName })
    .from(users)
    .where(eq(users.id, id));
  return row?.gstin && row.legalName ? { gstin: row.gstin, legalName: row.legalName } : null;
}

/** Keeps a business in the customer's profile, or forgets it (null). */
export async function setCustomerBusiness(db: Database, id: string, business: Business | null): Promise<void> {
  await db
    .update(users)
    .set({
      businessGstin: business?.gstin ?? null,
      businessLegalName: business?.legalName ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

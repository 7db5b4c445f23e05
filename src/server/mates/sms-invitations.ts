import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { INVITATION } from "#domain/auth.ts";
import {
  digitsOfShown,
  MATE_JOIN,
  type MatePhoneNumber,
  type SmsInvitation,
  shownNumber,
} from "#domain/mate-sms-invitation.ts";
import { applications } from "#server/applications/schema.ts";
import type { Revocations } from "#server/auth/revocation.ts";
import { sessions, users, verifications } from "#server/auth/schema.ts";
import { nextUserKey } from "#server/auth/users.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError, isPhoneNumberTaken, notFound, phoneNumberTaken } from "#server/http/errors.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { type SmsSender, SmsUnavailable } from "#server/sms/sms.ts";
import { mates } from "./schema.ts";

/**
 * Mates invited by SMS (issue 41, record 073): the operator's invitation and change of number, and
 * the link's token. The mate's account carries the number as its phone sign-in number from the
 * invitation on (unverified until the first code), so the number is the mate's: a customer can
 * neither sign up with it (the phone sign-in signs the mate in) nor add it to their account.
 */

export type SmsInvitationDeps = { db: Database; sms: SmsSender; appOrigin: string; now?: () => Date };

const PREFIX = "mate-sms-invitation:";
const DAY_MS = 86_400_000;

/** The link of an SMS invitation. */
export function joinLink(appOrigin: string, token: string): string {
  return `${appOrigin}${MATE_JOIN.path}?${MATE_JOIN.param}=${token}`;
}

async function lockMate(tx: Tx, id: string) {
  const [mate] = await tx.select().from(mates).where(eq(mates.id, id)).for("update");
  if (!mate) throw notFound("There is no such mate.");
  const [account] = mate.userId ? await tx.select().from(users).where(eq(users.id, mate.userId)) : [];
  return { mate, account };
}

/** Refuses a number another account signs in with: one number, one account. */
async function refuseTaken(tx: Tx, phoneNumber: string, ownId: string | undefined) {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), ownId ? ne(users.id, ownId) : undefined));
  if (other) throw phoneNumberTaken();
}

/** Another write took the number between the check above and this one's write: the same 409. */
function takenMeanwhile(error: unknown): never {
  throw isPhoneNumberTaken(error) ? phoneNumberTaken() : error;
}

/**
 * The number an invitation goes to unless the operator gives one: the account's sign-in number,
 * else the mate's shown number (their application's mobile from the verification on, or the
 * seeded one, until an operator changes it), else the one on the mate's verified application.
 */
export async function suggestedNumber(
  db: Pick<Database, "select">,
  mate: { id: string; phone: string | null },
  account: { phoneNumber: string | null } | undefined,
): Promise<string | null> {
  if (account?.phoneNumber) return account.phoneNumber;
  const shown = digitsOfShown(mate.phone);
  if (shown) return shown;
  const [application] = await db
    .select({ mobile: applications.mobile })
    .from(applications)
    .where(and(eq(applications.mateId, mate.id), eq(applications.status, "verified")));
  return digitsOfShown(application?.mobile) ?? null;
}

/** A number's 10 digits in SQL, from a shown number ("+91 98200 12603") or the digits themselves. */
const digitsIn = (column: AnyPgColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/**
 * Whether a number is a mate's (their shown number, or the one on their verified application while
 * no account of theirs signs in with a number) and no account signs in with it yet: nobody but the
 * mate, invited by SMS, may take it (issue 41: a mate's number is the one on their application).
 */
export async function isUnclaimedMateNumber(db: Pick<Database, "select">, phoneNumber: string): Promise<boolean> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  if (account) return false;
  const forms = [phoneNumber, `91${phoneNumber}`];
  const [mate] = await db
    .select({ id: mates.id })
    .from(mates)
    .leftJoin(users, eq(users.id, mates.userId))
    .leftJoin(applications, and(eq(applications.mateId, mates.id), eq(applications.status, "verified")))
    .where(
      or(
        inArray(digitsIn(mates.phone), forms),
        and(isNull(users.phoneNumber), inArray(digitsIn(applications.mobile), forms)),
      ),
    )
    .limit(1);
  return Boolean(mate);
}

/**
 * Invites a mate by SMS, in one transaction with its audit record (an operator's; the command line's,
 * like its e-mail invitation, has none: `operatorId` null): the mate's account (made now with
 * no e-mail address and no password, or the one an e-mail invitation made) gets the number as its
 * sign-in number, and a link that works once for INVITATION.days. The SMS goes after the commit; if
 * the provider fails the operator is told (503) and may send again (a new link).
 */
export async function inviteMateBySms(
  deps: SmsInvitationDeps,
  operatorId: string | null,
  mateId: string,
  input: SmsInvitation,
): Promise<{ phoneNumber: string; link: string }> {
  const now = deps.now?.() ?? new Date();
  const { phoneNumber, token } = await deps.db
    .transaction(async (tx) => {
      const { mate, account } = await lockMate(tx, mateId);
      const number = input.phoneNumber ?? (await suggestedNumber(tx, mate, account));
      if (!number) throw new AppError(400, "no_phone_number", `There is no mobile number for ${mate.name}: give one.`);
      if (account?.phoneNumber && account.phoneNumber !== number) {
        throw new AppError(
          409,
          "phone_number_differs",
          `${mate.name} signs in with ${shownNumber(account.phoneNumber)}: change their number first.`,
        );
      }
      await refuseTaken(tx, number, account?.id);
      let userId = account?.id;
      if (!userId) {
        userId = randomUUID();
        await tx.insert(users).values({
          id: userId,
          name: mate.name,
          email: "",
          key: await nextUserKey(tx, mate.name, now),
          mobile: number,
          phoneNumber: number,
          role: "mate",
          createdAt: now,
          updatedAt: now,
        });
      } else if (!account?.phoneNumber) {
        await tx.update(users).set({ phoneNumber: number, updatedAt: now }).where(eq(users.id, userId));
      }
      await tx
        .update(mates)
        .set({ userId, phone: shownNumber(number) })
        .where(eq(mates.id, mateId));
      const made = { phoneNumber: number, token: randomBytes(18).toString("base64url") };
      const until = new Date(now.getTime() + INVITATION.days * DAY_MS);
      await tx.insert(verifications).values({
        id: randomUUID(),
        identifier: `${PREFIX}${made.token}`,
        value: userId,
        expiresAt: until,
        createdAt: now,
        updatedAt: now,
      });
      if (operatorId) {
        await recordAudit(tx, {
          actorId: operatorId,
          action: "mate.sms_invite",
          subjectType: "mate",
          subjectId: mateId,
          before: { phoneNumber: account?.phoneNumber ?? null, account: account ? "existing" : null },
          after: { phoneNumber: number, expiresAt: until.toISOString() },
          at: now,
        });
      }
      return made;
    })
    .catch(takenMeanwhile);
  const link = joinLink(deps.appOrigin, token);
  try {
    await deps.sms.sendInvitation({ phoneNumber, token, link, days: INVITATION.days });
  } catch (error) {
    if (!(error instanceof SmsUnavailable)) throw error;
    // The link nobody received is withdrawn; the operator sends again.
    await deps.db.delete(verifications).where(eq(verifications.identifier, `${PREFIX}${token}`));
    throw new AppError(503, "sms_unavailable", "We could not send the SMS. Please try again.");
  }
  return { phoneNumber, link };
}

/**
 * An operator changes the number a mate signs in with (a mate cannot), audited with who, when, the
 * old and the new number and why. The old number no longer signs in as the mate, and the mate's
 * sessions end at once, on every instance (the usual reason is a lost or stolen phone, as when an
 * account is disabled); the new number is verified by the mate's next code.
 */
export async function changeMatePhoneNumber(
  deps: Pick<SmsInvitationDeps, "db" | "now"> & { revocations: Revocations },
  operatorId: string,
  mateId: string,
  input: MatePhoneNumber,
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const signedOut = await deps.db
    .transaction(async (tx) => {
      const { mate, account } = await lockMate(tx, mateId);
      const old = account ? account.phoneNumber : (digitsOfShown(mate.phone) ?? null);
      if (old === input.phoneNumber) {
        throw new AppError(400, "same_phone_number", `${shownNumber(input.phoneNumber)} is already their number.`);
      }
      await refuseTaken(tx, input.phoneNumber, account?.id);
      let ended: unknown[] = [];
      if (account) {
        await tx
          .update(users)
          .set({
            phoneNumber: input.phoneNumber,
            phoneNumberVerified: false,
            mobile: input.phoneNumber,
            updatedAt: now,
          })
          .where(eq(users.id, account.id));
        // A code asked for the old number is no way in any more.
        await tx.delete(verifications).where(eq(verifications.identifier, `phone-number-otp-${old ?? ""}`));
        ended = await tx.delete(sessions).where(eq(sessions.userId, account.id)).returning({ id: sessions.id });
      }
      await tx
        .update(mates)
        .set({ phone: shownNumber(input.phoneNumber) })
        .where(eq(mates.id, mateId));
      await recordAudit(tx, {
        actorId: operatorId,
        action: "mate.phone_number",
        subjectType: "mate",
        subjectId: mateId,
        before: { phoneNumber: old },
        after: { phoneNumber: input.phoneNumber, sessionsEnded: ended.length },
        reason: input.reason,
        at: now,
      });
      return account?.id;
    })
    .catch(takenMeanwhile);
  if (signedOut) await deps.revocations.revoke(signedOut);
}

/** The invited mate of a link in time and unused: their account, name and number. */
export async function joinInvitationOf(db: Database, token: string, now: Date) {
  const [found] = await db
    .select({ userId: users.id, name: users.name, phoneNumber: users.phoneNumber })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(
        eq(verifications.identifier, `${PREFIX}${token}`),
        gt(verifications.expiresAt, now),
        eq(users.role, "mate"),
        isNull(users.disabledAt),
        sql`${users.phoneNumber} is not null`,
      ),
    )
    .limit(1);
  return found?.phoneNumber ? { ...found, phoneNumber: found.phoneNumber } : undefined;
}

/** Uses a link up: true if it was there to use (two tabs cannot both use it). */
export async function spendJoinInvitation(db: Database, token: string): Promise<boolean> {
  const gone = await db
    .delete(verifications)
    .where(eq(verifications.identifier, `${PREFIX}${token}`))
    .returning({ id: verifications.id });
  return gone.length > 0;
}

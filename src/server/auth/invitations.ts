import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { INVITATION } from "#domain/auth.ts";
import type { Locale } from "#domain/i18n/locales.ts";
import type { AcceptInvitation } from "#domain/invitation.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError } from "#server/http/errors.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { mates } from "#server/mates/schema.ts";
import type { Auth } from "./auth.ts";
import { authAnswer } from "./auth-errors.ts";
import { localeOfUser } from "./language-routes.ts";
import { mateInvitationMail, operatorInvitationMail } from "./mails.ts";
import { users, verifications } from "./schema.ts";
import { nextUserKey, updateUser } from "./users.ts";

/** How long an invitation link works (a reset link works one hour). */
export const INVITATION_DAYS = INVITATION.days;

export class InvitationError extends Error {
  override name = "InvitationError";
}

const emailSchema = z.email("That is not an e-mail address.");

/** A sign-in made by invitation: its user and the link that sets its password. */
export type Invitation = { userId: string; email: string; token: string; expiresAt: Date };

/**
 * The account half of an invitation, inside the caller's transaction: the user with that role (made
 * now, or already there with the same role) and a link that sets its password. It uses the password
 * reset's own machinery (a Better Auth verification `reset-password:<token>` holding the user id;
 * resetting creates the credential account), with a longer validity. An address that belongs to an
 * account of another role is refused: nobody's role is changed by an invitation.
 */
export async function inviteAccount(
  tx: Tx,
  input: { email: string; name: string; role: "mate" | "operator"; now: Date },
): Promise<Invitation & { existing: boolean }> {
  const parsed = emailSchema.safeParse(input.email.trim().toLowerCase());
  if (!parsed.success) throw new InvitationError(`${input.email} is not an e-mail address.`);
  const email = parsed.data;
  const { now, role } = input;
  const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing && existing.role !== role) {
    throw new InvitationError(`${email} already belongs to a ${existing.role} account; use another address.`);
  }
  const userId = existing?.id ?? randomUUID();
  if (!existing) {
    await tx.insert(users).values({
      id: userId,
      name: input.name,
      email,
      emailVerified: false,
      key: await nextUserKey(tx, input.name, now),
      role,
      createdAt: now,
      updatedAt: now,
    });
  }
  const token = randomBytes(18).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  return { userId, email, token, expiresAt, existing: Boolean(existing) };
}

/** The page an invitation's link opens: it sets the password, then signs in. */
export function invitationLink(appOrigin: string, token: string): string {
  return `${appOrigin}/reset-password?token=${encodeURIComponent(token)}&${INVITATION.param}=1`;
}

/**
 * Links a mate's row to an invited account inside the caller's transaction (issue 14; issue 16's
 * verification calls it for the mate it has just made). A mate already linked to another address,
 * or an address that is already another mate's, is refused. Send `mateInvitationMailFor` after the
 * transaction commits.
 */
export async function inviteMateIn(tx: Tx, mateId: string, email: string, now: Date): Promise<Invitation> {
  const [mate] = await tx.select().from(mates).where(eq(mates.id, mateId)).for("update");
  if (!mate) throw new InvitationError(`There is no mate with the id ${mateId}.`);
  const invitation = await inviteAccount(tx, { email, name: mate.name, role: "mate", now });
  if (mate.userId && mate.userId !== invitation.userId) {
    const [linked] = await tx.select({ email: users.email }).from(users).where(eq(users.id, mate.userId));
    throw new InvitationError(`${mate.name} (${mate.id}) is already linked to ${linked?.email ?? "another account"}.`);
  }
  if (invitation.existing) {
    const [other] = await tx.select({ id: mates.id }).from(mates).where(eq(mates.userId, invitation.userId));
    if (other && other.id !== mate.id)
      throw new InvitationError(`${invitation.email} is already the account of mate ${other.id}.`);
  }
  await tx.update(mates).set({ userId: invitation.userId }).where(eq(mates.id, mate.id));
  return invitation;
}

/** The mail of a mate's invitation, to send once the transaction that made it has committed. */
export function mateInvitationMailFor(appOrigin: string, invitation: Invitation, name: string, locale?: Locale) {
  return mateInvitationMail({
    ...(locale ? { locale } : {}),
    to: invitation.email,
    name,
    link: invitationLink(appOrigin, invitation.token),
    days: INVITATION_DAYS,
    jobsLink: `${appOrigin}/mate`,
  });
}

/**
 * Invites a mate (issue 14): an account with the role mate, linked to that row of mates, and a mail
 * whose link sets its password. Inviting again sends a new link.
 */
export async function inviteMate(
  deps: { db: Database; mailer: Mailer; appOrigin: string; now?: Date },
  mateId: string,
  emailInput: string,
): Promise<{ userId: string; email: string; link: string; expiresAt: Date }> {
  const now = deps.now ?? new Date();
  const { invitation, name } = await deps.db.transaction(async (tx) => {
    const made = await inviteMateIn(tx, mateId, emailInput, now);
    const [mate] = await tx.select({ name: mates.name }).from(mates).where(eq(mates.id, mateId));
    return { invitation: made, name: mate?.name ?? "" };
  });
  // In the language of the mate's account: English for a new one, until they choose (record 069).
  const locale = await localeOfUser(deps.db, invitation.userId);
  await deps.mailer.send(mateInvitationMailFor(deps.appOrigin, invitation, name, locale));
  return {
    userId: invitation.userId,
    email: invitation.email,
    link: invitationLink(deps.appOrigin, invitation.token),
    expiresAt: invitation.expiresAt,
  };
}

/**
 * Invites an operator (issue 16): `npm run ops -- create-operator` for the first, the console for the
 * others. An account with the role operator and a mail whose link sets its password. Only an e-mail
 * address is known: the account has no name until the operator gives theirs as they set their
 * password (issue 36), and the app greets them without one meanwhile.
 */
export async function inviteOperatorIn(tx: Tx, email: string, now: Date): Promise<Invitation & { existing: boolean }> {
  return inviteAccount(tx, { email, name: "", role: "operator", now });
}

/** The mail of an operator's invitation. */
export function operatorInvitationMailFor(appOrigin: string, invitation: Invitation) {
  return operatorInvitationMail({
    to: invitation.email,
    link: invitationLink(appOrigin, invitation.token),
    days: INVITATION_DAYS,
    consoleLink: `${appOrigin}/ops`,
  });
}

/**
 * The account a password link opens when it is an invitation's: a mate's or an operator's, while the
 * link is unused and in time. A customer's reset link is not an invitation.
 */
export async function invitedUserOf(db: Database, token: string, now: Date): Promise<string | undefined> {
  const [found] = await db
    .select({ userId: users.id })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(
        eq(verifications.identifier, `reset-password:${token}`),
        gt(verifications.expiresAt, now),
        inArray(users.role, ["mate", "operator"]),
      ),
    )
    .limit(1);
  return found?.userId;
}

/**
 * An invited mate or operator chooses their password and gives their name (issue 36). The password
 * is set by Better Auth's own reset (the same checks, the token used once, other sessions ended),
 * asked with the headers of the person's `request`; the name is stored once it has been set. The
 * answer is Better Auth's, its errors in the API's shape.
 */
export async function acceptInvitation(
  auth: Auth,
  db: Database,
  input: AcceptInvitation,
  request: Request,
): Promise<Response> {
  const userId = await invitedUserOf(db, input.token, new Date());
  if (!userId) {
    throw new AppError(400, "invalid_token", "This invitation link is invalid or has expired. Ask for a new one.");
  }
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const reset = new Request(new URL("/api/auth/reset-password", request.url), {
    method: "POST",
    headers,
    body: JSON.stringify({ token: input.token, newPassword: input.newPassword }),
  });
  const answer = await authAnswer(auth, reset);
  if (answer.ok) await updateUser(db, userId, { fullName: input.name });
  return answer;
}

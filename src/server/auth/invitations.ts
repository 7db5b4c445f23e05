import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { INVITATION } from "#domain/auth.ts";
import type { Database } from "#server/db/client.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { mates } from "#server/mates/schema.ts";
import { mateInvitationMail } from "./mails.ts";
import { users, verifications } from "./schema.ts";
import { nextUserKey } from "./users.ts";

/** How long an invitation link works (a reset link works one hour). */
export const INVITATION_DAYS = INVITATION.days;

export class InvitationError extends Error {
  override name = "InvitationError";
}

const emailSchema = z.email("That is not an e-mail address.");

/**
 * Invites a mate (issue 14): an account with the role mate, linked to that row of mates, and a mail
 * whose link sets its password. It uses the password reset's own machinery (a Better Auth
 * verification `reset-password:<token>` holding the user id; resetting creates the credential
 * account), with a longer validity. No password exists until the mate chooses one. Inviting again
 * sends a new link; an address that belongs to a customer, or a mate already linked to another
 * address, is refused.
 */
export async function inviteMate(
  deps: { db: Database; mailer: Mailer; appOrigin: string; now?: Date },
  mateId: string,
  emailInput: string,
): Promise<{ userId: string; email: string; link: string; expiresAt: Date }> {
  const parsed = emailSchema.safeParse(emailInput.trim().toLowerCase());
  if (!parsed.success) throw new InvitationError(`${emailInput} is not an e-mail address.`);
  const email = parsed.data;
  const now = deps.now ?? new Date();
  const token = randomBytes(18).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const { userId, name } = await deps.db.transaction(async (tx) => {
    const [mate] = await tx.select().from(mates).where(eq(mates.id, mateId)).for("update");
    if (!mate) throw new InvitationError(`There is no mate with the id ${mateId}.`);
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    if (existing && existing.role !== "mate") {
      throw new InvitationError(`${email} already belongs to a ${existing.role} account; use another address.`);
    }
    if (mate.userId && mate.userId !== existing?.id) {
      const [linked] = await tx.select({ email: users.email }).from(users).where(eq(users.id, mate.userId));
      throw new InvitationError(
        `${mate.name} (${mate.id}) is already linked to ${linked?.email ?? "another account"}.`,
      );
    }
    if (existing) {
      const [other] = await tx.select({ id: mates.id }).from(mates).where(eq(mates.userId, existing.id));
      if (other && other.id !== mate.id)
        throw new InvitationError(`${email} is already the account of mate ${other.id}.`);
    }
    const id = existing?.id ?? randomUUID();
    if (!existing) {
      await tx.insert(users).values({
        id,
        name: mate.name,
        email,
        emailVerified: false,
        key: await nextUserKey(tx, mate.name, now),
        role: "mate",
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.update(mates).set({ userId: id }).where(eq(mates.id, mate.id));
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: id,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    return { userId: id, name: mate.name };
  });
  const link = `${deps.appOrigin}/reset-password?token=${encodeURIComponent(token)}&${INVITATION.param}=1`;
  await deps.mailer.send(
    mateInvitationMail({ to: email, name, link, days: INVITATION_DAYS, jobsLink: `${deps.appOrigin}/mate` }),
  );
  return { userId, email, link, expiresAt };
}

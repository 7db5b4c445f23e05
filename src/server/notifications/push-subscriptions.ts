import { randomUUID } from "node:crypto";
import { and, eq, ne, or } from "drizzle-orm";
import type { PushSubscriptionInput } from "#domain/web-push.ts";
import { sessions } from "#server/auth/schema.ts";
import type { Database } from "#server/db/client.ts";
import { AppError } from "#server/http/errors.ts";
import { pushSubscriptions } from "./schema.ts";

/**
 * Keeps a device's push subscription with its sign-in (record 036), in place of that sign-in's
 * earlier one; an endpoint kept under an earlier sign-in moves to this one.
 */
export async function keepPushSubscription(
  db: Database,
  session: { id: string; sessionId: string },
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The sign-in must still exist (its cookie may outlive it for SESSION_CACHE_SECONDS).
    const [signIn] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, session.sessionId))
      .for("update");
    if (!signIn) throw new AppError(401, "unauthenticated", "Please log in to continue.");
    // This device's earlier subscription, and this endpoint under an earlier sign-in, go; the
    // same subscription given again keeps its row, so notices on their way to it still go.
    await tx
      .delete(pushSubscriptions)
      .where(
        or(
          and(eq(pushSubscriptions.sessionId, session.sessionId), ne(pushSubscriptions.endpoint, input.endpoint)),
          and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.sessionId, session.sessionId)),
        ),
      );
    await tx
      .insert(pushSubscriptions)
      .values({
        id: randomUUID(),
        userId: session.id,
        sessionId: session.sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth },
      });
  });
}

/** Stops pushes to one endpoint, if it is the person's own (another's is left alone). */
export async function removePushSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

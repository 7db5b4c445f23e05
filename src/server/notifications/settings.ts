import { eq } from "drizzle-orm";
import { findUserById } from "#server/auth/users.ts";
import type { Database } from "#server/db/client.ts";
import { notificationSettings } from "./schema.ts";

/** Whether the person wants rating prompts (on unless they turned them off). */
export async function wantsRatingPrompts(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row?.ratingPrompts ?? true;
}

/** Turns rating prompts on or off for the person (their profile, or a rating prompt's unsubscribe link). */
export async function saveRatingPrompts(db: Database, userId: string, ratingPrompts: boolean): Promise<void> {
  // An account deleted since the mail was sent has nothing left to turn off.
  if (!(await findUserById(db, userId))) return;
  await db
    .insert(notificationSettings)
    .values({ userId, ratingPrompts, updatedAt: new Date() })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ratingPrompts, updatedAt: new Date() } });
}

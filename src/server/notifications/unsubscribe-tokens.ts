import { createHmac, timingSafeEqual } from "node:crypto";
import type { NotificationDeps } from "./notification-deps.ts";

/** The signed one-click link that turns rating prompts off for one person. */
export function unsubscribeUrl(deps: Pick<NotificationDeps, "appOrigin" | "secret">, userId: string): string {
  return `${deps.appOrigin}/api/notifications/unsubscribe?user=${encodeURIComponent(userId)}&token=${unsubscribeToken(deps.secret, userId)}`;
}
const unsubscribeToken = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(`rating-prompts:${userId}`).digest("base64url");
export function unsubscribeTokenValid(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

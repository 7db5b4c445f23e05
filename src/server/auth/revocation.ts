import type { EventBus } from "#server/events/bus.ts";

/**
 * Sessions ended at once, on every instance (issue 16: a disabled account's sessions end at once).
 * Deleting a user's sessions ends them for the database, but a signed session is trusted from its
 * cookie for SESSION_CACHE_SECONDS (record 026). So the end is also announced on the event bus
 * (Redis fans it out to every instance); each instance refuses that user's sessions made before the
 * announcement for as long as a cookie could still vouch for them, and closes their event streams.
 */
export const SESSIONS_TOPIC = "mates:sessions";
/** Sent to the user's own streams: the stream closes (the browser's next request finds no session). */
export const SESSION_ENDED = "session-ended";

export type Revocations = {
  /** Ends every session of the user made until now, on every instance. */
  revoke(userId: string): Promise<void>;
  /** Whether a session of the user made at `createdAt` was ended by an announcement. */
  refuses(userId: string, createdAt: Date): boolean;
  close(): void;
};

export function createRevocations(events: EventBus, cacheSeconds: number): Revocations {
  const ended = new Map<string, number>();
  // A session's cookie vouches for it at most this long after the announcement; a little margin
  // covers clocks and delivery.
  const keepMs = (cacheSeconds + 5) * 1000;
  const unsubscribe = events.subscribe(SESSIONS_TOPIC, (event) => {
    const { userId, at } = (event.data ?? {}) as { userId?: unknown; at?: unknown };
    if (event.type !== "revoke" || typeof userId !== "string" || typeof at !== "number") return;
    // Forget ends no cookie can outlive any more, so the map holds only the last few seconds' worth.
    for (const [user, when] of ended) if (Date.now() - when > keepMs) ended.delete(user);
    ended.set(userId, at);
  });
  return {
    async revoke(userId) {
      await events.publish(SESSIONS_TOPIC, { type: "revoke", data: { userId, at: Date.now() } });
      await events.publish(userId, { type: SESSION_ENDED, data: {} });
    },
    refuses(userId, createdAt) {
      const at = ended.get(userId);
      if (at === undefined) return false;
      if (Date.now() - at > keepMs) {
        ended.delete(userId);
        return false;
      }
      return createdAt.getTime() <= at;
    },
    close: unsubscribe,
  };
}

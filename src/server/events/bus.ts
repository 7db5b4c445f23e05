import { randomUUID } from "node:crypto";

/**
 * The change feed behind `GET /api/events` (spec §7 "Subscribe to users/{key}/cartItems"): a
 * capability publishes an event for a user after its change is stored; every stream that user has
 * open, on this instance or (with Redis) any other, receives it.
 */
export type ServerEvent = {
  /** The SSE event name: `cart`, `booking`, … */
  type: string;
  data: unknown;
};

export type EventListener = (event: ServerEvent) => void;

/**
 * The operators' feed (issue 16): every operator's stream listens here as well as to its own user,
 * and hears `ops` when a booking changes or an application arrives, so the console's queues follow.
 */
export const OPERATORS_TOPIC = "mates:operators";

export interface EventBus {
  /** Delivers to every listener of the user, on every instance. Resolves once handed over. */
  publish(userId: string, event: ServerEvent): Promise<void>;
  /** Listens to one user's events; the returned function stops listening. */
  subscribe(userId: string, listener: EventListener): () => void;
  /** Open listeners on this instance (for health figures and tests). */
  listenerCount(): number;
  close(): Promise<void>;
}

/** Listeners of this process, by user: the local half of every bus. */
export class LocalListeners {
  readonly #byUser = new Map<string, Set<EventListener>>();
  #count = 0;

  add(userId: string, listener: EventListener): () => void {
    let set = this.#byUser.get(userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(userId, set);
    }
    set.add(listener);
    this.#count++;
    return () => {
      const current = this.#byUser.get(userId);
      if (!current?.delete(listener)) return;
      this.#count--;
      if (current.size === 0) this.#byUser.delete(userId);
    };
  }

  deliver(userId: string, event: ServerEvent): void {
    const set = this.#byUser.get(userId);
    if (!set) return;
    for (const listener of [...set]) listener(event);
  }

  get size(): number {
    return this.#count;
  }
}

/** One process: events go straight to this instance's listeners. */
export function memoryEventBus(): EventBus {
  const listeners = new LocalListeners();
  return {
    publish: async (userId, event) => listeners.deliver(userId, event),
    subscribe: (userId, listener) => listeners.add(userId, listener),
    listenerCount: () => listeners.size,
    close: async () => {},
  };
}

/** The Redis channel every instance publishes to and listens on, by default (redis/shared.ts names it per deployment). */
export const EVENTS_CHANNEL = "mates:events";

export type RedisBusOptions = {
  /** The deployment's channel (REDIS_PREFIX's `<prefix>:events`). */
  channel?: string;
  /** Called with a message on the channel that is not an event of ours. */
  onBadMessage?: (message: string) => void;
  /** Whether the publishing connection is up; while it is not, events stay on this instance. */
  publisherUp?: () => boolean;
};

type RedisLike = {
  publish(channel: string, message: string): Promise<unknown>;
};
type RedisSubscriber = {
  subscribe(channel: string): Promise<unknown>;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  quit(): Promise<unknown>;
};

/**
 * Several instances: every event goes through one Redis channel and each other instance hands it to
 * its own listeners, so a change made behind one instance reaches a stream held by another. This
 * instance's own listeners get it directly, without the round trip: a Redis outage (the publish
 * fails, or Redis is known to be down) then costs only the other instances' streams, never this
 * one's, and nothing is delivered twice (an instance skips its own messages coming back). The
 * subscriber must be a connection of its own (a subscribed Redis connection can do nothing else).
 */
export async function redisEventBus(
  publisher: RedisLike,
  subscriber: RedisSubscriber,
  { channel = EVENTS_CHANNEL, onBadMessage = () => {}, publisherUp = () => true }: RedisBusOptions = {},
): Promise<EventBus> {
  const listeners = new LocalListeners();
  const instance = randomUUID();
  subscriber.on("message", (from, message) => {
    if (from !== channel) return;
    let parsed: { i?: unknown; u?: unknown; e?: { type?: unknown; data?: unknown } };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      onBadMessage(message);
      return;
    }
    if (typeof parsed.u !== "string" || typeof parsed.e?.type !== "string") {
      onBadMessage(message);
      return;
    }
    if (parsed.i === instance) return;
    listeners.deliver(parsed.u, { type: parsed.e.type, data: parsed.e.data });
  });
  // Waits for the subscription when Redis answers; when it does not, the subscriber's queue holds
  // the SUBSCRIBE until Redis is back (and ioredis subscribes again after every reconnect).
  await Promise.race([subscriber.subscribe(channel).catch(() => {}), delay(2_000)]);
  return {
    publish: async (userId, event) => {
      listeners.deliver(userId, event);
      if (!publisherUp()) return;
      await publisher.publish(channel, JSON.stringify({ i: instance, u: userId, e: event })).catch(() => {
        // Redis is down: this instance's streams have it; the others miss it until Redis is back.
      });
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    listenerCount: () => listeners.size,
    close: async () => {
      await subscriber.quit().catch(() => {});
    },
  };
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { ServerEvent } from "./event.ts";
import {
  EVENT_LOG_WINDOW_MS,
  logNames,
  MemoryEventLog,
  PUBLISH_SCRIPT,
  REDIS_LOG_SIZE,
  type RedisLogReader,
  readRedisLog,
} from "./log.ts";

export type { ServerEvent } from "./event.ts";

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
  /**
   * The kept events of these users (or topics) published after `afterId`, in id order; none when
   * some of them are no longer kept, or the log cannot be read.
   */
  replay(userIds: readonly string[], afterId: number): Promise<ServerEvent[]>;
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

/** One process: events go straight to this instance's listeners, and into its memory for replays. */
export function memoryEventBus(log = new MemoryEventLog()): EventBus {
  const listeners = new LocalListeners();
  return {
    publish: async (userId, event) => listeners.deliver(userId, log.append(userId, event)),
    subscribe: (userId, listener) => listeners.add(userId, listener),
    replay: async (userIds, afterId) => log.since(userIds, afterId),
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

type RedisLike = Pick<Redis, "eval"> & RedisLogReader;
type RedisSubscriber = {
  /** ioredis's connection state: "ready" when the subscription can receive. */
  status: string;
  subscribe(channel: string): Promise<unknown>;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  quit(): Promise<unknown>;
};

type Message = { id?: unknown; u?: unknown; e?: { type?: unknown; data?: unknown } };

/** An event as the channel or the log carries it, or undefined when it is not one of ours. */
function parseMessage(message: string): { userId: string; event: ServerEvent } | undefined {
  let parsed: Message;
  try {
    parsed = JSON.parse(message) as Message;
  } catch {
    return undefined;
  }
  if (typeof parsed.u !== "string" || typeof parsed.e?.type !== "string") return undefined;
  const event: ServerEvent = { type: parsed.e.type, data: parsed.e.data };
  if (typeof parsed.id === "string") event.id = parsed.id;
  return { userId: parsed.u, event };
}

/**
 * Several instances: every event goes through one Redis script (log.ts) that numbers it, keeps it
 * in its user's short Redis Stream for replays and publishes it, with its id, on the deployment's
 * channel; every instance, this one included, hands what the channel brings to its own listeners.
 * Going through Redis for this instance's own streams too costs one round trip but gives every
 * stream of every instance the same order, so a browser's last id means "everything up to here".
 * When Redis cannot take the event (down, or the subscription is not up), this instance's
 * listeners get it directly, without an id: a Redis outage costs only the other instances'
 * streams and the replays, never this one's live events. The subscriber must be a connection of
 * its own (a subscribed Redis connection can do nothing else).
 */
export async function redisEventBus(
  publisher: RedisLike,
  subscriber: RedisSubscriber,
  { channel = EVENTS_CHANNEL, onBadMessage = () => {}, publisherUp = () => true }: RedisBusOptions = {},
): Promise<EventBus> {
  const listeners = new LocalListeners();
  const names = logNames(channel);
  // Kept in each message, as before: a debugging aid ("which instance published this?").
  const instance = randomUUID();
  subscriber.on("message", (from, message) => {
    if (from !== channel) return;
    const parsed = parseMessage(message);
    if (parsed) listeners.deliver(parsed.userId, parsed.event);
    else onBadMessage(message);
  });
  // Waits for the subscription when Redis answers; when it does not, the subscriber's queue holds
  // the SUBSCRIBE until Redis is back (and ioredis subscribes again after every reconnect).
  await Promise.race([subscriber.subscribe(channel).catch(() => {}), delay(2_000)]);
  const parseLogged = (id: string, message: string) => {
    const parsed = parseMessage(message);
    return parsed && { ...parsed.event, id };
  };
  return {
    publish: async (userId, event) => {
      const message = JSON.stringify({ i: instance, u: userId, e: { type: event.type, data: event.data } });
      const id = publisherUp()
        ? await publisher
            .eval(
              PUBLISH_SCRIPT,
              3,
              names.counter,
              names.stream(userId),
              channel,
              message,
              REDIS_LOG_SIZE,
              EVENT_LOG_WINDOW_MS,
            )
            .then(String, () => undefined)
        : undefined;
      // Redis is down: this instance's streams have it; the others miss it until Redis is back.
      if (id === undefined) listeners.deliver(userId, event);
      // Published, but this instance's subscription is down and will not bring it back.
      else if (subscriber.status !== "ready") listeners.deliver(userId, { ...event, id });
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    replay: (userIds, afterId) =>
      publisherUp()
        ? readRedisLog(publisher, channel, userIds, afterId, parseLogged).catch(() => [])
        : Promise.resolve([]),
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

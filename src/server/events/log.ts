import type { Redis } from "ioredis";
import type { ServerEvent } from "./event.ts";

/**
 * The short log of published events behind `Last-Event-ID` (issue 42, record 077): a stream that
 * reconnects, to this instance or another, is sent what was published while it was away. Events
 * are kept for a few minutes and a bounded number; an id older than that replays nothing, and the
 * stream opens with the current cart as always.
 */

/** How long an event can be replayed: far longer than a reconnect or a rolling restart takes. */
export const EVENT_LOG_WINDOW_MS = 5 * 60_000;
/** Events kept by one instance without Redis (every user's together). */
export const MEMORY_LOG_SIZE = 10_000;
/** Events kept per user (and for the operators' topic) in Redis. */
export const REDIS_LOG_SIZE = 256;

/**
 * An event id as the client sent it back, or undefined when it is not one of ours. Ids are decimal
 * integers below 2^53, so they compare as numbers.
 */
export function parseEventId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  const id = /^\d{1,16}$/.test(text) ? Number(text) : undefined;
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined;
}

/** The id of an event that carries one, as a number (0 when it has none: never after a real id). */
export const idOf = (event: ServerEvent): number => (event.id === undefined ? 0 : Number(event.id));

type Entry = { topic: string; at: number; event: ServerEvent };

/**
 * One instance without Redis: every published event in one array, in id order. Ids count up from
 * the start time in microseconds, so an instance restarted on the same machine gives ids above
 * those its predecessor gave, and a browser's id from before the restart asks for everything kept.
 */
export class MemoryEventLog {
  #entries: Entry[] = [];
  /** Index of the oldest kept entry: dropping from the front moves it, the array is compacted now and then. */
  #head = 0;
  #next: number;
  /** The highest id no longer kept: an id below it may have missed events that are gone. */
  #dropped = 0;
  readonly #size: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor({ size = MEMORY_LOG_SIZE, windowMs = EVENT_LOG_WINDOW_MS, now = Date.now } = {}) {
    this.#size = size;
    this.#windowMs = windowMs;
    this.#now = now;
    this.#next = now() * 1000;
  }

  /** Gives the event its id and keeps it; returns the event as delivered (with its id). */
  append(topic: string, event: ServerEvent): ServerEvent {
    const stamped = { type: event.type, data: event.data, id: String(++this.#next) };
    this.#entries.push({ topic, at: this.#now(), event: stamped });
    this.#trim();
    return stamped;
  }

  /** The topics' events after `afterId`, in order; none when some after it are no longer kept. */
  since(topics: readonly string[], afterId: number): ServerEvent[] {
    this.#trim();
    if (afterId < this.#dropped) return [];
    const replayed: ServerEvent[] = [];
    for (let index = this.#entries.length - 1; index >= this.#head; index--) {
      const entry = this.#entries[index] as Entry;
      if (idOf(entry.event) <= afterId) break;
      if (topics.includes(entry.topic)) replayed.push(entry.event);
    }
    return replayed.reverse();
  }

  get length(): number {
    return this.#entries.length - this.#head;
  }

  #trim(): void {
    const oldest = this.#now() - this.#windowMs;
    while (this.#head < this.#entries.length) {
      const entry = this.#entries[this.#head] as Entry;
      if (this.length <= this.#size && entry.at >= oldest) break;
      this.#dropped = idOf(entry.event);
      this.#head++;
    }
    // Compacting only once half the array is dropped keeps append O(1) on average.
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
  }
}

/**
 * Redis: one script does the whole publish in one round trip, atomically: the deployment's counter
 * gives the id, the event goes to its topic's stream (trimmed to a bounded length, expiring a window
 * after the topic's last event) and then to the pub/sub channel with its id. Redis runs scripts one
 * at a time, so the channel carries events in id order, to every instance.
 * The id is never below Redis's clock in microseconds, as the memory log's: a counter lost (evicted,
 * expired after a quiet window, Redis restarted) starts again above every id given before, so the
 * next XADD cannot be refused as older than its stream's last entry, and an id says roughly when its
 * event was published, which is how a reader knows it is older than the window (readRedisLog).
 * KEYS: counter, topic's stream, channel. ARGV: message (a JSON object), stream length, window (ms).
 */
export const PUBLISH_SCRIPT = `
local now = redis.call('TIME')
local floor = tonumber(now[1]) * 1000000 + tonumber(now[2])
local id = redis.call('INCR', KEYS[1])
if id < floor then
  id = floor
  redis.call('SET', KEYS[1], string.format('%d', floor))
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
id = string.format('%d', id)
redis.call('XADD', KEYS[2], 'MAXLEN', ARGV[2], id .. '-0', 'm', ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', KEYS[3], '{"id":"' .. id .. '",' .. string.sub(ARGV[1], 2))
return id
`;

/** Redis names of the log, beside the deployment's events channel (`<prefix>:events`). */
export const logNames = (channel: string) => ({
  counter: `${channel}:seq`,
  stream: (topic: string) => `${channel}:log:${topic}`,
});

type StreamEntries = [id: string, fields: string[]][];
export type RedisLogReader = Pick<Redis, "pipeline">;

/**
 * Reads the topics' streams after `afterId` in one round trip. An id from before the window, or a
 * topic whose stream is full and starts after `afterId`, may have lost events (a stream expires a
 * window after its last event, and is trimmed to its length): then nothing is replayed at all, since
 * half a replay would look complete. `parse` turns a stored message back into its event.
 */
export async function readRedisLog(
  redis: RedisLogReader,
  channel: string,
  topics: readonly string[],
  afterId: number,
  parse: (id: string, message: string) => ServerEvent | undefined,
): Promise<ServerEvent[]> {
  // Ids are microseconds (PUBLISH_SCRIPT); this instance's clock is near enough Redis's for minutes.
  if (afterId < (Date.now() - EVENT_LOG_WINDOW_MS) * 1000) return [];
  const names = logNames(channel);
  const pipeline = redis.pipeline();
  for (const topic of topics) {
    pipeline.xrange(names.stream(topic), "-", "+", "COUNT", 1);
    pipeline.xlen(names.stream(topic));
    // `afterId + 1` rather than the exclusive `(afterId`, which needs Redis 6.2: every entry's sequence is 0.
    pipeline.xrange(names.stream(topic), `${afterId + 1}-0`, "+");
  }
  const results = await pipeline.exec();
  if (!results) return [];
  const replayed: ServerEvent[] = [];
  for (let index = 0; index < topics.length; index++) {
    const [first, length, after] = results.slice(index * 3, index * 3 + 3).map(([error, result]) => {
      if (error) throw error;
      return result;
    });
    const oldest = (first as StreamEntries)[0];
    if (oldest && length === REDIS_LOG_SIZE && Number.parseInt(oldest[0], 10) > afterId + 1) return [];
    for (const [entryId, fields] of after as StreamEntries) {
      const event = parse(entryId.split("-")[0] as string, fields[1] ?? "");
      if (event) replayed.push(event);
    }
  }
  // One topic's events are in order already; the user's and the operators' are merged by id.
  return topics.length > 1 ? replayed.sort((a, b) => idOf(a) - idOf(b)) : replayed;
}

import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it, vi } from "vitest";
import { memoryEventBus, redisEventBus, type ServerEvent } from "./bus.ts";
import { EVENT_LOG_WINDOW_MS, idOf, logNames, MemoryEventLog, parseEventId, REDIS_LOG_SIZE } from "./log.ts";

/** Record 077: the short logs behind Last-Event-ID, in memory and in Redis. */

const cart = (count: number): ServerEvent => ({ type: "cart", data: { count } });
const counts = (events: ServerEvent[]) => events.map((event) => (event.data as { count: number }).count);

describe("event ids as the client sends them back", () => {
  it("takes decimal integers and nothing else", () => {
    expect(parseEventId("42")).toBe(42);
    expect(parseEventId(" 17 ")).toBe(17);
    for (const bad of [undefined, "", "-1", "1.5", "abc", "1e3", "9".repeat(16), "1".repeat(17), "12-0"]) {
      expect(parseEventId(bad)).toBeUndefined();
    }
  });
});

describe("the memory log (one instance)", () => {
  it("numbers events upwards and replays a user's after an id, in order", () => {
    const log = new MemoryEventLog();
    const a = log.append("asha", cart(1));
    log.append("ravi", cart(9));
    const b = log.append("asha", cart(2));
    const c = log.append("asha", cart(3));
    expect(idOf(b)).toBeGreaterThan(idOf(a));
    expect(counts(log.since(["asha"], idOf(a)))).toEqual([2, 3]);
    expect(log.since(["asha"], idOf(c))).toEqual([]);
    // Two topics (an operator's user and the operators' feed) come merged in id order.
    expect(counts(log.since(["asha", "ravi"], idOf(a)))).toEqual([9, 2, 3]);
  });

  it("gives ids above those of an instance started earlier", () => {
    let now = 1_000_000;
    const before = new MemoryEventLog({ now: () => now });
    const old = before.append("asha", cart(1));
    now += 1;
    const after = new MemoryEventLog({ now: () => now });
    const fresh = after.append("asha", cart(2));
    expect(idOf(fresh)).toBeGreaterThan(idOf(old));
    // A browser that reconnects from the old instance gets what the new one published since.
    expect(counts(after.since(["asha"], idOf(old)))).toEqual([2]);
  });

  it("replays nothing once events after the id are no longer kept (by count or by age)", () => {
    let now = 5_000_000;
    const log = new MemoryEventLog({ size: 3, windowMs: 60_000, now: () => now });
    const first = log.append("asha", cart(1));
    const second = log.append("asha", cart(2));
    log.append("asha", cart(3));
    log.append("asha", cart(4)); // the first is dropped
    expect(log.length).toBe(3);
    expect(log.since(["asha"], idOf(first) - 1)).toEqual([]);
    expect(counts(log.since(["asha"], idOf(first)))).toEqual([2, 3, 4]);
    now += 60_001;
    expect(log.since(["asha"], idOf(second))).toEqual([]);
    expect(log.length).toBe(0);
  });

  it("gives the bus's listeners the event with its id", async () => {
    const bus = memoryEventBus();
    const heard: ServerEvent[] = [];
    bus.subscribe("asha", (event) => heard.push(event));
    await bus.publish("asha", cart(1));
    await bus.publish("asha", cart(2));
    expect(heard.map((event) => event.id)).toEqual((await bus.replay(["asha"], 0)).map((event) => event.id));
    expect(counts(await bus.replay(["asha"], idOf(heard[0] as ServerEvent)))).toEqual([2]);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("the Redis log (instances of one deployment)", () => {
  const connections: Redis[] = [];
  const redis = () => {
    const connection = new Redis(redisUrl as string);
    connections.push(connection);
    return connection;
  };
  const channel = `replay-test-${randomUUID()}:events`;
  afterAll(async () => {
    const cleaner = redis();
    const keys = await cleaner.keys(`${channel}:*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await Promise.all(connections.map((connection) => connection.quit().catch(() => {})));
  });
  const instance = async (name = channel) => {
    const bus = await redisEventBus(redis(), redis(), { channel: name });
    const heard: ServerEvent[] = [];
    bus.subscribe("asha", (event) => heard.push(event));
    bus.subscribe("ravi", (event) => heard.push(event));
    return { bus, heard };
  };

  it("gives every instance's listeners the same events in the same order, with ids", async () => {
    const [one, two] = await Promise.all([instance(), instance()]);
    await Promise.all([one.bus.publish("asha", cart(1)), two.bus.publish("ravi", cart(2))]);
    await one.bus.publish("asha", cart(3));
    await expect.poll(() => two.heard.length, { timeout: 5_000 }).toBe(3);
    await expect.poll(() => one.heard.length, { timeout: 5_000 }).toBe(3);
    expect(one.heard).toEqual(two.heard);
    const ids = one.heard.map(idOf);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);

    // Either instance replays from the other's ids: one counter for the deployment.
    const [first] = one.heard.filter((event) => (event.data as { count: number }).count === 1);
    expect(counts(await two.bus.replay(["asha"], idOf(first as ServerEvent)))).toEqual([3]);
    expect(counts(await two.bus.replay(["asha", "ravi"], idOf(first as ServerEvent)))).toEqual(
      counts(one.heard.filter((event) => idOf(event) > idOf(first as ServerEvent))),
    );
    await Promise.all([one.bus.close(), two.bus.close()]);
  });

  it("keeps a bounded, expiring stream per user", async () => {
    const { bus } = await instance();
    for (let count = 0; count < REDIS_LOG_SIZE + 5; count++) await bus.publish("asha", cart(count));
    const key = logNames(channel).stream("asha");
    const checker = redis();
    expect(await checker.xlen(key)).toBe(REDIS_LOG_SIZE);
    expect(await checker.pttl(key)).toBeGreaterThan(60_000);
    const [oldest] = (await checker.xrange(key, "-", "+", "COUNT", 1)) as [string, string[]][];
    const oldestId = Number.parseInt((oldest as [string, string[]])[0], 10);
    // From just before the oldest kept event: some were trimmed in between, so nothing.
    expect(await bus.replay(["asha"], oldestId - 2)).toEqual([]);
    expect(await bus.replay(["asha"], oldestId - 1)).toHaveLength(REDIS_LOG_SIZE);
    const entries = (await checker.xrange(key, "-", "+")) as [string, string[]][];
    const thirdLast = Number.parseInt((entries.at(-3) as [string, string[]])[0], 10);
    expect(counts(await bus.replay(["asha"], thirdLast))).toEqual([REDIS_LOG_SIZE + 3, REDIS_LOG_SIZE + 4]);
    await bus.close();
  });

  it("gives ids above every earlier one when the counter is lost, and replays nothing from before the window", async () => {
    const { bus } = await instance();
    const heard: ServerEvent[] = [];
    bus.subscribe("asha", (event) => heard.push(event));
    await bus.publish("asha", cart(1));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    // Evicted, expired after a quiet window, or lost with Redis's memory: the user's stream is still there.
    await redis().del(logNames(channel).counter);
    await bus.publish("asha", cart(2));
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(idOf(heard[1] as ServerEvent)).toBeGreaterThan(idOf(heard[0] as ServerEvent));
    expect(counts(await bus.replay(["asha"], idOf(heard[0] as ServerEvent)))).toEqual([2]);
    // Ids are microseconds: one from before the window may have missed events that expired.
    const beforeWindow = (Date.now() - EVENT_LOG_WINDOW_MS - 1000) * 1000;
    expect(await bus.replay(["asha"], beforeWindow)).toEqual([]);
    await bus.close();
  });

  it("with Redis unreachable: this instance's listeners still hear events, without ids; replays find nothing", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const bus = await redisEventBus(down, redis(), { channel, publisherUp: () => false });
    const heard: ServerEvent[] = [];
    bus.subscribe("asha", (event) => heard.push(event));
    await bus.publish("asha", cart(7));
    expect(heard).toEqual([cart(7)]);
    expect(await bus.replay(["asha"], 0)).toEqual([]);
    // The same when the instance has not yet noticed: the script fails, the event stays local.
    const unnoticed = await redisEventBus(down, redis(), { channel });
    const alsoHeard: ServerEvent[] = [];
    unnoticed.subscribe("asha", (event) => alsoHeard.push(event));
    await unnoticed.publish("asha", cart(8));
    expect(alsoHeard).toEqual([cart(8)]);
    expect(await unnoticed.replay(["asha"], 0)).toEqual([]);
    await Promise.all([bus.close(), unnoticed.close()]);
    down.disconnect();
  });
});

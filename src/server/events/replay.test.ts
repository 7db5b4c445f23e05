import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { listen, type Served, stopServing } from "#testing/served.ts";
import { SseClient, type SseEvent } from "#testing/sse-client.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { type EventBus, memoryEventBus, OPERATORS_TOPIC, redisEventBus } from "./bus.ts";

/**
 * Record 077: a stream that reconnects with `Last-Event-ID`, to the same instance or to another of
 * the deployment (a rolling restart behind nginx), gets the opening cart, then every event it missed,
 * once and in order, then the live ones.
 */

const aborts: AbortController[] = [];
afterEach(() => {
  for (const abort of aborts.splice(0)) abort.abort();
});
async function openStream(served: Served, cookie: string, lastEventId?: string, query = "") {
  const abort = new AbortController();
  aborts.push(abort);
  const headers: Record<string, string> = { cookie };
  if (lastEventId !== undefined) headers["Last-Event-ID"] = lastEventId;
  const response = await fetch(`${served.url}/api/events${query}`, { headers, signal: abort.signal });
  expect(response.status).toBe(200);
  return { stream: new SseClient(response), abort };
}
const countOf = (event: SseEvent) => (JSON.parse(event.data) as { count: number }).count;
const cartCounted = (count: number) => (event: SseEvent) => event.event === "cart" && countOf(event) === count;
/** What a stream received: each event's name, its count or `n`, and whether it carried an id. */
const received = (stream: SseClient) =>
  stream.events.map((event) => {
    const data = JSON.parse(event.data) as { count?: number; n?: number };
    return [event.event, data.count ?? data.n, event.id !== undefined];
  });
const ascending = (stream: SseClient) => {
  const ids = stream.events.flatMap((event) => (event.id === undefined ? [] : [Number(event.id)]));
  return ids.every((id, index) => index === 0 || id > (ids[index - 1] as number));
};
let added = 0;
const SERVICES = [
  ["plumber", "drain-blockage"],
  ["electrician", "light-fitting"],
  ["carpenter", "furniture-assembly"],
  ["ac-service", "split-ac-service"],
] as const;
/** Adds a different item each time, so the cart's count goes up by one. */
async function addItem(customer: TestCustomer) {
  const [service, option] = SERVICES[added++ % SERVICES.length] as readonly [string, string];
  const body = JSON.stringify({ service, option, quantity: 1 });
  expect((await customer.request("/api/cart/items", { method: "POST", body })).status).toBe(200);
}

/** Streams a customer's cart once, and leaves: the id of the change it saw, as the browser keeps it. */
async function lastSeenOn(served: Served, customer: TestCustomer, count: number) {
  const { stream, abort } = await openStream(served, customer.cookie);
  await stream.next(cartCounted(count - 1));
  await addItem(customer);
  const seen = await stream.next(cartCounted(count));
  abort.abort();
  expect(seen.id).toMatch(/^\d+$/);
  return seen.id as string;
}

/**
 * A customer's stream sees one change on `from` and leaves; two changes are made while it is away;
 * it reconnects to `to` with its last id: the current cart, the two missed, then a live one.
 */
async function missedThenLive(t: TestApp, from: Served, to: Served) {
  const customer = await signUpCustomer(t);
  const lastId = await lastSeenOn(from, customer, 1);
  await addItem(customer);
  await addItem(customer);
  const { stream } = await openStream(to, customer.cookie, lastId);
  await stream.next((event) => event.id !== undefined && countOf(event) === 3);
  await addItem(customer);
  await stream.next(cartCounted(4));
  expect(received(stream)).toEqual([
    ["cart", 3, false],
    ["cart", 2, true],
    ["cart", 3, true],
    ["cart", 4, true],
  ]);
  expect(ascending(stream)).toBe(true);
  expect(Number(stream.events[1]?.id)).toBeGreaterThan(Number(lastId));
}

describe("one instance (memory log)", () => {
  let t: TestApp;
  let served: Served;
  beforeAll(async () => {
    t = await createTestApp({ events: memoryEventBus() });
    served = await listen(t);
  });
  afterAll(async () => {
    await stopServing(served);
    await t.close();
  });

  it("replays what was missed after the opening cart, then goes on live", async () => {
    await missedThenLive(t, served, served);
  });
});

describe("a replay longer than the stream's queue", () => {
  it("ends the stream after what fits, and the next reconnect goes on from there", async () => {
    const t = await createTestApp({ eventStream: { heartbeatMs: 60_000, maxQueuedFrames: 4 } });
    const served = await listen(t);
    try {
      const customer = await signUpCustomer(t);
      const lastId = await lastSeenOn(served, customer, 1);
      for (let n = 1; n <= 12; n++) await t.events.publish(customer.id, { type: "notice", data: { n } });
      const replayed: number[] = [];
      let from = lastId;
      for (let reconnects = 0; replayed.length < 12 && reconnects < 12; reconnects++) {
        const { stream } = await openStream(served, customer.cookie, from);
        // Either the stream ends (its queue was full) or it holds the last one and stays open.
        const last = stream.next((event) => event.event === "notice" && JSON.parse(event.data).n === 12);
        await Promise.race([stream.done, last.catch(() => {})]);
        const notices = stream.events.filter((event) => event.event === "notice");
        replayed.push(...notices.map((event) => JSON.parse(event.data).n as number));
        from = notices.at(-1)?.id ?? from;
      }
      expect(replayed).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    } finally {
      await stopServing(served);
      await t.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("two instances sharing one database and Redis", () => {
  const channel = `replay-route-${randomUUID()}:events`;
  const connections: Redis[] = [];
  const redis = () => {
    const connection = new Redis(redisUrl as string);
    connections.push(connection);
    return connection;
  };
  /** Runs once, at the next statement that reads a cart: the moment an opening stream reads it. */
  let atCartRead: (() => void) | undefined;
  /** A publish started at that moment: the second instance's replays wait for it to be stored. */
  let publishing: Promise<void> = Promise.resolve();
  let first: TestApp;
  let second: TestApp;
  let servedFirst: Served;
  let servedSecond: Served;

  beforeAll(async () => {
    first = await createTestApp({
      events: await redisEventBus(redis(), redis(), { channel }),
      onQuery: (sql) => {
        if (!atCartRead || !/from "cart_items"/i.test(sql)) return;
        const act = atCartRead;
        atCartRead = undefined;
        act();
      },
    });
    const bus = await redisEventBus(redis(), redis(), { channel });
    const events: EventBus = { ...bus, replay: async (...args) => publishing.then(() => bus.replay(...args)) };
    second = await createTestApp({ database: first.database, events });
    servedFirst = await listen(first);
    servedSecond = await listen(second);
  });
  afterAll(async () => {
    await stopServing(servedFirst);
    await stopServing(servedSecond);
    await second.close();
    await first.close();
    const keys = await redis().keys(`${channel}:*`);
    if (keys.length > 0) await redis().del(...keys);
    await Promise.all(connections.map((connection) => connection.quit().catch(() => {})));
  });

  it("a stream that moves to the other instance gets what it missed, once and in order", async () => {
    // Published through the first instance while the browser reconnects to the second.
    await missedThenLive(first, servedFirst, servedSecond);
  });

  it("sends an event published while the stream opens once: it is both in the log and live", async () => {
    const customer = await signUpCustomer(first);
    const lastId = await lastSeenOn(servedFirst, customer, 1);
    atCartRead = () => {
      publishing = first.events.publish(customer.id, { type: "cart", data: { count: 42 } });
    };
    const { stream } = await openStream(servedSecond, customer.cookie, lastId);
    await stream.next(cartCounted(42));
    expect(atCartRead).toBeUndefined();
    await addItem(customer);
    await stream.next(cartCounted(2));
    expect(received(stream)).toEqual([
      ["cart", 1, false],
      ["cart", 42, true],
      ["cart", 2, true],
    ]);
  });

  it("opens normally, cart first and nothing replayed, with an unknown or malformed id", async () => {
    const customer = await signUpCustomer(first);
    await lastSeenOn(servedFirst, customer, 1);
    await addItem(customer);
    const unknown = (await openStream(servedSecond, customer.cookie, "999999999999999")).stream;
    const malformed = (await openStream(servedSecond, customer.cookie, undefined, "?lastEventId=yesterday")).stream;
    await unknown.next(cartCounted(2));
    await malformed.next(cartCounted(2));
    await addItem(customer);
    await Promise.all([unknown.next(cartCounted(3)), malformed.next(cartCounted(3))]);
    for (const stream of [unknown, malformed]) {
      expect(received(stream)).toEqual([
        ["cart", 2, false],
        ["cart", 3, true],
      ]);
    }
  });

  it("replays the operators' feed to an operator, merged with their own events, and to no customer", async () => {
    const operator = await signInAsOperator(first);
    const customer = await signUpCustomer(first);
    const { stream: before, abort } = await openStream(servedFirst, operator.cookie);
    await before.next((event) => event.event === "cart");
    await first.events.publish(OPERATORS_TOPIC, { type: "ops", data: { n: 1 } });
    const lastId = (await before.next((event) => event.event === "ops")).id as string;
    abort.abort();
    await first.events.publish(OPERATORS_TOPIC, { type: "ops", data: { n: 2 } });
    await first.events.publish(operator.id, { type: "notice", data: { n: 3 } });
    await first.events.publish(OPERATORS_TOPIC, { type: "ops", data: { n: 4 } });
    const { stream } = await openStream(servedSecond, operator.cookie, lastId);
    const { stream: customers } = await openStream(servedSecond, customer.cookie, lastId);
    await stream.next((event) => event.event === "ops" && JSON.parse(event.data).n === 4);
    expect(received(stream)).toEqual([
      ["cart", 0, false],
      ["ops", 2, true],
      ["notice", 3, true],
      ["ops", 4, true],
    ]);
    await customers.next(cartCounted(0));
    await first.events.publish(customer.id, { type: "notice", data: { n: 5 } });
    await customers.next((event) => event.event === "notice");
    expect(received(customers)).toEqual([
      ["cart", 0, false],
      ["notice", 5, true],
    ]);
  });

  it("with Redis down: the stream opens normally and still hears this instance's events", async () => {
    const down = new Redis("redis://127.0.0.1:1", { lazyConnect: true, enableOfflineQueue: false });
    down.on("error", () => {});
    const third = await createTestApp({
      database: first.database,
      events: await redisEventBus(down, redis(), { channel, publisherUp: () => false }),
    });
    const servedThird = await listen(third);
    try {
      const customer = await signUpCustomer(first);
      const lastId = await lastSeenOn(servedFirst, customer, 1);
      await addItem(customer);
      const { stream } = await openStream(servedThird, customer.cookie, lastId);
      await stream.next(cartCounted(2));
      await third.events.publish(customer.id, { type: "cart", data: { count: 7 } });
      await stream.next(cartCounted(7));
      expect(received(stream)).toEqual([
        ["cart", 2, false],
        ["cart", 7, false],
      ]);
    } finally {
      await stopServing(servedThird);
      await third.close();
      down.disconnect();
    }
  });
});

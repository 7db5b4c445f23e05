import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Cart, cartSchema } from "#domain/cart.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { stopServing as close, listen, type Served } from "#testing/served.ts";
import { SseClient } from "#testing/sse-client.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { redisEventBus } from "./bus.ts";

async function openStream(url: string, cookie: string, signal: AbortSignal) {
  const response = await fetch(`${url}/api/events`, { headers: { cookie }, signal });
  return { response, stream: new SseClient(response) };
}
const cartEvent = (count: number) => (event: { event: string; data: string }) =>
  event.event === "cart" && (JSON.parse(event.data) as Cart).count === count;
const add = (service: string, option: string) => ({
  method: "POST",
  body: JSON.stringify({ service, option, quantity: 1 }),
});

describe("GET /api/events on one instance", () => {
  let t: TestApp;
  let served: Served;
  const aborts: AbortController[] = [];
  const controller = () => {
    const c = new AbortController();
    aborts.push(c);
    return c;
  };
  beforeAll(async () => {
    t = await createTestApp({ eventStream: { heartbeatMs: 100, maxQueuedFrames: 256 } });
    served = await listen(t);
  });
  afterEach(() => {
    for (const c of aborts.splice(0)) c.abort();
  });
  afterAll(async () => {
    await close(served);
    await t.close();
  });

  it("needs a signed-in customer", async () => {
    const response = await fetch(`${served.url}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("opens with the current cart, then sends every change, with heartbeats between", async () => {
    const customer = await signUpCustomer(t);
    await customer.request("/api/cart/items", add("plumber", "drain-blockage"));
    const { response, stream } = await openStream(served.url, customer.cookie, controller().signal);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-store");

    const first = cartSchema.parse(JSON.parse((await stream.next(cartEvent(1))).data));
    expect(first.items[0]).toMatchObject({ service: "plumber", option: "drain-blockage" });

    await customer.request("/api/cart/items", add("electrician", "light-fitting"));
    const second = cartSchema.parse(JSON.parse((await stream.next(cartEvent(2))).data));
    expect(second.items.map((item) => item.service)).toEqual(["plumber", "electrician"]);

    const id = second.items[0]?.id as string;
    await customer.request(`/api/cart/items/${id}`, { method: "DELETE" });
    await stream.next(cartEvent(1));
    await vi.waitFor(() => expect(stream.comments).toBeGreaterThanOrEqual(2), { timeout: 5000 });
  });

  it("sends a customer only their own changes", async () => {
    const asha = await signUpCustomer(t, "Asha Patil");
    const ravi = await signUpCustomer(t, "Ravi Kumar");
    const ashaStream = (await openStream(served.url, asha.cookie, controller().signal)).stream;
    const raviStream = (await openStream(served.url, ravi.cookie, controller().signal)).stream;
    await ashaStream.next(cartEvent(0));
    await raviStream.next(cartEvent(0));
    await ravi.request("/api/cart/items", add("plumber", "drain-blockage"));
    await raviStream.next(cartEvent(1));
    // Asha's own change comes after Ravi's on the bus: once it has reached her stream, Ravi's would have.
    await asha.request("/api/cart/items", add("electrician", "light-fitting"));
    await ashaStream.next(cartEvent(1));
    const ashaCarts = ashaStream.events.filter((event) => event.event === "cart");
    expect(ashaCarts).toHaveLength(2);
    expect(ashaCarts.map((event) => event.data).join()).not.toContain("drain-blockage");
  });

  it("reaches every tab of the customer, and releases a closed tab's subscription", async () => {
    const customer = await signUpCustomer(t);
    const before = t.events.listenerCount();
    const tabA = controller();
    const a = (await openStream(served.url, customer.cookie, tabA.signal)).stream;
    const b = (await openStream(served.url, customer.cookie, controller().signal)).stream;
    await a.next(cartEvent(0));
    await b.next(cartEvent(0));
    expect(t.events.listenerCount()).toBe(before + 2);

    await customer.request("/api/cart/items", add("carpenter", "furniture-assembly"));
    await Promise.all([a.next(cartEvent(1)), b.next(cartEvent(1))]);

    tabA.abort();
    await vi.waitFor(() => expect(t.events.listenerCount()).toBe(before + 1), { timeout: 5000 });
  });
});

describe("GET /api/events while it opens", () => {
  /** Runs once, at the next statement that reads a cart: the moment an opening stream reads its cart. */
  let atCartRead: (() => void) | undefined;
  let t: TestApp;
  let served: Served;
  beforeAll(async () => {
    t = await createTestApp({
      eventStream: { heartbeatMs: 60_000, maxQueuedFrames: 256 },
      onQuery: (sql) => {
        if (!atCartRead || !/from "cart_items"/i.test(sql)) return;
        const act = atCartRead;
        atCartRead = undefined;
        act();
      },
    });
    served = await listen(t);
  });
  afterAll(async () => {
    await close(served);
    await t.close();
  });

  it("sends a change published while it reads its opening cart, after that cart (issue 36)", async () => {
    const customer = await signUpCustomer(t);
    const added = await customer.request("/api/cart/items", add("plumber", "drain-blockage"));
    const withPlumbing = cartSchema.parse(await added.json());
    const id = withPlumbing.items[0]?.id as string;
    await customer.request(`/api/cart/items/${id}`, { method: "DELETE" });

    // The customer's other tab adds the item again, on another instance: its cart is published
    // just as this stream reads the (still empty) cart it opens with.
    atCartRead = () => void t.events.publish(customer.id, { type: "cart", data: withPlumbing });
    const abort = new AbortController();
    const { stream } = await openStream(served.url, customer.cookie, abort.signal);
    await stream.next(cartEvent(1));
    expect(atCartRead).toBeUndefined();
    expect(
      stream.events
        .filter((event) => event.event === "cart")
        .map((event) => cartSchema.parse(JSON.parse(event.data)).count),
    ).toEqual([0, 1]);
    abort.abort();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("two instances sharing one database and Redis", () => {
  let first: TestApp;
  let second: TestApp;
  let servedFirst: Served;
  let servedSecond: Served;
  const connections: Redis[] = [];
  const redis = () => {
    const connection = new Redis(redisUrl as string);
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    const publisher = redis();
    first = await createTestApp({ events: await redisEventBus(publisher, redis()) });
    second = await createTestApp({ database: first.database, events: await redisEventBus(publisher, redis()) });
    servedFirst = await listen(first);
    servedSecond = await listen(second);
  });
  afterAll(async () => {
    await close(servedFirst);
    await close(servedSecond);
    await second.close();
    await first.close();
    await Promise.all(connections.map((connection) => connection.quit().catch(() => {})));
  });

  it("delivers a change made on one instance to a stream held by the other", async () => {
    const customer = await signUpCustomer(first);
    const abort = new AbortController();
    const onSecond = (await openStream(servedSecond.url, customer.cookie, abort.signal)).stream;
    await onSecond.next(cartEvent(0));

    const response = await customer.request("/api/cart/items", add("ac-service", "split-ac-service"));
    expect(response.status).toBe(200);
    const delivered = cartSchema.parse(JSON.parse((await onSecond.next(cartEvent(1))).data));
    expect(delivered.items[0]).toMatchObject({ service: "ac-service", option: "split-ac-service" });
    abort.abort();
  });
});

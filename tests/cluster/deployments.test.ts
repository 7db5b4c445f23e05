import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, type Instance, REDIS_URL, requestTo, startCluster } from "#testing/cluster.ts";
import { clientAddress } from "#testing/server-process.ts";
import { openStream, PLUMBER, shopper } from "./customers.ts";

/**
 * Issue 42: two deployments (a shop and its staging: other databases, other REDIS_PREFIX) on one
 * Redis server share nothing: each one's events travel on its own channel, its limits and cache
 * live under its own keys. Record 075 named everything under the prefix; this proves it with both
 * running at once.
 */
describe("two deployments on one Redis", () => {
  let shop: Cluster;
  let staging: Cluster;
  let watcher: Redis;
  const heard: { channel: string; message: string }[] = [];
  beforeAll(async () => {
    [shop, staging] = await Promise.all([startCluster(1), startCluster(1)]);
    watcher = new Redis(REDIS_URL);
    watcher.on("pmessage", (_pattern, channel, message) => heard.push({ channel, message }));
    await watcher.psubscribe(`${shop.redisPrefix}*`, `${staging.redisPrefix}*`);
  });
  afterAll(async () => {
    watcher?.disconnect();
    await Promise.all([shop?.close(), staging?.close()]);
  });

  it("have prefixes of their own", () => {
    expect(shop.redisPrefix).not.toBe(staging.redisPrefix);
  });

  it("publish their events on their own channels only", async () => {
    const [instance] = shop.instances as [Instance];
    const customer = await shopper(instance, shop.origin, shop.origin, "shop-events");
    const stream = await openStream(customer, shop.origin);
    try {
      const added = await customer.at(shop.origin)("/api/cart/items", {
        method: "POST",
        body: JSON.stringify(PLUMBER),
      });
      expect(added.status).toBe(200);
      // Seen on the shop's stream, so it went through Redis (a stream on another instance would get it so).
      await stream.client.next((event) => event.event === "cart" && event.data.includes(PLUMBER.option));
      await expect
        .poll(() => heard.filter((entry) => entry.message.includes(customer.id)).map((entry) => entry.channel))
        .toContain(`${shop.redisPrefix}:events`);
      const leaked = heard.filter((entry) => entry.channel.startsWith(staging.redisPrefix));
      expect(leaked.filter((entry) => entry.message.includes(customer.id))).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("count their limits apart", async () => {
    const email = `two-deployments-${Date.now()}@example.com`;
    const signIn = (cluster: Cluster) =>
      requestTo(cluster.origin, cluster.origin)("/api/auth/sign-in/email", {
        method: "POST",
        headers: clientAddress(),
        body: JSON.stringify({ email, password: "not-the-password" }),
      });
    for (let i = 0; i < 10; i++) expect((await signIn(shop)).status).not.toBe(429);
    expect((await signIn(shop)).status).toBe(429);
    // The same e-mail address on staging has its own ten tries.
    expect((await signIn(staging)).status).toBe(401);
  });

  it("keep their keys under their own prefix", async () => {
    const reader = new Redis(REDIS_URL);
    try {
      const keysOf = async (prefix: string) => reader.keys(`${prefix}:*`);
      const shopKeys = await keysOf(shop.redisPrefix);
      expect(shopKeys.some((key) => key.startsWith(`${shop.redisPrefix}:rl:`))).toBe(true);
      expect(shopKeys.filter((key) => key.includes(staging.redisPrefix))).toEqual([]);
      expect(await keysOf(staging.redisPrefix)).not.toEqual(expect.arrayContaining(shopKeys));
    } finally {
      reader.disconnect();
    }
  });
});

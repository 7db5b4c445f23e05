import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meResponseSchema } from "#domain/user.ts";
import { type Cluster, requestTo, startCluster } from "#testing/cluster.ts";
import { signUpAt } from "./customers.ts";

/**
 * Issue 42: a session is a row in the shared database signed with the shared AUTH_SECRET, so a
 * customer signed up through nginx is signed in on every instance, one started later included.
 */
describe("a session made through one instance", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(2);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it("is honoured by the other and by a third started later", async () => {
    const [a, b] = cluster.instances;
    if (!a || !b) throw new Error("two instances");
    // Through the first instance itself: sign up there, then ask each of the others who this is.
    const customer = await signUpAt(a, a.url, cluster.origin, "cluster-session");
    const third = await cluster.addInstance();
    for (const instance of [a, b, third]) {
      const response = await requestTo(instance.url, cluster.origin)("/api/me", { headers: customer.headers });
      expect(response.status, `instance on ${instance.port}`).toBe(200);
      expect(meResponseSchema.parse(await response.json()).user.email).toBe(customer.email);
    }
    // Through nginx too, and a stranger is refused everywhere (the check can fail).
    const viaNginx = await requestTo(cluster.origin, cluster.origin)("/api/me", { headers: customer.headers });
    expect(viaNginx.status).toBe(200);
    const forged = { cookie: `${customer.cookie.split("=")[0]}=forged.value` };
    expect((await requestTo(b.url, cluster.origin)("/api/me", { headers: forged })).status).toBe(401);
  });

  it("is refused by an instance with another AUTH_SECRET (the setting that must be the same)", async () => {
    const a = cluster.instances[0];
    if (!a) throw new Error("an instance");
    const customer = await signUpAt(a, a.url, cluster.origin, "cluster-secret");
    const stranger = await cluster.addInstance({ AUTH_SECRET: "a-different-secret-of-at-least-32-characters" });
    const response = await requestTo(stranger.url, cluster.origin)("/api/me", { headers: customer.headers });
    expect(response.status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, type Instance, requestTo, startCluster } from "#testing/cluster.ts";
import { uniqueNumber } from "#testing/phone-requests.ts";
import { clientAddress } from "#testing/server-process.ts";
import { shopper } from "./customers.ts";

/**
 * Issue 42: every limit counts once for the whole deployment, whichever instance a request lands
 * on (rate-limiter-flexible on Redis under the deployment's prefix). Better Auth's own limiter is
 * off (src/server/auth/auth.ts), because ours covers its routes: sign-in, sign-up, reset and codes.
 * Each check spends a limit alternately on the two instances; with counts kept per instance each
 * would have let through twice as many.
 */
describe("limits across instances", () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    cluster = await startCluster(2, { WRITES_PER_USER_PER_MINUTE: "6", SMS_CODES_PER_ADDRESS_PER_HOUR: "3" });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await cluster?.close();
  });

  /** `allowed` requests alternately on A and B pass the limit; the next is refused on both. */
  async function spendAcross(allowed: number, send: (instance: Instance, i: number) => Promise<Response>) {
    for (let i = 0; i < allowed; i++) {
      const response = await send(i % 2 === 0 ? a : b, i);
      expect(response.status, `request ${i + 1}: ${await response.clone().text()}`).not.toBe(429);
    }
    for (const instance of [a, b]) {
      const refused = await send(instance, allowed);
      expect(refused.status, `past the limit on ${instance.port}`).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    }
  }
  const on = (instance: Instance) => requestTo(instance.url, cluster.origin);
  const postJson = (body: unknown, headers: Record<string, string>): RequestInit => ({
    method: "POST",
    body: JSON.stringify(body),
    headers,
  });

  it("sign-in: 10 tries per e-mail address", async () => {
    const email = `limit-sign-in-${Date.now()}@example.com`;
    await spendAcross(10, (instance) =>
      on(instance)("/api/auth/sign-in/email", postJson({ email, password: "not-the-password" }, clientAddress())),
    );
  });

  it("sign-up: 5 per e-mail address", async () => {
    const email = `limit-sign-up-${Date.now()}@example.com`;
    await spendAcross(5, (instance) =>
      on(instance)(
        "/api/auth/sign-up/email",
        postJson({ name: "Kavya Rao", email, password: "filter-coffee-77", mobile: "9820012345" }, clientAddress()),
      ),
    );
  });

  it("password reset: 3 requests per e-mail address", async () => {
    const email = `limit-reset-${Date.now()}@example.com`;
    await spendAcross(3, (instance) =>
      on(instance)("/api/auth/request-password-reset", postJson({ email, redirectTo: "/reset" }, clientAddress())),
    );
  });

  it("phone codes: one per number per resend wait, and 3 per client address", async () => {
    const number = uniqueNumber();
    await spendAcross(1, (instance) =>
      on(instance)("/api/auth/phone-number/send-otp", postJson({ phoneNumber: number }, clientAddress())),
    );
    const address = clientAddress();
    await spendAcross(3, (instance) =>
      on(instance)("/api/auth/phone-number/send-otp", postJson({ phoneNumber: uniqueNumber() }, address)),
    );
  });

  it("writes: WRITES_PER_USER_PER_MINUTE per signed-in customer", async () => {
    const customer = await shopper(a, a.url, cluster.origin, "limit-writes");
    // Making the customer's address was its first write.
    await spendAcross(5, (instance) =>
      customer.at(instance.url)("/api/cart/items", {
        method: "POST",
        body: JSON.stringify({ service: "plumber", option: "drain-blockage", quantity: 1 }),
      }),
    );
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * The client address of the per-address rate limits, over a real connection (issue 42): a client
 * that reaches an instance directly, around the load balancer, cannot choose it with
 * X-Forwarded-For; behind a listed proxy, the address the proxy saw counts.
 */

type Served = { t: TestApp; server: Server; origin: string };

async function serve(trustProxy: string): Promise<Served> {
  const t = await createTestApp({ env: { TRUST_PROXY: trustProxy, GEO_REVERSE_PER_MINUTE: "2" } });
  const server = createServer(t.frontDoor(getRequestListener(t.app.fetch)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { t, server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const lookUp = (served: Served, forwardedFor: string) =>
  fetch(`${served.origin}/api/geo/reverse?lat=19.1364&lon=72.8296`, { headers: { "x-forwarded-for": forwardedFor } });

/** An app served for the tests of one describe block, closed after them. */
function servedFor(trustProxy: string): () => Served {
  let served: Served | undefined;
  beforeAll(async () => {
    served = await serve(trustProxy);
  });
  afterAll(async () => {
    if (!served) return;
    const { server, t } = served;
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });
  return () => served as Served;
}

describe("a client connecting directly (not a listed proxy)", () => {
  const direct = servedFor("10.0.0.5");

  it("cannot choose its own rate-limit address with X-Forwarded-For", async () => {
    const served = direct();
    const statuses = [];
    for (const forwardedFor of ["203.0.113.1", "203.0.113.2", "203.0.113.3, 10.0.0.5"]) {
      statuses.push((await lookUp(served, forwardedFor)).status);
    }
    // The limit is 2 a minute: all three counted against 127.0.0.1, whatever they claimed.
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe("behind a listed proxy (the load balancer on loopback)", () => {
  const proxied = servedFor("loopback");

  it("counts the address the proxy saw, each client on its own", async () => {
    const served = proxied();
    for (const client of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      expect((await lookUp(served, client)).status).toBe(200);
    }
    expect((await lookUp(served, "198.51.100.1")).status).toBe(200);
    expect((await lookUp(served, "198.51.100.1")).status).toBe(429);
  });

  it("ignores what the client itself put before the proxy's entry", async () => {
    const served = proxied();
    // The proxy appends the address it saw (198.51.100.9); the forged entries before it do not count.
    const statuses = [];
    for (const forged of ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) {
      statuses.push((await lookUp(served, `${forged}, 198.51.100.9`)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

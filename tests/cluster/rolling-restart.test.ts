import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, type Instance, startCluster, stopGently } from "#testing/cluster.ts";
import { PLUMBER, type Shopper, shopper } from "./customers.ts";
import { readFrames } from "./frames.ts";

/**
 * Issue 42: a release is a rolling restart: each instance in turn is taken out of nginx's upstream
 * (marked down, reload), stopped with SIGTERM (it answers what it has in hand, then exits), started
 * again, put back once healthy. Under steady load through nginx no request may fail. Without the
 * first step a POST can be on its way to the instance as its listener closes, and nginx does not
 * resend a POST (record 079). An open event stream ends with its instance;
 * the browser reconnects through nginx with Last-Event-ID and gets what it missed.
 */

/**
 * One request on a connection of its own. nginx's reload closes the old worker's idle kept-alive
 * client connections, and a request sent on one as it closes fails in the client: browsers send it
 * again by themselves (the connection was reused and nothing came back), fetch does not. A fresh
 * connection per request keeps that client-side race out of what this test measures.
 */
function answer(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const sent = httpRequest(url, { method: init.method, headers: init.headers, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on("error", reject);
    sent.end(init.body);
  });
}
const once = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
  (await answer(url, init)).status;

describe("a rolling restart", () => {
  let cluster: Cluster;
  let customers: Shopper[];
  beforeAll(async () => {
    // Request log lines (info) show when nginx sends a restarted instance requests again.
    cluster = await startCluster(2, { WRITES_PER_USER_PER_MINUTE: "10000", LOG_LEVEL: "info" });
    const first = cluster.instances[0] as Instance;
    customers = [];
    for (let i = 0; i < 4; i++) customers.push(await shopper(first, cluster.origin, cluster.origin, `rolling-${i}`));
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it("under steady load through nginx fails no request", async () => {
    const answers = new Map<string, number>();
    const failures: string[] = [];
    let rolling = true;
    const load = async (customer: Shopper, index: number) => {
      const headers = { ...customer.headers, origin: cluster.origin, "content-type": "application/json" };
      for (let i = 0; rolling; i++) {
        const write = (i + index) % 3 === 0;
        const path = write ? "/api/me" : i % 2 ? "/api/services" : "/api/me";
        try {
          const status = await once(
            `${cluster.origin}${path}`,
            write
              ? { method: "PATCH", headers, body: JSON.stringify({ fullName: `Rolling ${index} ${i}` }) }
              : { method: "GET", headers },
          );
          answers.set(String(status), (answers.get(String(status)) ?? 0) + 1);
          if (status >= 400) failures.push(`${path} ${status}`);
        } catch (error) {
          failures.push(`${path} ${String(error)}`);
        }
      }
    };
    const loads = customers.map(load);
    for (const [index, instance] of [...cluster.instances].entries()) {
      // The README's release: out of nginx's upstream first (a reload, the old worker done), so
      // that no request is on its way to the instance as its listener closes; then SIGTERM, as a
      // release's process manager sends it, and a clean exit once drained.
      await cluster.nginx().reload([instance.port]);
      expect(await stopGently(instance), `instance ${index} exit code`).toBe(0);
      const restarted = await cluster.restart(instance);
      await cluster.nginx().reload([]);
      // Back in the upstream: the next may stop only once this one takes requests again.
      const served = await restarted.process.linesWith('"path":"/api/me"', 1, 20_000);
      expect(served.length, `instance ${index} took no request through nginx after its restart`).toBeGreaterThan(0);
    }
    rolling = false;
    await Promise.all(loads);
    expect(failures).toEqual([]);
    expect(answers.get("200") ?? 0).toBeGreaterThan(50);
    console.info(`[cluster rolling] ${JSON.stringify(Object.fromEntries(answers))}`);
  });

  it("lets an event stream reconnect through nginx with Last-Event-ID and miss nothing", async () => {
    const [a, b] = cluster.instances as [Instance, Instance];
    const customer = customers[0] as Shopper;
    // The stream is on A, as nginx might have placed it.
    const held = readFrames(await customer.at(a.url)("/api/events"));
    const opening = await held.next((frame) => frame.event === "cart");
    await customer.at(b.url)("/api/cart/items", { method: "POST", body: JSON.stringify(PLUMBER) });
    const seen = await held.next((frame) => frame.event === "cart" && frame !== opening);
    expect(seen.id).toBeDefined();

    // A release stops A: its stream ends. While the browser waits to reconnect, changes go on.
    expect(await stopGently(a)).toBe(0);
    await held.done;
    const missed = [];
    for (let i = 0; i < 3; i++) {
      const response = await customer.at(b.url)("/api/cart/items", {
        method: "POST",
        body: JSON.stringify(PLUMBER),
      });
      missed.push(await response.json());
    }
    // Reconnect through nginx (A is down: nginx sends it to B) with the last id seen.
    const abort = new AbortController();
    const again = readFrames(
      await customer.at(cluster.origin)("/api/events", {
        headers: { "Last-Event-ID": seen.id as string },
        signal: abort.signal,
      }),
    );
    try {
      const last = JSON.stringify(missed.at(-1));
      await again.next((frame) => frame.event === "cart" && frame.data === last);
      // After the opening cart: the three missed changes, once each, in order.
      const carts = again.frames.filter((frame) => frame.event === "cart").slice(1);
      expect(carts.map((frame) => JSON.parse(frame.data))).toEqual(missed);
    } finally {
      abort.abort();
      await cluster.restart(a);
    }
  });

  it("says it is draining from SIGTERM on, and closes each connection, for SHUTDOWN_DELAY_SECONDS", async () => {
    const [a] = cluster.instances as [Instance, Instance];
    // Another instance on the same deployment with a delay, so that the drain can be watched.
    // 10 s: room for the checks below on a busy two-core machine, whatever else runs.
    const slow = await cluster.addInstance({ SHUTDOWN_DELAY_SECONDS: "10" });
    slow.process.child.kill("SIGTERM");
    const health = async () => answer(`${slow.url}/api/health`, { method: "GET", headers: {} });
    await expect.poll(async () => (await health()).status, { interval: 20, timeout: 8000 }).toBe(503);
    const draining = await health();
    expect(JSON.parse(draining.body)).toMatchObject({ error: { code: "draining" } });
    expect(draining.headers.connection).toBe("close");
    // Still answering its requests meanwhile, each on a connection it closes.
    const served = await answer(`${slow.url}/api/services`, { method: "GET", headers: {} });
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe("close");
    expect(await slow.process.exited).toBe(0);
    expect((await answer(`${a.url}/api/health`, { method: "GET", headers: {} })).status).toBe(200);
  });
});

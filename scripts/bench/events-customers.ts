/**
 * The event-stream benchmark's browsers (events-bench.ts): customers signed up with a cookie jar
 * each, their open /api/events streams, and the steady writes whose deliveries are timed.
 */
import { writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type CookieJar, cookieJar } from "#testing/cookie-jar.ts";
import { call, ORIGINS } from "./events-servers.ts";

export const streamAgent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

export type Customer = {
  /** Its cookies, as its browser holds them: every answer's Set-Cookie replaces them. */
  jar: CookieJar;
  /** The server its writes go to (the index into ORIGINS). */
  home: number;
  itemId: string;
  quantity: number;
  streams: number;
  /** When the write in flight was sent, and how many of the customer's streams have received it. */
  pending?: number;
  delivered: number;
};
export const latencies: number[] = [];
export const responseTimes: number[] = [];
let deliveries = 0;
/** This process's own event-loop delay while writing: a slow client would look like a slow server. */
export let clientLoopP99 = 0;

export async function signUp(n: number): Promise<Customer> {
  const home = n % ORIGINS.length;
  const origin = ORIGINS[home] as string;
  const response = await call(
    "POST",
    "/api/auth/sign-up/email",
    {
      name: `Bench Customer ${n}`,
      email: `bench.${n}.${Date.now()}@example.com`,
      password: "bench-password-1",
      mobile: "9820012345",
    },
    { "x-forwarded-for": `10.9.${Math.floor(n / 250)}.${n % 250}` },
    origin,
  );
  if (response.status !== 200) throw new Error(`sign-up ${response.status}: ${response.text}`);
  const customer: Customer = { jar: cookieJar(), home, itemId: "", quantity: 1, streams: 0, delivered: 0 };
  customer.jar.take(response.headers["set-cookie"]);
  if (!customer.jar.has("mates.session_token")) throw new Error("no session cookie");
  const added = await call(
    "POST",
    "/api/cart/items",
    { service: "plumber", option: "drain-blockage", quantity: 1 },
    { cookie: customer.jar.header() },
    origin,
  );
  customer.jar.take(added.headers["set-cookie"]);
  const cart = JSON.parse(added.text) as { items: { id: string }[] };
  customer.itemId = cart.items[0]?.id as string;
  return customer;
}

/** Opens one stream for a customer; resolves when its first (current-cart) event has arrived. */
function openStream(customer: Customer, open: Set<() => void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const origin = ORIGINS[customer.streams % ORIGINS.length] as string;
    const req = request(
      `${origin}/api/events`,
      { agent: streamAgent, headers: { cookie: customer.jar.header() } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream ${res.statusCode}`));
          return;
        }
        let first = true;
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            if (!block.startsWith("event: cart")) continue;
            if (first) {
              first = false;
              resolve();
            } else if (customer.pending !== undefined) {
              latencies.push(performance.now() - customer.pending);
              customer.delivered++;
              deliveries++;
            }
          }
        });
        res.on("error", () => {});
      },
    );
    req.on("error", reject);
    customer.streams++;
    open.add(() => req.destroy());
    req.end();
  });
}

export async function openStreams(customers: Customer[], count: number, open: Set<() => void>) {
  const batch = 200;
  for (let start = open.size; start < count; start += batch) {
    const waits: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      waits.push(openStream(customers[i % customers.length] as Customer, open));
    }
    await Promise.all(waits);
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Writes at a steady rate, each to a customer with no write in flight; returns what was achieved. */
export async function writeSteadily(customers: Customer[], perSecond: number, seconds: number) {
  latencies.length = 0;
  responseTimes.length = 0;
  deliveries = 0;
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  let next = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const total = perSecond * seconds;
  const inFlight: Promise<void>[] = [];
  // BENCH_TRACE=/tmp/trace.txt: each write's send time (s into the run) and answer time (ms), to see when the slow ones happen.
  const traceFile = process.env.BENCH_TRACE;
  const trace: string[] = [];
  while (sent + skipped < total) {
    const due = started + ((sent + skipped) * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const customer = customers[next++ % customers.length] as Customer;
    if (customer.pending !== undefined) {
      skipped++;
      continue;
    }
    customer.quantity = (customer.quantity % 20) + 1;
    const sentAt = performance.now();
    customer.pending = sentAt;
    customer.delivered = 0;
    sent++;
    inFlight.push(
      call(
        "PATCH",
        `/api/cart/items/${customer.itemId}`,
        { quantity: customer.quantity },
        { cookie: customer.jar.header() },
        ORIGINS[customer.home],
      )
        .then(async (response) => {
          if (response.status !== 200) failed++;
          customer.jar.take(response.headers["set-cookie"]);
          const answeredMs = performance.now() - sentAt;
          responseTimes.push(answeredMs);
          if (traceFile) trace.push(`${((sentAt - started) / 1000).toFixed(3)} ${answeredMs.toFixed(1)}`);
          // Wait for the deliveries of this write (every stream of the customer), up to 10 s.
          const until = performance.now() + 10_000;
          while (customer.delivered < customer.streams && performance.now() < until) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })
        .catch(() => {
          failed++;
        })
        .finally(() => {
          customer.pending = undefined;
        }),
    );
  }
  await Promise.all(inFlight);
  if (traceFile) writeFileSync(traceFile, `${trace.join("\n")}\n`);
  loop.disable();
  clientLoopP99 = loop.percentile(99) / 1e6;
  const elapsed = (performance.now() - started) / 1000;
  return { sent, failed, skipped, rate: sent / elapsed, deliveries };
}

/**
 * Cluster benchmark (issue 42): the deployment the README describes, two instances of the product on
 * one PostgreSQL database and one Redis behind nginx running deploy/nginx/mates.conf, measured beside
 * one of those instances reached directly, in one run:
 *
 * 1. booking: customers list a day's slots and place a booking, the requests alternating between
 *    one instance straight and nginx in front of both, so both meet the same database state;
 * 2. a steady mixed load through nginx (a service page, a cart change, the day's slots) while every
 *    instance in turn is restarted: p50/p99 and failures before and during, once as a release runs
 *    it (taken out of nginx, SIGTERM, started again, put back) and once with SIGTERM alone.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     node scripts/bench/cluster-bench.ts [--customers=200] [--rate=150]
 *
 * The event-stream half (10,000 streams, 500 writes/s) is events-bench.ts with `--nginx`. Uses the
 * cluster suite's harness (src/server/testing/cluster.ts, ports 3230–3259). Figures are printed, never
 * asserted.
 */
import { request as httpRequest } from "node:http";
import { setPriority } from "node:os";
import { bookingDays } from "#domain/booking.ts";
import { KANDIVALI } from "#testing/booking-requests.ts";
import { type Cluster, startCluster, stopGently } from "#testing/cluster.ts";
import { clientAddress } from "#testing/server-process.ts";

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const CUSTOMERS = Number(option("customers") ?? 200);
/** Requests a second in the restart scenarios. */
const RATE = Number(option("rate") ?? 150);
const PLUMBER = { service: "plumber", option: "drain-blockage", quantity: 1 };

type Answer = { status: number; body: string; cookies: string[]; ms: number };

/** One request on a connection of its own (as the cluster suite's load does; record 079). */
function send(
  base: string,
  origin: string,
  path: string,
  init: { method?: string; headers?: object; body?: unknown } = {},
) {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const started = performance.now();
  const failed = () => ({ status: 0, body: "", cookies: [], ms: performance.now() - started });
  return new Promise<Answer>((resolve) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method: init.method ?? "GET",
        agent: false,
        headers: {
          origin,
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            cookies: res.headers["set-cookie"] ?? [],
            ms: performance.now() - started,
          }),
        );
        res.on("error", () => resolve(failed()));
      },
    );
    // A connection refused or reset is a failed request (status 0), counted, not thrown.
    req.on("error", () => resolve(failed()));
    req.end(body);
  });
}

type Customer = { headers: Record<string, string>; addressId: string; itemId: string };

/** A customer made through nginx: signed up, a served address, a plumber in the cart. */
async function customer(cluster: Cluster, n: number): Promise<Customer> {
  const call = (path: string, init: Parameters<typeof send>[3]) => send(cluster.origin, cluster.origin, path, init);
  const address = clientAddress();
  const signed = await call("/api/auth/sign-up/email", {
    method: "POST",
    headers: address,
    body: {
      name: `Bench Customer ${n}`,
      email: `cluster.${n}.${Date.now()}@example.com`,
      password: "bench-password-1",
      mobile: "9820012345",
    },
  });
  const cookie = signed.cookies.find((c) => c.startsWith("mates.session_token="))?.split(";")[0];
  if (signed.status !== 200 || !cookie) throw new Error(`sign-up ${signed.status}: ${signed.body}`);
  const headers = { ...address, cookie };
  const placed = await call("/api/addresses", { method: "POST", headers, body: KANDIVALI });
  if (placed.status !== 201) throw new Error(`address ${placed.status}: ${placed.body}`);
  const { address: saved } = JSON.parse(placed.body) as { address: { id: string } };
  const shopper: Customer = { headers, addressId: saved.id, itemId: "" };
  await fillCart(cluster, shopper);
  return shopper;
}

async function fillCart(cluster: Cluster, shopper: Customer) {
  const added = await send(cluster.origin, cluster.origin, "/api/cart/items", {
    method: "POST",
    headers: shopper.headers,
    body: PLUMBER,
  });
  if (added.status !== 200) throw new Error(`cart ${added.status}: ${added.body}`);
  shopper.itemId = (JSON.parse(added.body) as { items: { id: string }[] }).items[0]?.id ?? "";
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const p50p99 = (values: number[]) =>
  values.length === 0 ? "–" : `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} ms`;

/** Runs `work` for each index, `width` at a time. */
async function pool(count: number, width: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Slots and bookings, alternating between instance 1 straight and nginx in front of both. */
async function bookingRound(cluster: Cluster, customers: Customer[]) {
  const days = bookingDays(new Date()).slice(1);
  const direct = cluster.instances[0]?.url as string;
  const times = {
    direct: { slots: [] as number[], book: [] as number[] },
    nginx: { slots: [] as number[], book: [] as number[] },
  };
  const outcomes = { direct: new Map<number, number>(), nginx: new Map<number, number>() };
  await pool(customers.length, 8, async (i) => {
    const shopper = customers[i] as Customer;
    const via = i % 2 === 0 ? "direct" : "nginx";
    const base = via === "direct" ? direct : cluster.origin;
    const day = days[i % days.length] as string;
    const slots = await send(base, cluster.origin, `/api/slots?date=${day}`, { headers: shopper.headers });
    times[via].slots.push(slots.ms);
    const open =
      slots.status === 200
        ? (JSON.parse(slots.body) as { slots: { start: string; available: boolean }[] }).slots.filter(
            (s) => s.available,
          )
        : [];
    const start = open[i % Math.max(1, open.length)]?.start;
    if (!start) return;
    const booked = await send(base, cluster.origin, "/api/bookings", {
      method: "POST",
      headers: shopper.headers,
      body: {
        addressId: shopper.addressId,
        start,
        paymentMethod: "pay_after_service",
        idempotencyKey: crypto.randomUUID(),
      },
    });
    times[via].book.push(booked.ms);
    outcomes[via].set(booked.status, (outcomes[via].get(booked.status) ?? 0) + 1);
    // The cart is empty after a booking; the restart load changes its quantity.
    await fillCart(cluster, shopper);
  });
  const statuses = (map: Map<number, number>) => [...map].map(([status, n]) => `${n}× ${status}`).join(", ");
  return [
    "| path | `GET /api/slots` p50 / p99 | `POST /api/bookings` p50 / p99 | bookings answered |",
    "|---|---|---|---|",
    `| one instance, straight | ${p50p99(times.direct.slots)} | ${p50p99(times.direct.book)} | ${statuses(outcomes.direct)} |`,
    `| nginx, two instances | ${p50p99(times.nginx.slots)} | ${p50p99(times.nginx.book)} | ${statuses(outcomes.nginx)} |`,
  ];
}

type Sample = { at: number; ms: number; ok: boolean; status: number };

/**
 * RATE requests a second through nginx (a service page, a cart change, the day's slots, in turn)
 * while `restart` runs; what was answered before and during it, and what failed (no answer or 5xx).
 */
async function underLoad(cluster: Cluster, customers: Customer[], restart: () => Promise<void>) {
  const samples: Sample[] = [];
  const day = bookingDays(new Date())[2] as string;
  let running = true;
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  const load = (async () => {
    const began = performance.now();
    while (running) {
      const due = began + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const k = n++;
      const shopper = customers[k % customers.length] as Customer;
      const at = performance.now();
      const sent =
        k % 3 === 0
          ? send(cluster.origin, cluster.origin, "/api/services/plumber")
          : k % 3 === 1
            ? send(cluster.origin, cluster.origin, `/api/cart/items/${shopper.itemId}`, {
                method: "PATCH",
                headers: shopper.headers,
                body: { quantity: 1 + (k % 3) },
              })
            : send(cluster.origin, cluster.origin, `/api/slots?date=${day}`, { headers: shopper.headers });
      const done = sent.then((answer) => {
        samples.push({ at, ms: answer.ms, ok: answer.status > 0 && answer.status < 500, status: answer.status });
        inFlight.delete(done);
      });
      inFlight.add(done);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const restartFrom = performance.now();
  await restart();
  const restartUntil = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  running = false;
  await load;
  await Promise.all(inFlight);
  const before = samples.filter((s) => s.at < restartFrom);
  const during = samples.filter((s) => s.at >= restartFrom && s.at < restartUntil);
  const row = (set: Sample[]) => {
    const failed = new Map<string, number>();
    for (const s of set.filter((s) => !s.ok)) {
      const label = s.status === 0 ? "no answer" : String(s.status);
      failed.set(label, (failed.get(label) ?? 0) + 1);
    }
    const kinds = [...failed].map(([label, n]) => `${n}× ${label}`).join(", ");
    return `${set.length} | ${p50p99(set.filter((s) => s.ok).map((s) => s.ms))} | ${kinds || "0"}`;
  };
  return { before: row(before), during: row(during), seconds: ((restartUntil - restartFrom) / 1000).toFixed(1) };
}

async function main() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    process.stderr.write("cluster-bench needs DATABASE_URL and REDIS_URL (the instances share both).\n");
    process.exit(1);
  }
  try {
    setPriority(10);
  } catch {
    // not allowed here: run at normal priority
  }
  const cluster = await startCluster(2, { WRITES_PER_USER_PER_MINUTE: "1000000", LOG_LEVEL: "warn" });
  try {
    const customers: Customer[] = [];
    for (let i = 0; i < CUSTOMERS; i += 10) {
      customers.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, CUSTOMERS - i) }, (_, k) => customer(cluster, i + k)))),
      );
    }
    const booking = await bookingRound(cluster, customers);
    process.stdout.write(`${booking.join("\n")}\n`);

    const release = await underLoad(cluster, customers, async () => {
      for (const instance of [...cluster.instances]) {
        await cluster.nginx().reload([instance.port]);
        await stopGently(instance);
        await cluster.restart(instance);
        await cluster.nginx().reload([]);
      }
    });
    // SIGTERM alone, nginx left as it is: after the first instance's restart nginx still counts it
    // failed for its fail_timeout (5 s in mates.conf), so stopping the second at once leaves no live
    // upstream at all. The wait is what an operator doing it by hand would have to know.
    const sigtermOnly = await underLoad(cluster, customers, async () => {
      for (const instance of [...cluster.instances]) {
        await stopGently(instance);
        await cluster.restart(instance);
        await new Promise((resolve) => setTimeout(resolve, 6000));
      }
    });
    process.stdout.write(
      [
        "",
        `### Rolling restart under ${RATE} requests/s through nginx (two instances, ${CUSTOMERS} customers)`,
        "",
        "| restart | window | requests | p50 / p99 (answered) | failed (no answer or 5xx) |",
        "|---|---|---|---|---|",
        `| release (out of nginx, SIGTERM, back) | before | ${release.before} |`,
        `| | during (${release.seconds} s) | ${release.during} |`,
        `| SIGTERM alone, 6 s between instances | before | ${sigtermOnly.before} |`,
        `| | during (${sigtermOnly.seconds} s) | ${sigtermOnly.during} |`,
        "",
      ].join("\n"),
    );
  } finally {
    await cluster.close();
  }
}

await main();

/**
 * Event-stream benchmark (issue 5): N open /api/events streams on one server instance, a steady
 * rate of cart writes, and the time from sending a write to its delivery on every stream of that
 * customer; the server's memory per open stream; and the largest N one instance holds here.
 *
 *   node scripts/bench/events-bench.ts            # 1,000 and 10,000 streams, 500 writes/s, then the ramp
 *   node scripts/bench/events-bench.ts --quick    # 200 streams, 100 writes/s, no ramp (a smoke run)
 *   node scripts/bench/events-bench.ts --streams=10000   # one scenario, no ramp
 *   node scripts/bench/events-bench.ts --streams=10000 --writes=250   # at another rate
 *   node scripts/bench/events-bench.ts --streams=10000 --instances=2  # two servers behind Redis
 *
 * The server is the product itself (`node src/server/main.ts`, embedded PGlite, or DATABASE_URL /
 * REDIS_URL when set) in a child process, so its memory is measured alone; this process plays the
 * browsers, each customer with a cookie jar that takes every cookie the server sets, the session's
 * signed cache among them (record 026). With `--instances=2` (DATABASE_URL and REDIS_URL needed),
 * two servers share the database and the event fan-out: sign-ups and writes alternate between
 * them, and each customer's streams are spread over both, so half of every delivery crosses Redis.
 * Figures are printed, never asserted.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { type CookieJar, cookieJar } from "#testing/cookie-jar.ts";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const quick = process.argv.includes("--quick");
const PORT = 3900;
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const INSTANCES = Number(option("instances") ?? 1);
if (INSTANCES > 1 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  process.stderr.write("--instances needs DATABASE_URL and REDIS_URL: the servers share both.\n");
  process.exit(1);
}
const ORIGINS = Array.from({ length: INSTANCES }, (_, index) => `http://127.0.0.1:${PORT + index}`);
/** The servers sign each other's session cookies, so they share the secret. */
const AUTH_SECRET = "events-bench-secret-of-at-least-32-characters";
const USERS = quick ? 50 : 1000;
const SCENARIOS = quick
  ? [{ streams: 200, writesPerSecond: 100 }]
  : [
      { streams: 1_000, writesPerSecond: 500 },
      { streams: 10_000, writesPerSecond: 500 },
    ];
/** `--streams=10000`: only the scenario with that many streams (and no ramp). */
const only = Number(option("streams") ?? 0);
const WRITE_SECONDS = quick ? 5 : 20;
/**
 * Writes at the same rate before the measured ones, not counted: opening thousands of streams leaves
 * garbage that the next major GC collects (at 10,000 streams, about 200 ms of marking within 0.3 s,
 * in the first second of writes). The figures are for a server that has settled, as in production,
 * where streams open over minutes, not all within 20 s.
 */
const WARMUP_SECONDS = quick ? 1 : 5;
const RAMP = quick || only ? [] : [12_000, 14_000, 16_000, 18_000, 19_500];
/** `--writes=250`: that steady rate of writes per second instead of 500 (with `--streams`). */
const rate = Number(option("writes") ?? 500);

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const streamAgent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function call(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  origin = ORIGINS[0] as string,
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
    (resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${origin}${path}`,
        {
          method,
          agent,
          headers: {
            origin,
            ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
            ...headers,
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on("error", reject);
      req.end(payload);
    },
  );
}

type Customer = {
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
const latencies: number[] = [];
const responseTimes: number[] = [];
let deliveries = 0;
/** This process's own event-loop delay while writing: a slow client would look like a slow server. */
let clientLoopP99 = 0;

/** With DATABASE_URL, a database of the benchmark's own on that server (dropped afterwards). */
async function benchDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? freshPostgresDatabase(serverUrl, "mates_bench_events") : { url: undefined, drop: async () => {} };
}

function startServer(index: number, dataDir: string, databaseUrl: string | undefined) {
  // BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": Node flags for the server alone.
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "src/server/main.ts"], {
    cwd: root,
    // With BENCH_SERVER_ARGS (say --trace-gc), the server's own output is shown too.
    stdio: ["ignore", nodeArgs.length > 0 ? "inherit" : "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(PORT + index),
      APP_ORIGIN: ORIGINS[index],
      AUTH_SECRET,
      DATA_DIR: dataDir,
      NOMINATIM_URL: "off",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      // Each customer writes up to a few times a second here (--quick: 100 writes/s over 50 customers),
      // past the per-user limit for people (60 a minute): the benchmark measures throughput, not the limit.
      WRITES_PER_USER_PER_MINUTE: "1000000",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  return child;
}

async function waitForHealth(origin: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await call("GET", "/api/health", undefined, {}, origin)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function signUp(n: number): Promise<Customer> {
  const home = n % INSTANCES;
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
    const origin = ORIGINS[customer.streams % INSTANCES] as string;
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

async function openStreams(customers: Customer[], count: number, open: Set<() => void>) {
  const batch = 200;
  for (let start = open.size; start < count; start += batch) {
    const waits: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      waits.push(openStream(customers[i % customers.length] as Customer, open));
    }
    await Promise.all(waits);
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Writes at a steady rate, each to a customer with no write in flight; returns what was achieved. */
async function writeSteadily(customers: Customer[], perSecond: number, seconds: number) {
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

async function main() {
  // The load generator yields the cores to the server under test (and its database) when both want them.
  try {
    setPriority(10);
  } catch {
    // not allowed here: run at normal priority
  }
  const dataDir = mkdtempSync(join(tmpdir(), "mates-bench-events-"));
  const database = await benchDatabase();
  const servers: ReturnType<typeof startServer>[] = [];
  const rows: string[] = [];
  try {
    // One after the other: the first migrates the fresh database, the next finds it ready.
    for (const [index, origin] of ORIGINS.entries()) {
      const own = join(dataDir, `server-${index}`);
      mkdirSync(own);
      servers.push(startServer(index, own, database.url));
      await waitForHealth(origin);
    }
    const t0 = performance.now();
    const customers: Customer[] = [];
    for (let i = 0; i < USERS; i += 10) {
      customers.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, (_, k) => signUp(i + k)))));
    }
    process.stdout.write(`signed up ${USERS} customers in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    const serversRss = () => servers.reduce((total, server) => total + rssMb(server.pid as number), 0);

    const open = new Set<() => void>();
    for (const scenario of only ? [{ streams: only, writesPerSecond: rate }] : SCENARIOS) {
      for (const close of open) close();
      open.clear();
      for (const customer of customers) customer.streams = 0;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const before = serversRss();
      const t1 = performance.now();
      await openStreams(customers, scenario.streams, open);
      const openSeconds = (performance.now() - t1) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const after = serversRss();
      await writeSteadily(customers, scenario.writesPerSecond, WARMUP_SECONDS);
      const result = await writeSteadily(customers, scenario.writesPerSecond, WRITE_SECONDS);
      const row = `| ${scenario.streams.toLocaleString("en")} | ${scenario.writesPerSecond} | ${result.rate.toFixed(0)} | ${result.deliveries.toLocaleString("en")} | ${percentile(latencies, 50).toFixed(1)} ms | ${percentile(latencies, 99).toFixed(1)} ms | ${percentile(responseTimes, 50).toFixed(1)} / ${percentile(responseTimes, 99).toFixed(1)} ms | ${after.toFixed(0)} MB | ${(((after - before) * 1024) / scenario.streams).toFixed(1)} KB | ${openSeconds.toFixed(1)} s | ${result.failed} |`;
      rows.push(row);
      process.stdout.write(`${row}\n(load generator's event-loop delay p99: ${clientLoopP99.toFixed(1)} ms)\n`);
    }

    const ramp: string[] = [];
    for (const target of RAMP) {
      try {
        await openStreams(customers, target, open);
        ramp.push(`${target.toLocaleString("en")} streams: server RSS ${serversRss().toFixed(0)} MB`);
      } catch (error) {
        ramp.push(
          `${target.toLocaleString("en")} streams: failed (${error instanceof Error ? error.message : String(error)})`,
        );
        break;
      }
      process.stdout.write(`${ramp.at(-1)}\n`);
    }
    for (const close of open) close();

    process.stdout.write(
      [
        "",
        `### Event stream on ${database.url ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis" : ""}, ${INSTANCES === 1 ? "one server" : `${INSTANCES} servers (RSS summed)`} (${USERS} customers, streams spread evenly over them; ${WARMUP_SECONDS} s of writes to settle, then ${WRITE_SECONDS} s measured)`,
        "",
        "| open streams | writes/s asked | writes/s done | deliveries | write→delivery p50 | p99 | write answered p50 / p99 | server RSS | RSS per stream | time to open all | failed writes |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        ...rows,
        "",
        ...ramp.map((line) => `- ramp: ${line}`),
        "",
      ].join("\n"),
    );
  } finally {
    await Promise.all(
      servers.map(async (server) => {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }),
    );
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    agent.destroy();
    streamAgent.destroy();
  }
}

await main();

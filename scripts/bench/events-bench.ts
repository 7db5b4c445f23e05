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
 *   node scripts/bench/events-bench.ts --streams=10000 --instances=2 --nginx  # and nginx in front (issue 42)
 *
 * The server is the product itself (`node src/server/main.ts`, embedded PGlite, or DATABASE_URL /
 * REDIS_URL when set) in a child process, so its memory is measured alone; this process plays the
 * browsers, each customer with a cookie jar that takes every cookie the server sets, the session's
 * signed cache among them (record 026). With `--instances=2` (DATABASE_URL and REDIS_URL needed),
 * two servers share the database and the event fan-out: sign-ups and writes alternate between
 * them, and each customer's streams are spread over both, so half of every delivery crosses Redis.
 * Figures are printed, never asserted.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { type Nginx, startNginx } from "#testing/cluster.ts";
import {
  type Customer,
  clientLoopP99,
  latencies,
  openStreams,
  percentile,
  responseTimes,
  signUp,
  streamAgent,
  writeSteadily,
} from "./events-customers.ts";
import {
  agent,
  BEHIND_NGINX,
  benchDatabase,
  INSTANCES,
  NGINX_PORT,
  option,
  rssMb,
  SERVER_ORIGINS,
  startServer,
  waitForHealth,
} from "./events-servers.ts";

const quick = process.argv.includes("--quick");
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
  let nginx: Nginx | undefined;
  let nginxDir: string | undefined;
  const rows: string[] = [];
  try {
    // One after the other: the first migrates the fresh database, the next finds it ready.
    for (const [index, origin] of SERVER_ORIGINS.entries()) {
      const own = join(dataDir, `server-${index}`);
      mkdirSync(own);
      servers.push(startServer(index, own, database.url));
      await waitForHealth(origin);
    }
    if (BEHIND_NGINX) {
      // A folder of its own, outside dataDir (0700): nginx's workers (`nobody`) write temp files in it.
      const own = mkdtempSync(join(tmpdir(), "mates-bench-nginx-"));
      nginxDir = own;
      // Each stream is two connections in nginx (the browser's and the instance's): room for 20,000.
      nginx = await startNginx(
        own,
        NGINX_PORT,
        SERVER_ORIGINS.map((origin) => Number(new URL(origin).port)),
        { workers: 2, connections: 30_000 },
      );
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
        `### Event stream on ${database.url ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis" : ""}, ${INSTANCES === 1 ? "one server" : `${INSTANCES} servers (RSS summed)`}${BEHIND_NGINX ? " behind nginx" : ""} (${USERS} customers, streams spread evenly over them; ${WARMUP_SECONDS} s of writes to settle, then ${WRITE_SECONDS} s measured)`,
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
    await nginx?.stop();
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    agent.destroy();
    streamAgent.destroy();
  }
}

await main();

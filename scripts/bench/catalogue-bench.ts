/**
 * Reads (issue 15, goals 1 and 2): `GET /api/services` (the whole catalogue),
 * `GET /api/services/deep-cleaning` and a signed-in customer's `GET /api/cart` (with the session
 * cookies a browser holds) from the product beside a bare `node:http` server that answers the same
 * bytes with the same headers, side by side in one run: autocannon, 50 connections, 10 s a target,
 * no compression asked (as autocannon sends). Both servers run in child processes; this one
 * is the load generator, on the same two cores.
 *
 *   node scripts/bench/catalogue-bench.ts                        # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/bench/catalogue-bench.ts
 *   node scripts/bench/catalogue-bench.ts --before=../before     # also an older checkout, started the same way
 *   node scripts/bench/catalogue-bench.ts --seconds=5 --paths=/api/cart
 *
 * Figures are printed, never asserted; docs/benchmarks.md keeps them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";
import { waitFor } from "./wait-for.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(option("seconds") ?? 10);
const CONNECTIONS = 50;
/** Public reads, and one signed-in read: the customer's cart, as a signed-in browser asks for it. */
const PATHS = option("paths")?.split(",") ?? ["/api/services", "/api/services/deep-cleaning", "/api/cart"];
const BARE_PORT = 3911;

type Server = { name: string; origin: string; child: ChildProcess; cookie: string; stop: () => Promise<void> };

/** Signs a customer up and answers the cookies a browser would then send (session and its cache). */
async function signUp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: "Bench Customer",
      email: `bench.${Date.now()}@example.com`,
      password: "bench-password-1",
      mobile: "9820012345",
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

function stopper(child: ChildProcess, after: () => Promise<void> = async () => {}) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
    await after();
  };
}

/** The product from a checkout (this one, or --before's), on a fresh database of its own. */
async function startProduct(name: string, checkout: string, port: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "mates-catalogue-bench-"));
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl
    ? await freshPostgresDatabase(serverUrl, `mates_bench_catalogue_${port}`)
    : { url: undefined, drop: async () => {} };
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    cwd: checkout,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      APP_ORIGIN: origin,
      DATA_DIR: dataDir,
      NOMINATIM_URL: "off",
      // autocannon sends the cookies it started with and never takes a refreshed one, as a browser
      // does every SESSION_CACHE_SECONDS: a cache that outlives the whole run (about 2 minutes)
      // measures the steady state (one database check per browser per 5 s by default). With the
      // default, a client that never takes the fresh cookie pays a check and a new cookie each time.
      SESSION_CACHE_SECONDS: "300",
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
  });
  await waitFor(`${origin}/api/health`);
  return {
    name,
    origin,
    child,
    cookie: await signUp(origin),
    stop: stopper(child, async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }),
  };
}

/** Records the product's answers (status, headers, bytes) and serves them from a bare node:http server. */
async function startBare(from: Server): Promise<Server> {
  const recorded: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const path of PATHS) {
    const response = await fetch(`${from.origin}${path}`, {
      headers: { "accept-encoding": "identity", cookie: from.cookie },
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      if (!["content-length", "connection", "keep-alive", "date", "transfer-encoding"].includes(key))
        headers[key] = value;
    });
    recorded[path] = {
      status: response.status,
      headers,
      body: Buffer.from(await response.arrayBuffer()).toString("base64"),
    };
  }
  const file = join(mkdtempSync(join(tmpdir(), "mates-bare-")), "answers.json");
  writeFileSync(file, JSON.stringify(recorded));
  const child = spawn(process.execPath, [join(root, "scripts/bench/bare-server.ts"), String(BARE_PORT), file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${BARE_PORT}`;
  await waitFor(`${origin}${PATHS[0]}`);
  return { name: "bare node:http", origin, child, cookie: "", stop: stopper(child) };
}

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; kb: number };

async function load(server: Server, path: string, duration = SECONDS): Promise<Figures> {
  const result = await autocannon({
    url: `${server.origin}${path}`,
    connections: CONNECTIONS,
    duration,
    headers: { cookie: server.cookie },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    kb: result.throughput.average / 1024,
  };
}

const before = option("before");
const servers: Server[] = [];
try {
  const product = await startProduct("Mates (this checkout)", root, 3912);
  servers.push(product);
  if (before) servers.push(await startProduct(`Mates (${before})`, resolve(before), 3913));
  const bare = await startBare(product);
  servers.unshift(bare);
  // Warm every server for 2 s a path (first queries, JIT) before anything is measured.
  for (const server of servers) for (const path of PATHS) await load(server, path, 2);

  const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  process.stdout.write(`\n### Public reads on ${database}: ${CONNECTIONS} connections, ${SECONDS} s each\n\n`);
  process.stdout.write(
    "| path | server | req/s | × bare | p50 | p99 | errors, non-2xx |\n|---|---|---|---|---|---|---|\n",
  );
  for (const path of PATHS) {
    let ceiling = 0;
    for (const server of servers) {
      const figures = await load(server, path);
      if (server === bare) ceiling = figures.rps;
      process.stdout.write(
        `| \`${path}\` | ${server.name} | ${Math.round(figures.rps).toLocaleString("en-US")} | ${(figures.rps / ceiling).toFixed(2)} | ${figures.p50} ms | ${figures.p99} ms | ${figures.errors}, ${figures.non2xx} |\n`,
      );
    }
  }
} finally {
  for (const server of servers) await server.stop();
}

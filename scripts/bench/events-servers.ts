/**
 * The event-stream benchmark's servers (events-bench.ts): the product itself started in child
 * processes on ports from 3900, their health and memory, the benchmark's own database, and the
 * plain HTTP client the load generator calls them with.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
// BENCH_PORT: another first port, when 3900 is taken (several engineers on one machine).
const PORT = Number(process.env.BENCH_PORT ?? 3900);
export const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
export const INSTANCES = Number(option("instances") ?? 1);
if (INSTANCES > 1 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  process.stderr.write("--instances needs DATABASE_URL and REDIS_URL: the servers share both.\n");
  process.exit(1);
}
/** The instances, each reached directly. */
export const SERVER_ORIGINS = Array.from({ length: INSTANCES }, (_, index) => `http://127.0.0.1:${PORT + index}`);
/**
 * `--nginx`: the instances behind nginx running deploy/nginx/mates.conf (on the port after theirs),
 * and the browsers talk to nginx alone, as in the README's deployment.
 */
export const BEHIND_NGINX = process.argv.includes("--nginx");
export const NGINX_PORT = PORT + INSTANCES;
/** Where the browsers send their requests and open their streams. */
export const ORIGINS = BEHIND_NGINX ? [`http://127.0.0.1:${NGINX_PORT}`] : SERVER_ORIGINS;
/** The servers sign each other's session cookies, so they share the secret. */
const AUTH_SECRET = "events-bench-secret-of-at-least-32-characters";
export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function call(
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

/** With DATABASE_URL, a database of the benchmark's own on that server (dropped afterwards). */
export async function benchDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? freshPostgresDatabase(serverUrl, "mates_bench_events") : { url: undefined, drop: async () => {} };
}

export function startServer(index: number, dataDir: string, databaseUrl: string | undefined) {
  // BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": Node flags for the server alone.
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "src/server/main.ts"], {
    cwd: root,
    // With BENCH_SERVER_ARGS (say --trace-gc), the server's own output is shown too.
    stdio: ["ignore", nodeArgs.length > 0 ? "inherit" : "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(PORT + index),
      APP_ORIGIN: BEHIND_NGINX ? ORIGINS[0] : SERVER_ORIGINS[index],
      AUTH_SECRET,
      DATA_DIR: dataDir,
      NOMINATIM_URL: "off",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      // Each customer writes up to a few times a second here (--quick: 100 writes/s over 50 customers),
      // past the per-user limit for people (60 a minute): the benchmark measures throughput, not the limit.
      WRITES_PER_USER_PER_MINUTE: "1000000",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  return child;
}

export async function waitForHealth(origin: string) {
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

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { freshPostgresDatabase } from "#testing/postgres-database.ts";
import { type ServerProcess, spawnServer } from "#testing/server-process.ts";

/**
 * A deployment as the README describes it, on loopback: N instances of `node src/server/main.ts`
 * (real processes) on one fresh PostgreSQL database and one Redis under a prefix of its own, and
 * nginx in front of them with the repository's own `deploy/nginx/mates.conf` (only the upstream's
 * `server` lines and the `listen` port replaced). Record 079.
 */

export const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const NGINX = process.env.NGINX_PATH ?? (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");
const SITE_CONF = fileURLToPath(new URL("../../../deploy/nginx/mates.conf", import.meta.url));

/** Ports 3230 to 3259 are this suite's (the others on this machine are other servers'). */
const PORTS = { first: 3230, last: 3259 };
const taken = new Set<number>();

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port of the suite's range that nothing listens on and this run has not handed out. */
export async function clusterPort(): Promise<number> {
  for (let port = PORTS.first; port <= PORTS.last; port++) {
    if (taken.has(port)) continue;
    if (await portIsFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port from ${PORTS.first} to ${PORTS.last}`);
}

export type Instance = { port: number; url: string; process: ServerProcess };

export type Cluster = {
  /** nginx's origin, which is also every instance's APP_ORIGIN. */
  origin: string;
  instances: Instance[];
  databaseUrl: string;
  redisPrefix: string;
  /** The settings every instance of this deployment shares. */
  env: Record<string, string>;
  /** Starts one more instance (on a port of its own) and waits until it is healthy. */
  addInstance: (extra?: Record<string, string>) => Promise<Instance>;
  /** Starts an instance again on its port, same settings, and waits until it is healthy. */
  restart: (instance: Instance) => Promise<Instance>;
  /** The nginx in front (started once the first instances are healthy). */
  nginx: () => Nginx;
  /** Rows from the deployment's database. */
  rows: <T = Record<string, unknown>>(query: string) => Promise<T[]>;
  close: () => Promise<void>;
};

/** A request as the browser on APP_ORIGIN sends it, to nginx or straight to an instance. */
export function requestTo(base: string, origin: string) {
  return (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set("origin", origin);
    if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
    return fetch(`${base}${path}`, { ...init, headers });
  };
}

/** Waits until the instance itself answers /api/health with 200; fails with its output if it exits. */
export async function waitHealthy(instance: Instance): Promise<void> {
  const child = instance.process.child;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`instance on ${instance.port} exited before it was healthy:\n${instance.process.output()}`);
    const status = await fetch(`${instance.url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance on ${instance.port} not healthy in 60 s:\n${instance.process.output()}`);
}

export async function killHard(instance: Instance): Promise<void> {
  if (instance.process.child.exitCode !== null) return;
  instance.process.child.kill("SIGKILL");
  await instance.process.exited;
}

export async function stopGently(instance: Instance): Promise<number | null> {
  if (instance.process.child.exitCode !== null || instance.process.child.signalCode !== null)
    return instance.process.child.exitCode;
  instance.process.child.kill("SIGTERM");
  return instance.process.exited;
}

/**
 * The repository's site file with this cluster's upstream servers and listen port; the ports in
 * `down` are marked down, as the README's release takes an instance out before stopping it.
 */
export function siteConf(listenPort: number, upstreamPorts: number[], down: number[] = []): string {
  const site = readFileSync(SITE_CONF, "utf8");
  const servers = upstreamPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s${down.includes(port) ? " down" : ""};`)
    .join("\n");
  const replaced = site
    .replace(/^(\s*server\s+[\d.]+:\d+[^;]*;\s*\n)+/m, `${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  if (!replaced.includes(`127.0.0.1:${upstreamPorts[0]}`) || !replaced.includes(`listen 127.0.0.1:${listenPort}`))
    throw new Error("deploy/nginx/mates.conf no longer has the upstream servers or the listen line to replace");
  return replaced;
}

export type Nginx = {
  port: number;
  origin: string;
  child: ChildProcess;
  output: () => string;
  /** Marks these instances' ports down (none: all up), reloads, and waits until the old worker has gone. */
  reload: (down: number[]) => Promise<void>;
  stop: () => Promise<void>;
};

/** nginx in the foreground (a child of the test), everything of it under `dir`. */
export async function startNginx(
  dir: string,
  listenPort: number,
  upstreamPorts: number[],
  /** Workers and connections per worker (a benchmark's thousands of streams need more than a test). */
  size: { workers: number; connections: number } = { workers: 1, connections: 4096 },
): Promise<Nginx> {
  // Started as root, nginx's workers run as `nobody`: they must reach the temp folders made in here
  // (a request body or an answer too large for memory is written to them).
  chmodSync(dir, 0o711);
  writeFileSync(join(dir, "mates.conf"), siteConf(listenPort, upstreamPorts));
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      "daemon off;",
      `worker_processes ${size.workers};`,
      // Room for every connection's descriptor, above the shell's limit where the master may raise it.
      `worker_rlimit_nofile ${size.connections + 1024};`,
      `pid ${join(dir, "nginx.pid")};`,
      // notice: the master says when a worker has exited (the end of a reload).
      "error_log stderr notice;",
      // As the README advises: an old worker's open event streams do not hold a reload for hours.
      "worker_shutdown_timeout 5s;",
      `events { worker_connections ${size.connections}; }`,
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${join(dir, "body")};`,
      `  proxy_temp_path ${join(dir, "proxy")};`,
      `  fastcgi_temp_path ${join(dir, "fastcgi")};`,
      `  uwsgi_temp_path ${join(dir, "uwsgi")};`,
      `  scgi_temp_path ${join(dir, "scgi")};`,
      `  include ${join(dir, "mates.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const child = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", "stderr"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const origin = `http://127.0.0.1:${listenPort}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    const listening = await fetch(`${origin}/nginx-probe`).then(
      () => true,
      () => false,
    );
    if (listening) break;
    if (i > 200) throw new Error(`nginx did not listen on ${listenPort}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exitedWorkers = () => output.match(/worker process \d+ exited/g)?.length ?? 0;
  return {
    port: listenPort,
    origin,
    child,
    output: () => output,
    reload: async (down) => {
      writeFileSync(join(dir, "mates.conf"), siteConf(listenPort, upstreamPorts, down));
      const before = exitedWorkers();
      child.kill("SIGHUP");
      for (let i = 0; exitedWorkers() === before; i++) {
        if (i > 400) throw new Error(`nginx did not finish its reload:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}

/** A fresh database of the cluster's own (cluster_…), dropped by `drop`. */
export const clusterDatabase = () => freshPostgresDatabase(SERVER_URL, "cluster");

/** The settings of a deployment: its database, its Redis prefix, one AUTH_SECRET for all. */
export function deploymentEnv(databaseUrl: string, origin: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: `cluster-${randomBytes(4).toString("hex")}`,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    TRUST_PROXY: "loopback",
    APP_ORIGIN: origin,
    DATA_DIR: dataDir,
  };
}

/** Starts an instance process on `port` with the deployment's settings (not waited for). */
export function spawnInstance(port: number, env: Record<string, string>): Instance {
  return { port, url: `http://127.0.0.1:${port}`, process: spawnServer({ ...env, PORT: String(port) }) };
}

/** A deployment of `count` instances behind nginx; `close` stops everything and drops the database. */
export async function startCluster(count = 2, extra: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "mates-cluster-"));
  const database = await clusterDatabase();
  const nginxPort = await clusterPort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const env = { ...deploymentEnv(database.url, origin, join(dir, "data")), ...extra };
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  const instances: Instance[] = [];
  let nginx: Nginx | undefined;
  const cluster: Cluster = {
    origin,
    instances,
    databaseUrl: database.url,
    redisPrefix: env.REDIS_PREFIX as string,
    env,
    addInstance: async (more = {}) => {
      const instance = spawnInstance(await clusterPort(), { ...env, ...more });
      instances.push(instance);
      await waitHealthy(instance);
      return instance;
    },
    restart: async (old) => {
      const instance = spawnInstance(old.port, env);
      instances[instances.indexOf(old)] = instance;
      await waitHealthy(instance);
      return instance;
    },
    nginx: () => {
      if (!nginx) throw new Error("nginx has not started");
      return nginx;
    },
    rows: async <T>(query: string) => [...(await sql.unsafe(query))] as T[],
    close: async () => {
      await Promise.all(instances.map(stopGently));
      await nginx?.stop();
      await sql.end({ timeout: 5 });
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // The first migrates the empty database; the others start once it has (migrate.test.ts and
    // migrations.test.ts here prove starts at once).
    await cluster.addInstance();
    await Promise.all(Array.from({ length: count - 1 }, () => cluster.addInstance()));
    nginx = await startNginx(
      dir,
      nginxPort,
      instances.map((instance) => instance.port),
    );
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}

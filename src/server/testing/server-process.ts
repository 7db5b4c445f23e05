import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/**
 * The server as `npm start` runs it (node src/server/main.ts), as a child process a test can kill,
 * and a Redis of the test's own that it can stop and start again. For the crash and outage tests.
 */

const mainFile = fileURLToPath(new URL("../main.ts", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  exited: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /**
   * The output's lines holding the text, once at least `count` have arrived (the pipe lags the HTTP
   * answers); after `timeoutMs` without them, the ones there are.
   */
  linesWith: (text: string, count: number, timeoutMs?: number) => Promise<string[]>;
  /** A request as a browser on the app's origin sends it (Origin header, JSON body). */
  request: (path: string, init?: RequestInit) => Promise<Response>;
};

/**
 * `node src/server/main.ts` with these settings (quiet logs, no Nominatim), not waited for: a test
 * of a start that must fail reads `exited` and `output()`.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const origin = env.APP_ORIGIN ?? `http://127.0.0.1:${env.PORT ?? 3000}`;
  const child = spawn(process.execPath, [mainFile], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", NOMINATIM_URL: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  /** Called after each chunk of output (the waits of `linesWith`). */
  const watchers = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk;
    for (const watcher of [...watchers]) watcher();
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const linesWith = (text: string) => output.split("\n").filter((line) => line.includes(text));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    origin,
    exited,
    output: () => output,
    linesWith: (text, count, timeoutMs = 5000) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => finish(), timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          watchers.delete(check);
          resolve(linesWith(text));
        };
        const check = () => {
          if (linesWith(text).length >= count) finish();
        };
        watchers.add(check);
        check();
      }),
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("origin", origin);
      if (init.body) headers.set("content-type", "application/json");
      return fetch(`${origin}${path}`, { ...init, headers });
    },
  };
}

/** The server on `port`, answering /api/health. */
export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({
    PORT: String(port),
    APP_ORIGIN: `http://127.0.0.1:${port}`,
    // Each test customer says which (made-up) address it comes from: per-address limits apply per customer.
    TRUST_PROXY: "loopback",
    ...env,
  });
  await waitHealthy(server);
  return server;
}

/** Waits until the server answers /api/health; fails with its output if it exits first. */
export async function waitHealthy(server: ServerProcess): Promise<void> {
  // Generous: a fresh embedded database initialises in a few seconds, more on a loaded CI machine.
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited before it was healthy:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.origin}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy in 120 s:\n${server.output()}`);
}

export async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill("SIGKILL");
  await server.exited;
}

export async function stopGently(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

let addresses = 0;
/** A made-up client address of its own, as separate people's would be (TRUST_PROXY=loopback: the test talks to the server over loopback). */
export function clientAddress(): Record<string, string> {
  addresses++;
  return {
    "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`,
  };
}

export type ProcessCustomer = {
  id: string;
  email: string;
  cookie: string;
  headers: Record<string, string>;
};

/** Signs up through the product's own endpoint and keeps the session cookie. */
export async function signUp(server: ServerProcess, label: string): Promise<ProcessCustomer> {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const address = clientAddress();
  const response = await server.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: address,
    body: JSON.stringify({ name: "Meera Iyer", email, password: "filter-coffee-77", mobile: "9820012345" }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("mates.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error("sign-up set no session cookie");
  return { id: body.user.id, email, cookie, headers: { ...address, cookie } };
}

export type RedisProcess = { port: number; url: string; stop: () => Promise<void> };

/** A redis-server of the test's own (never the shared one), without persistence. */
export async function startRedis(port: number): Promise<RedisProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.stdout?.on("data", (chunk) => {
      seen += chunk;
      if (seen.includes("Ready to accept connections")) resolve();
    });
    child.on("exit", () => reject(new Error(`redis-server exited:\n${seen}`)));
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

/** Is the redis-server binary on this machine? */
export function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A free TCP port on 127.0.0.1 (the OS picks one; it is released for the caller to take). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

/**
 * A Redis server of the test's own, without persistence, that the test may stop and start again on
 * the same port (never the shared one). Resolves once it accepts connections.
 */
export async function startRedisServer(port: number) {
  let child: ChildProcess | undefined;
  const start = async () => {
    const server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = server;
    await new Promise<void>((resolve, reject) => {
      let output = "";
      server.stdout?.setEncoding("utf8");
      server.stdout?.on("data", (chunk: string) => {
        output += chunk;
        if (output.includes("Ready to accept connections")) resolve();
      });
      server.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Stops this Redis (SIGTERM; nothing is saved) and waits until it has exited. */
    stop: async () => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = once(running, "exit");
      running.kill("SIGTERM");
      await exited;
    },
    /** Starts it again on the same port, empty. */
    restart: start,
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The server as `npm start` runs it: a real process, its exit codes and its messages. */

const mainFile = fileURLToPath(new URL("./main.ts", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [mainFile], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", NOMINATIM_URL: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  // Generous: a fresh embedded database initialises in a few seconds, more on a loaded CI machine.
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error("server exited before it was healthy");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become healthy in 80 s");
}

describe("the server process", { timeout: 90_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "mates-main-"));
  let port: number;
  let first: ReturnType<typeof start>;

  beforeAll(async () => {
    port = await freePort();
    first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, first.child);
  }, 90_000);

  afterAll(() => {
    first.child.kill("SIGKILL");
  });

  it("serves the API with the seeded catalogue on its embedded defaults", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/services`);
    const body = (await response.json()) as { groups: { services: unknown[] }[] };
    expect(body.groups.flatMap((group) => group.services).length).toBeGreaterThanOrEqual(24);
  });

  it("refuses a second server on the same DATA_DIR with a clear message", async () => {
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another Mates server (pid ${first.child.pid})`);
  });

  it("drains and stops cleanly on SIGTERM, releasing DATA_DIR", async () => {
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).not.toContain("could not start");
    expect(existsSync(join(dataDir, "mates.lock"))).toBe(false);
    // The data survives: a new server on the same folder starts and does not seed twice.
    const again = start({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "info" });
    await waitHealthy(port, again.child);
    expect(again.output()).not.toContain("seeded the service catalogue");
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  });
});

describe("bad settings stop the start naming the setting", { timeout: 90_000 }, () => {
  it("PORT", async () => {
    const run = start({ PORT: "not-a-port", DATA_DIR: mkdtempSync(join(tmpdir(), "mates-bad-")) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("PORT: must be a whole number from 1 to 65535");
  });

  it("a PORT already in use", async () => {
    const busy = createServer().listen(0, "0.0.0.0");
    await new Promise((resolve) => busy.once("listening", resolve));
    const { port } = busy.address() as { port: number };
    try {
      const run = start({ PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), "mates-bad-")) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`PORT: ${port} is already in use`);
    } finally {
      busy.close();
    }
  });

  it("a malformed DATABASE_URL", async () => {
    const run = start({ DATABASE_URL: "mysql://root@localhost/test" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("DATABASE_URL: must be a PostgreSQL connection URL");
  });

  it("a DATABASE_URL nobody answers at", async () => {
    const run = start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/test` });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/DATABASE_URL: could not open the PostgreSQL database \(.*ECONNREFUSED/);
  });
});

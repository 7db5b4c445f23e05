import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, spawnServer, waitHealthy } from "#testing/server-process.ts";

/** The server as `npm start` runs it: a real process, its exit codes and its messages. */

describe("the server process", { timeout: 90_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "mates-main-"));
  let port: number;
  let first: ServerProcess;

  beforeAll(async () => {
    port = await freePort();
    first = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(first);
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
    const second = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another Mates server (pid ${first.child.pid})`);
  });

  it("drains and stops cleanly on SIGTERM, releasing DATA_DIR", async () => {
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).not.toContain("could not start");
    expect(existsSync(join(dataDir, "mates.lock"))).toBe(false);
    // The data survives: a new server on the same folder starts and does not seed twice.
    const again = spawnServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "info" });
    await waitHealthy(again);
    expect(again.output()).not.toContain("seeded the service catalogue");
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  });
});

describe("bad settings stop the start naming the setting", { timeout: 90_000 }, () => {
  it("PORT", async () => {
    const run = spawnServer({ PORT: "not-a-port", DATA_DIR: mkdtempSync(join(tmpdir(), "mates-bad-")) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("PORT: must be a whole number from 1 to 65535");
  });

  it("a PORT already in use", async () => {
    const busy = createServer().listen(0, "0.0.0.0");
    await new Promise((resolve) => busy.once("listening", resolve));
    const { port } = busy.address() as { port: number };
    try {
      const run = spawnServer({ PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), "mates-bad-")) });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`PORT: ${port} is already in use`);
    } finally {
      busy.close();
    }
  });

  it("a malformed DATABASE_URL", async () => {
    const run = spawnServer({ DATABASE_URL: "mysql://root@localhost/test" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("DATABASE_URL: must be a PostgreSQL connection URL");
  });

  it("a DATABASE_URL nobody answers at", async () => {
    const run = spawnServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/test` });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/DATABASE_URL: could not open the PostgreSQL database \(.*ECONNREFUSED/);
  });
});

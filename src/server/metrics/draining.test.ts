import { mkdtempSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { healthRoutes } from "#server/health/routes.ts";
import { freePort, type ServerProcess, startServer } from "#testing/server-process.ts";

/** A client that keeps its connections, as a browser or nginx's upstream keepalive does. */
const keepAlive = new Agent({ keepAlive: true });

/** One answer of the real server, read with node:http so that its Connection header is seen as sent. */
function healthOf(origin: string): Promise<{ status: number; connection: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    get(`${origin}/api/health`, { agent: keepAlive }, (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: JSON.parse(text) }),
      );
    }).on("error", reject);
  });
}

describe("draining on SIGTERM (SHUTDOWN_DELAY_SECONDS)", { timeout: 90_000 }, () => {
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "mates-draining-"));
  afterAll(() => {
    keepAlive.destroy();
    server?.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("says draining on /api/health with Connection: close until the delay ends, then exits 0", async () => {
    const port = await freePort();
    server = await startServer(port, {
      DATA_DIR: dataDir,
      SHUTDOWN_DELAY_SECONDS: "2",
      LOG_LEVEL: "info",
    });
    const before = await healthOf(server.origin);
    expect(before.status).toBe(200);
    expect(before.connection).toBe("keep-alive");

    server.child.kill("SIGTERM");
    await server.linesWith("draining: readiness answers 503", 1);
    const draining = await healthOf(server.origin);
    expect(draining.status).toBe(503);
    expect(draining.body).toEqual({
      error: { code: "draining", message: "This instance is stopping; send requests to another one." },
    });
    expect(draining.connection).toBe("close");
    // Still listening, still draining: the listener closes only once the delay has passed.
    expect(server.child.exitCode).toBeNull();

    expect(await server.exited).toBe(0);
    const closing = server.output().indexOf("closing the listener");
    expect(closing).toBeGreaterThan(server.output().indexOf("draining: readiness answers 503"));
    expect(server.output()).toContain("stopped cleanly");
  });
});

describe("/api/health while draining", () => {
  it("answers 503 draining with the error body, before asking the database", async () => {
    const database = {
      ping: () => Promise.reject(new Error("the database is never asked while draining")),
    };
    const response = await healthRoutes(database, undefined, () => true).request("/");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: "draining", message: "This instance is stopping; send requests to another one." },
    });
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Product = { label: string; origin: string; server: ChildProcess; dataDir: string };

/** The product from a checkout with a build, on a fresh embedded database of its own. */
export function startProduct(label: string, checkout: string, port: number): Product {
  if (!existsSync(join(checkout, "dist", "web", "index.html"))) {
    process.stderr.write(`${checkout} has no build: run \`npm run build\` there first.\n`);
    process.exit(1);
  }
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "mates-bench-web-"));
  const server = spawn(process.execPath, ["src/server/main.ts"], {
    cwd: checkout,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), APP_ORIGIN: origin, DATA_DIR: dataDir, NOMINATIM_URL: "off" },
  });
  return { label, origin, server, dataDir };
}

/** Stops a product started by startProduct and removes its database. */
export async function stopProduct({ server, dataDir }: Product): Promise<void> {
  // A server that already stopped (a port in use, a failed start) has no exit left to wait for.
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server.once("exit", done));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import type { TestApp } from "./test-app.ts";

/** A test app behind a real HTTP server on a free loopback port: event streams need real sockets. */
export type Served = { url: string; server: ServerType };

export async function listen(t: TestApp): Promise<Served> {
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Closes the server, its open streams included. */
export const stopServing = (served: Served) =>
  new Promise<void>((resolve) => {
    if ("closeAllConnections" in served.server) served.server.closeAllConnections();
    served.server.close(() => resolve());
  });

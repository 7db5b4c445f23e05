import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type RequestListener, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { services } from "#server/catalogue/schema.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { headersOf, withFrontDoor } from "./front-door.ts";
import { prepare } from "./prepared.ts";
import { securityHeaders } from "./security-headers.ts";

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request as it goes on the wire: no header added, nothing decompressed. */
function raw(
  server: Server,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  { setHost = true } = {},
): Promise<Raw> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, method, path, headers, setHost }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

async function listen(listener: RequestListener): Promise<Server> {
  const server = createServer(listener).listen(0, "127.0.0.1");
  await once(server, "listening");
  return server;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Everything but the moment it was sent, and a request id made up for it (checked apart). */
function comparable({ status, headers, body }: Raw) {
  const { date: _date, "x-request-id": id, ...rest } = headers;
  return { status, headers: rest, id: typeof id === "string" && UUID.test(id) ? "(made up)" : id, body };
}

describe("the front door, before the whole app", () => {
  let t: TestApp;
  let door: Server;
  let appOnly: Server;
  beforeAll(async () => {
    t = await createTestApp();
    // As main.ts composes it; the app's fetch is looked up per request, so a test can watch it.
    door = await listen(t.frontDoor(getRequestListener((request, env) => t.app.fetch(request, env))));
    appOnly = await listen(getRequestListener(t.app.fetch));
    // The answers stay fresh while the clock stands still (a slow machine cannot age them between
    // two requests); the last test lets it run again.
    vi.useFakeTimers({ toFake: ["Date"] });
    // The first read builds the catalogue's answers (through the app); from then on they are ready.
    expect((await raw(door, "GET", "/api/services")).status).toBe(200);
  });
  afterAll(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    door.close();
    appOnly.close();
    await t.close();
  });

  it("answers the catalogue and the sign-in methods exactly as the app does, without the app", async () => {
    const fetches = vi.spyOn(t.app, "fetch");
    const asks: [string, string, Record<string, string>][] = [];
    for (const path of [
      "/api/services",
      "/api/services/deep-cleaning",
      "/api/services/plumber?from=home",
      "/api/auth-options",
    ]) {
      const etag = String((await raw(appOnly, "GET", path)).headers.etag);
      for (const method of ["GET", "HEAD"])
        for (const encoding of [undefined, "gzip", "gzip, deflate, br"])
          for (const ifNoneMatch of [undefined, etag, '"another"'])
            for (const id of [undefined, "trace-42_a=", "not a valid id!"])
              asks.push([
                method,
                path,
                {
                  ...(encoding ? { "accept-encoding": encoding } : {}),
                  ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}),
                  ...(id ? { "x-request-id": id } : {}),
                },
              ]);
    }
    const seen = new Set<string>();
    for (const [method, path, headers] of asks) {
      const fromApp = await raw(appOnly, method, path, headers);
      seen.add(`${method} ${path} ${fromApp.status}`);
      fetches.mockClear();
      const fromDoor = await raw(door, method, path, headers);
      expect(fetches, `${method} ${path} ${JSON.stringify(headers)} never reached the app`).not.toHaveBeenCalled();
      expect(comparable(fromDoor), `${method} ${path} ${JSON.stringify(headers)}`).toEqual(comparable(fromApp));
    }
    // What was compared is what these answers' readers get: 304s for each path's own ETag, the
    // security headers and the encodings.
    expect(seen.size).toBe(16);
    const brotli = await raw(door, "GET", "/api/services", { "accept-encoding": "br" });
    expect(brotli.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(brotli.headers["x-content-type-options"]).toBe("nosniff");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["x-request-id"]).toMatch(UUID);
    const etag = String(brotli.headers.etag);
    expect((await raw(door, "GET", "/api/services", { "if-none-match": etag })).status).toBe(304);
  });

  it("leaves a missing or unusual Host to the app, which refuses what it cannot read", async () => {
    // A 400 is the app's own (its Node adapter's): the door would have answered 200.
    const fetches = vi.spyOn(t.app, "fetch");
    for (const [host, status] of [
      [undefined, 400],
      ["a/b", 400],
      ["Mates.Example:3000", 200],
    ] as const) {
      fetches.mockClear();
      const headers: Record<string, string> = host ? { host } : {};
      const answer = await raw(door, "GET", "/api/services", headers, { setHost: false });
      expect(answer.status, `Host ${host}`).toBe(status);
      expect(fetches, `Host ${host}`).toHaveBeenCalledTimes(status === 200 ? 1 : 0);
      expect(comparable(answer), `Host ${host}`).toEqual(
        comparable(await raw(appOnly, "GET", "/api/services", headers, { setHost: false })),
      );
    }
  });

  it("leaves every other request to the app: other methods, unknown or malformed names, other paths", async () => {
    const fetches = vi.spyOn(t.app, "fetch");
    for (const [method, path, status] of [
      ["POST", "/api/services", 403],
      ["GET", "/api/services/no-such-service", 404],
      ["GET", "/api/services/Deep-Cleaning", 400],
      ["GET", "/api/services/", 404],
      ["GET", "/api/services/deep-cleaning/reviews", 200],
      ["GET", "/api/auth-options/", 404],
      ["POST", "/api/auth-options", 403],
      ["GET", "/api/me", 401],
    ] as const) {
      fetches.mockClear();
      const answer = await raw(door, method, path);
      expect(fetches, `${method} ${path}`).toHaveBeenCalledOnce();
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(comparable(answer).body).toEqual(comparable(await raw(appOnly, method, path)).body);
    }
  });

  it("sends an edited service within a second, as the app does", async () => {
    vi.useRealTimers();
    await t.database.db
      .update(services)
      .set({ title: "Sparkling Deep Cleaning" })
      .where(eq(services.name, "deep-cleaning"));
    await expect
      .poll(async () => (await raw(door, "GET", "/api/services/deep-cleaning")).body.toString("utf8"), {
        timeout: 3000,
      })
      .toContain("Sparkling Deep Cleaning");
    expect((await raw(door, "GET", "/api/services")).body.toString("utf8")).toContain("Sparkling Deep Cleaning");
  });
});

describe("the front door's own rules", () => {
  it("writes the app's one log line a request, and hands on whatever it has no answer or headers for", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const answer = await prepare("application/json", JSON.stringify({ hello: "Mumbai" }));
    let headers: Record<string, string> | undefined;
    const handedOn: string[] = [];
    const server = await listen(
      withFrontDoor(
        {
          lookup: (path) => (path === "/known" ? { answer, cacheControl: "public, no-cache" } : undefined),
          headers: () => headers,
          logger,
        },
        (req, res) => {
          handedOn.push(`${req.method} ${req.url}`);
          res.writeHead(418).end();
        },
      ),
    );
    try {
      // Until the security headers are known, nothing is answered without them.
      expect((await raw(server, "GET", "/known")).status).toBe(418);
      headers = await headersOf(securityHeaders({ production: true }), "/known");
      expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(headers).not.toHaveProperty("content-type");

      const known = await raw(server, "GET", "/known?utm=mail", { "x-request-id": "abc-123" });
      expect(known.status).toBe(200);
      expect(JSON.parse(known.body.toString("utf8"))).toEqual({ hello: "Mumbai" });
      expect(known.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(known.headers["x-request-id"]).toBe("abc-123");
      expect(lines).toEqual([
        expect.objectContaining({ msg: "request", reqId: "abc-123", method: "GET", path: "/known", status: 200 }),
      ]);
      expect(lines[0]?.ms).toEqual(expect.any(Number));
      // The query string is never logged, as the app's own line never logs it.
      expect(JSON.stringify(lines)).not.toContain("utm");

      expect((await raw(server, "PUT", "/known")).status).toBe(418);
      expect((await raw(server, "GET", "/unknown")).status).toBe(418);
      expect(handedOn).toEqual(["GET /known", "PUT /known", "GET /unknown"]);
      expect(lines).toHaveLength(1);

      // A failure before anything is sent leaves the request to the app, and is logged.
      headers = { "x-bad": "line\nbreak" };
      expect((await raw(server, "GET", "/known?secret=1")).status).toBe(418);
      expect(lines[1]).toEqual(
        expect.objectContaining({ level: 50, path: "/known", msg: "the front door failed; the app answers" }),
      );
      expect(JSON.stringify(lines)).not.toContain("secret");
    } finally {
      server.close();
    }
  });
});

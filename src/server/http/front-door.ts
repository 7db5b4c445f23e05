import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { Hono } from "hono";
import type { Logger } from "pino";
import { type Prepared, replyWith } from "./prepared.ts";

/**
 * The front door (decision records 038 and 040). Public answers that are the same for everyone and
 * already prepared in memory (the catalogue's and the sign-in methods') are sent straight from
 * `node:http`, before the request is turned into a web-standard Request and walks Hono's
 * middleware: on a 2-core machine that walk costs more than the answer. Everything else, and these
 * paths whenever their answers are not ready, goes on to the app. What the app would add to these answers is added here, the same:
 * its security headers (read from the app's own middleware at start), the request id and the one
 * log line; `front-door.test.ts` proves the two give the same answer.
 */

/** An answer the front door may send now, and how long caches may keep it. */
export type DoorAnswer = { answer: Prepared; cacheControl: string };

/**
 * The answer for a path (without its query string, given apart: "" for none, else what follows the
 * "?") if it is one the front door sends now; else undefined.
 */
export type DoorLookup = (path: string, query: string) => DoorAnswer | undefined;

/** The first answer any of `lookups` has for a path. */
export function firstAnswer(...lookups: DoorLookup[]): DoorLookup {
  return (path, query) => {
    for (const lookup of lookups) {
      const found = lookup(path, query);
      if (found) return found;
    }
    return undefined;
  };
}

export type FrontDoorOptions = {
  lookup: DoorLookup;
  /** The headers every answer carries beyond its own (the security headers), once known. */
  headers(): Readonly<Record<string, string>> | undefined;
  logger: Logger;
  /** Counts an answer sent here (its method, status and seconds) in /metrics. */
  observe?: (method: string, status: number, seconds: number) => void;
};

/** What Hono's requestId middleware keeps of a client's X-Request-Id; anything else gets a new id. */
const CLIENT_REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * A Host header @hono/node-server takes as it is (its own fast rule). Any other, or none, goes to
 * the app, which parses it and may answer 400: the door never answers what the app would refuse.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/** A request target's path, without its query string (which is never logged). */
function pathOf(url = "/"): string {
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** A request target's query string, without the "?": "" for none. */
function queryOf(url = "/"): string {
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? "" : url.slice(queryAt + 1);
}

/** `app` with the front door before it. */
export function withFrontDoor(options: FrontDoorOptions, app: RequestListener): RequestListener {
  /** Answers the request and says true, or says false (nothing sent) for the app to answer it. */
  function answer(req: IncomingMessage, res: ServerResponse, started: number): boolean {
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") return false;
    const host = req.headers.host;
    if (!host || !PLAIN_HOST.test(host)) return false;
    const path = pathOf(req.url);
    const found = options.lookup(path, queryOf(req.url));
    const common = found && options.headers();
    if (!found || !common) return false;

    const given = one(req.headers["x-request-id"]);
    const reqId = given && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    const reply = replyWith(found.answer, found.cacheControl, {
      method,
      ifNoneMatch: one(req.headers["if-none-match"]),
      acceptEncoding: one(req.headers["accept-encoding"]),
    });
    res.writeHead(reply.status, { ...common, "x-request-id": reqId, ...reply.headers });
    res.end(reply.body);
    const ms = performance.now() - started;
    options.logger.info({ reqId, method, path, status: reply.status, ms: Math.round(ms * 10) / 10 }, "request");
    options.observe?.(method, reply.status, ms / 1000);
    return true;
  }

  return (req, res) => {
    let answered: boolean;
    try {
      answered = answer(req, res, performance.now());
    } catch (error) {
      // Nothing sent yet: the app answers (or reports) it. Half sent: the client gets a cut connection.
      if (res.headersSent) {
        options.logger.error({ err: error, path: pathOf(req.url) }, "the front door failed while answering");
        res.destroy(error instanceof Error ? error : undefined);
        return;
      }
      options.logger.error({ err: error, path: pathOf(req.url) }, "the front door failed; the app answers");
      answered = false;
    }
    if (!answered) app(req, res);
  };
}

/**
 * The headers `middleware` (the app's security headers) gives an answer at `path` that sets none
 * of its own, asked of the middleware itself so the two can never differ.
 */
export async function headersOf(middleware: MiddlewareHandler, path: string): Promise<Record<string, string>> {
  const probe = new Hono().use(middleware).get("*", (c) => c.body(null, 200));
  return Object.fromEntries((await probe.request(path)).headers);
}

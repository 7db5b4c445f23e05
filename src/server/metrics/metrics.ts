import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { RedisStatus } from "#server/redis/redis.ts";
import { type CollectorDeps, databaseGauges } from "./collectors.ts";

/**
 * What /metrics tells Prometheus (record 076). One registry per app, never prom-client's global
 * one: tests build many apps in one process, and each must count only its own requests.
 */
export type Metrics = {
  registry: Registry;
  /** Times and counts every request the app answers, by its route's pattern. */
  http: MiddlewareHandler;
  /** An answer the front door sent before the app (http/front-door.ts). */
  door: (method: string, status: number, seconds: number) => void;
  mails: Counter<"outcome">;
  pushes: Counter<"outcome">;
  sms: Counter<"kind" | "outcome">;
  /** Open event streams (/api/events) of this instance. */
  streams: { opened: () => void; closed: () => void };
};

export type MetricsDeps = CollectorDeps & {
  redisStatus?: RedisStatus | undefined;
  /** The process's own metrics (memory, CPU, event loop) are collected only when someone can read them. */
  withProcessMetrics: boolean;
};

/** Hono's methods are few; anything else a client sends is one label, not one per made-up word. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  if (deps.withProcessMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "mates_http_requests_total",
    help: "Requests answered, by method, route pattern (never the raw path) and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "mates_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's headers (an event stream: until it opens).",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const labels = { method: METHODS.has(method) ? method : "OTHER", route, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, seconds);
  };
  const openStreams = new Gauge({
    name: "mates_event_streams_open",
    help: "Event streams (/api/events) open on this instance.",
    registers: [registry],
  });
  if (deps.redisStatus) {
    const status = deps.redisStatus;
    new Gauge({
      name: "mates_redis_up",
      help: "1 while this instance's Redis connection is ready, 0 while it is down (memory fallback).",
      registers: [registry],
      collect() {
        this.set(status.state() === "up" ? 1 : 0);
      },
    });
  }
  databaseGauges(registry, deps);
  const mails = new Counter({
    name: "mates_mails_total",
    help: "Mails handed to SMTP (or the outbox folder): sent, or failed (the queue retries them).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const pushes = new Counter({
    name: "mates_pushes_total",
    help: "Web pushes: sent, gone (the subscription no longer exists) or failed (retried).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const sms = new Counter({
    name: "mates_sms_total",
    help: "SMS by kind (code, invitation): sent, or failed (the provider refused or timed out).",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  // Every outcome from 0, so that a rate or an alert on failures has a series before the first one.
  for (const outcome of ["sent", "failed"]) {
    mails.inc({ outcome }, 0);
    for (const kind of ["code", "invitation"]) sms.inc({ kind, outcome }, 0);
  }
  for (const outcome of ["sent", "gone", "failed"]) pushes.inc({ outcome }, 0);
  return {
    registry,
    http: async (c, next) => {
      const started = performance.now();
      await next();
      // After next(), routeIndex is the handler that answered; a middleware that answered (a
      // refusal before any handler) gives its own pattern, such as /api/*. A 404 from a catch-all
      // (the app's notFound after its middleware, /api's unknown path, a missing file) matched no
      // route: "unmatched", so made-up paths never add series.
      const path = matchedRoutes(c)[c.req.routeIndex]?.path;
      const route = !path || (path.endsWith("*") && c.res.status === 404) ? "unmatched" : path;
      observe(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    },
    door: (method, status, seconds) => observe(method, "front-door", status, seconds),
    mails,
    pushes,
    sms,
    streams: { opened: () => openStreams.inc(), closed: () => openStreams.dec() },
  };
}

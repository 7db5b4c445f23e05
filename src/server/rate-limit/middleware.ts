import type { Context, MiddlewareHandler } from "hono";
import { clientIp } from "#server/http/client-ip.ts";
import { errorBody } from "#server/http/errors.ts";
import type { TrustedProxies } from "#server/http/trusted-proxies.ts";
import type { LimitResult, Limits } from "./limits.ts";

/** The one answer past a limit: 429, Retry-After in seconds, and the API's error body. */
export function tooManyRequests(c: Context, result: LimitResult, message: string) {
  c.header("Retry-After", String(result.retryAfterSeconds));
  return c.json(errorBody("rate_limited", message), 429);
}

const retryIn = (seconds: number) =>
  seconds >= 90 ? `in ${Math.ceil(seconds / 60)} minutes` : `in ${seconds} second${seconds === 1 ? "" : "s"}`;

/** Every request through it counts against `name` for its client address. */
export function limitPerAddress<N extends string>(
  limits: Limits<N>,
  name: N,
  trustProxy: TrustedProxies,
): MiddlewareHandler {
  return async (c, next) => {
    const result = await limits.consume(name, clientIp(c, trustProxy));
    if (!result.allowed) {
      return tooManyRequests(
        c,
        result,
        `Too many requests from your network. Please try again ${retryIn(result.retryAfterSeconds)}.`,
      );
    }
    return next();
  };
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing request (POST, PUT, PATCH, DELETE) of a signed-in user counts against `name`
 * for that user. Reads pass untouched; a request without a session passes on to its handler, which
 * answers 401.
 */
export function limitWritesPerUser<N extends string>(
  limits: Limits<N>,
  name: N,
  userIdOf: (c: Context) => Promise<string | undefined>,
): MiddlewareHandler {
  return async (c, next) => {
    if (READS.has(c.req.method)) return next();
    const userId = await userIdOf(c);
    if (!userId) return next();
    const result = await limits.consume(name, userId);
    if (!result.allowed) {
      return tooManyRequests(
        c,
        result,
        `You are making changes faster than we can take them. Please try again ${retryIn(result.retryAfterSeconds)}.`,
      );
    }
    return next();
  };
}

import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";

/** Paths whose last segment is a secret (password-reset and verification tokens) are logged without it. */
const secretSegment = /\/(reset-password|verify-email|callback)\/[^/]+/g;

export function redactPath(path: string): string {
  return path.replace(secretSegment, "/$1/[redacted]");
}

/** One structured line a request: id, method, path (never the query string), status and time. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        reqId: c.get("requestId" as never),
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        // Who, once a router has checked the session: every operator's action is logged with its operator.
        userId: c.get("userId" as never) as string | undefined,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}

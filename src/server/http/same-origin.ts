import type { MiddlewareHandler } from "hono";
import { errorBody } from "./errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing API requests must come from the app's own pages: the Origin header (or, where a
 * browser leaves it out, Sec-Fetch-Site) must say so. Stops cross-site request forgery on the
 * cookie session.
 */
export function sameOrigin(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const ok = origin ? origin === appOrigin : fetchSite === "same-origin";
    if (!ok) return c.json(errorBody("bad_origin", "This request did not come from the Mates app."), 403);
    return next();
  };
}

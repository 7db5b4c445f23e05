import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address. Behind `trustProxy` load balancers, the address that the nearest trusted
 * proxy saw is taken from X-Forwarded-For; otherwise the socket's peer. A client cannot spoof it
 * when trustProxy is 0, since the header is then ignored.
 */
export function clientIp(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const candidate = hops[hops.length - trustProxy];
    if (candidate) return candidate;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

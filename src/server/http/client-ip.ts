import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { plainAddress, type TrustedProxies } from "./trusted-proxies.ts";

/**
 * The client's address, for per-address rate limits. The connection's peer, unless the peer is a
 * trusted proxy (TRUST_PROXY): then `X-Forwarded-For` is read from its end, past every trusted
 * proxy, and the first address that is not one is the client. A client that connects directly is
 * never a trusted proxy, so whatever `X-Forwarded-For` it sends is ignored.
 */
export function clientIp(c: Context, proxies: TrustedProxies): string {
  let client = peerAddress(c);
  if (!proxies.trusts(client)) return client;
  const hops = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => plainAddress(part.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    // A hop that is no address was written by someone untrusted; the last trusted one is the answer.
    if (isIP(hop) === 0) break;
    client = hop;
    if (!proxies.trusts(hop)) break;
  }
  return client;
}

/** The socket's peer; "unknown" without a socket (app.request() in tests that give none). */
function peerAddress(c: Context): string {
  try {
    return plainAddress(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    return "unknown";
  }
}

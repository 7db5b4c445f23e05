import { BlockList, isIP } from "node:net";

/**
 * The load balancers whose `X-Forwarded-For` is believed (TRUST_PROXY, docs/decisions/075): a list
 * of addresses and ranges, so that a client that reaches an instance directly, around the load
 * balancer, cannot name its own address (and so its own rate-limit key).
 */
export type TrustedProxies = {
  /** The list as given, normalised (`loopback` spelled out), for logs and tests. */
  readonly entries: readonly string[];
  trusts: (address: string) => boolean;
};

/** Named ranges: `loopback` for a load balancer on the same machine (127.0.0.0/8 and ::1). */
const NAMED: Record<string, string[]> = { loopback: ["127.0.0.0/8", "::1/128"] };

/** `::ffff:10.0.0.5` (an IPv4 peer of a dual-stack socket) is 10.0.0.5. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** TRUST_PROXY's value → the list, or a sentence saying what is wrong with it. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | string {
  const items = (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 1 && items[0] === "0") items.length = 0;
  if (items.length === 1 && /^\d+$/.test(items[0] ?? "")) {
    return "a count of proxies would trust whoever connects; list the proxies' addresses instead, like 10.0.0.5, 10.0.0.0/24 or loopback";
  }
  const list = new BlockList();
  const entries: string[] = [];
  for (const item of items.flatMap((entry) => NAMED[entry.toLowerCase()] ?? [entry])) {
    const [address = "", bits, ...rest] = item.split("/");
    const family = isIP(plainAddress(address));
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== undefined && !/^\d+$/.test(bits)) ||
      prefix > (family === 6 ? 128 : 32)
    ) {
      return `"${item}" is not an IP address or range: list the proxies' addresses, like 10.0.0.5, 10.0.0.0/24, fd00::/8 or loopback`;
    }
    list.addSubnet(plainAddress(address), prefix, family === 6 ? "ipv6" : "ipv4");
    entries.push(`${plainAddress(address)}/${prefix}`);
  }
  return {
    entries,
    trusts: (address) => {
      const plain = plainAddress(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
    },
  };
}

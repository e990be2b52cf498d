import { BlockList, isIP } from "node:net";
import { problems } from "../core/problem.ts";

/** The proxies whose X-Forwarded-For is believed. */
export type TrustedProxies = BlockList;

/**
 * LUDEX_TRUSTED_PROXIES when unset: the loopback addresses, where an nginx of `ludex nginx-config`
 * on the same host connects from. A client on another host never connects from them, so its
 * X-Forwarded-For is never believed; only a process on this host could name another client.
 */
export const DEFAULT_TRUSTED_PROXIES = "loopback";

/** The words LUDEX_TRUSTED_PROXIES accepts besides addresses and ranges. */
const named: Readonly<Record<string, readonly string[]>> = { loopback: ["127.0.0.0/8", "::1"], none: [] };

/**
 * Parses LUDEX_TRUSTED_PROXIES: comma-separated addresses or CIDR ranges ("127.0.0.1, 10.0.0.0/8,
 * ::1"), or `loopback` (127.0.0.0/8 and ::1, the default). Empty or `none` means no proxy is
 * trusted and the socket address is the client.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  for (const raw of (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => named[s.toLowerCase()] ?? [s])) {
    const [address = "", prefix] = raw.split("/");
    const family = isIP(address);
    if (family === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      const detail = `"${raw}" is not an address or CIDR range`;
      throw problems.invalidConfiguration(`LUDEX_TRUSTED_PROXIES: ${detail}`, {
        extensions: { errors: [{ name: "LUDEX_TRUSTED_PROXIES", detail }] },
      });
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

import { BlockList, isIP } from "node:net";
import { problems } from "../core/problem.ts";

/** The proxies whose X-Forwarded-For is believed. */
export type TrustedProxies = BlockList;

/**
 * Parses LUDEX_TRUSTED_PROXIES: comma-separated addresses or CIDR ranges ("127.0.0.1, 10.0.0.0/8,
 * ::1"). Empty means no proxy is trusted and the socket address is the client.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  for (const raw of (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
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

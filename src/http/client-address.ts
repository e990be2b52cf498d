import { BlockList, isIP } from "node:net";
import type { IncomingMessage } from "node:http";
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
      throw problems.invalidConfiguration(`LUDEX_TRUSTED_PROXIES: "${raw}" is not an address or CIDR range`);
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function normalize(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function trusted(proxies: TrustedProxies, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: the socket's peer, or — only when that peer is a trusted proxy — the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy (entries further left are
 * whatever the client chose to send).
 */
export function clientAddress(req: IncomingMessage, proxies: TrustedProxies): string {
  let address = normalize(req.socket.remoteAddress ?? "unknown");
  if (!trusted(proxies, address)) return address;
  const forwarded = (req.headers["x-forwarded-for"] ?? "")
    .toString()
    .split(",")
    .map((s) => normalize(s.trim()))
    .filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i] ?? "";
    if (isIP(hop) === 0) break;
    address = hop;
    if (!trusted(proxies, hop)) break;
  }
  return address;
}

import { isIP } from "node:net";
import type { IncomingMessage } from "node:http";
import type { TrustedProxies } from "../config/trusted-proxies.ts";

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

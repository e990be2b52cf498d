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

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail read as two). */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const parse = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a client's quotas are counted under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's prefix: a client holds the whole /64 and could use a new address per request).
 * @see RFC 6177 §3 (end sites get at least a /64)
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const prefix = ipv6Groups(address.split("%")[0] ?? address).slice(0, 4);
  return `${prefix.map((group) => group.toString(16)).join(":")}::/64`;
}

/** {@link clientAddress} as the rate limiters key it ({@link rateLimitKey}). */
export function clientRateKey(req: IncomingMessage, proxies: TrustedProxies): string {
  return rateLimitKey(clientAddress(req, proxies));
}

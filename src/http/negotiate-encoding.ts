export type ContentCoding = "br" | "gzip";

/** The server's order on ties, whatever order a resource lists its variants in. */
const PREFERENCE: readonly ContentCoding[] = ["br", "gzip"];

/** Parsed Accept-Encoding values by header text: clients send a handful of distinct headers, each on every request. */
const parsed = new Map<string, ReadonlyMap<string, number>>();
const PARSED_MAX = 64;

/** The q-value of each coding an Accept-Encoding header names. @see RFC 9110 §12.5.3, §12.4.2 */
function codingWeights(header: string): ReadonlyMap<string, number> {
  const known = parsed.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const [k, v] = param.trim().split("=");
      if (k === "q" && v !== undefined) q = Number.isFinite(Number(v)) ? Number(v) : 0;
    }
    weights.set(token.trim(), q);
  }
  if (parsed.size < PARSED_MAX) parsed.set(header, weights);
  return weights;
}

/**
 * Picks the best content coding the client accepts among `available` (brotli preferred on ties),
 * or undefined for identity. Honours q-values, `q=0` exclusions and `*`.
 * @see RFC 9110 §12.5.3
 */
export function negotiateEncoding(header: string | undefined, available: readonly ContentCoding[]): ContentCoding | undefined {
  if (!header || available.length === 0) return undefined;
  const weights = codingWeights(header);
  let best: ContentCoding | undefined;
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined) ?? weights.get("*") ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

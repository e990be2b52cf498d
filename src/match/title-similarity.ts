/** Character bigrams of a key, with word boundaries marked so that word order matters a little. */
function bigrams(key: string): Map<string, number> {
  const padded = ` ${key} `;
  const out = new Map<string, number>();
  for (let i = 0; i < padded.length - 1; i++) {
    const gram = padded.slice(i, i + 2);
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

/**
 * Sørensen–Dice coefficient over character bigrams of two title keys, 0–1. Tolerant of typos,
 * missing words and word-order changes, which is what renamed ROM files show.
 */
export function titleSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const n of x.values()) total += n;
  for (const [gram, n] of y) {
    total += n;
    shared += Math.min(n, x.get(gram) ?? 0);
  }
  return (2 * shared) / total;
}

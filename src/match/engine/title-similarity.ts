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

/**
 * Optimal-string-alignment distance (edits, an adjacent swap counting one) between two strings,
 * or `limit + 1` as soon as it must exceed `limit`. A renamed file's typo is one or two edits; a
 * different game of a series differs by a word.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prevPrev[j - 2] ?? 0) + 1);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

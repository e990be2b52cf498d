/** A hex key's 32-bit words, eight digits each, read the slow, obvious way: the reference for the parsers. */
export function hexWords(key: string): number[] {
  return Array.from({ length: key.length / 8 }, (_, w) => Number.parseInt(key.slice(w * 8, w * 8 + 8), 16) | 0);
}

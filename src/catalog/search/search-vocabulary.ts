/**
 * Every term of the title index, for exact, prefix and one-typo look-ups. Typo tolerance looks
 * candidate terms up here once per query word.
 */
export interface SearchVocabulary {
  /** Known terms one typo away from `word`: one edit (insert, delete, replace) or two adjacent letters swapped. */
  near(word: string): string[];
  /** True when some title has this term. */
  has(term: string): boolean;
  /** The term's position in the sorted term list, or -1. */
  ordinal(term: string): number;
  /** The positions `[start, end)` of the terms that begin with `prefix` (the term itself included). */
  prefixRange(prefix: string): readonly [number, number];
  /**
   * Adds up to `count` more terms to the map that answers {@link SearchVocabulary.has} and
   * {@link SearchVocabulary.ordinal}; true while some are left. Once filling has begun, and until
   * all are in, those two search the sorted terms instead, with the same answers; used before it
   * begins, they fill the map at once, as does {@link SearchVocabulary.near}, which looks up
   * hundreds of candidates.
   */
  indexSome(count: number): boolean;
}

/** Typo candidates kept per word: search-as-you-type asks for the same words again with each letter typed. */
const NEAR_CACHE_SIZE = 4096;

/** Letters and digits: what an ASCII term is made of (titleKey keeps nothing else). */
const ASCII_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
const ASCII_RE = /^[\u0000-\u007f]*$/;

/** True when `b` is one edit (insert, delete, replace) or one adjacent swap away from `a`, and not `a`. */
export function oneTypoApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The vocabulary over `terms`, which must be sorted by UTF-16 code units (as the title index stores them). */
export function createSearchVocabulary(terms: readonly string[]): SearchVocabulary {
  // Filled in steps (indexSome): built in one turn, the whole map held up a server's first
  // requests (docs/performance.md).
  const ordinals = new Map<string, number>();
  let indexed = 0;
  const indexSome = (count: number): boolean => {
    const end = Math.min(terms.length, indexed + count);
    for (; indexed < end; indexed++) ordinals.set(terms[indexed] as string, indexed);
    return indexed < terms.length;
  };
  const ordinal = (term: string): number => {
    // Used before any filling began (no preload under way): filled at once, as a first use always was.
    if (indexed === 0) indexSome(terms.length);
    if (indexed === terms.length) return ordinals.get(term) ?? -1;
    const at = lowerBound(term);
    return terms[at] === term ? at : -1;
  };
  // The few terms with other letters (kana, kanji, ...): an ASCII word is checked against them directly.
  let otherTerms: readonly string[] | undefined;
  const nearCache = new Map<string, string[]>();
  const lowerBound = (key: string, from = 0, to = terms.length): number => {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((terms[mid] as string) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    has: (term) => ordinal(term) !== -1,
    ordinal,
    prefixRange: (prefix) => [lowerBound(prefix), lowerBound(`${prefix}\uffff`)],
    indexSome,
    near(word) {
      const cached = nearCache.get(word);
      if (cached) return cached;
      indexSome(terms.length);
      if (nearCache.size >= NEAR_CACHE_SIZE) nearCache.clear();
      const found = nearTerms(word);
      nearCache.set(word, found);
      return found;
    },
  };

  /**
   * Candidate spellings looked up in a hash map (a few hundred look-ups) rather than a walk of a
   * radix tree at Levenshtein distance 2, which showed high in search's profile (docs/performance.md).
   */
  function nearTerms(word: string): string[] {
    if (!ASCII_RE.test(word)) return terms.filter((term) => oneTypoApart(word, term));
    const out = new Set<string>();
    const add = (candidate: string): void => {
      if (candidate !== word && ordinals.has(candidate)) out.add(candidate);
    };
    // An edit at position i keeps the word's first i letters: past the longest prefix some term
    // begins with, no position can give a term.
    let reach = 0;
    let start = 0;
    let end = terms.length;
    while (reach < word.length) {
      const head = word.slice(0, reach + 1);
      start = lowerBound(head, start, end);
      end = lowerBound(`${head}\uffff`, start, end);
      if (start >= end) break;
      reach++;
    }
    for (let i = 0; i <= reach; i++) {
      const head = word.slice(0, i);
      const tail = word.slice(i);
      for (const letter of ASCII_ALPHABET) {
        add(head + letter + tail);
        if (i < word.length) add(head + letter + word.slice(i + 1));
      }
      if (i < word.length) add(head + word.slice(i + 1));
      if (i + 1 < word.length) add(head + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2));
    }
    otherTerms ??= terms.filter((term) => !ASCII_RE.test(term));
    for (const term of otherTerms) if (oneTypoApart(word, term)) out.add(term);
    return [...out];
  }
}

import SearchableMap from "minisearch/SearchableMap";

/**
 * Every term of every search index in one radix tree. Typo tolerance looks candidate terms up
 * here once per query word instead of running MiniSearch's fuzzy search in every index.
 */
export interface SearchVocabulary {
  /** Known terms one typo away from `word`: one edit (insert, delete, replace) or two adjacent letters swapped. */
  near(word: string): string[];
  /** True when some title has this term. */
  has(term: string): boolean;
}

/** True when `b` is `a` with two adjacent letters swapped (Damerau's transposition). */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Builds the vocabulary from the serialized indexes' term lists. */
export function createSearchVocabulary(terms: Iterable<string>): SearchVocabulary {
  const map = new SearchableMap<true>();
  for (const term of terms) map.set(term, true);
  return {
    has: (term) => map.has(term),
    near(word) {
      const out: string[] = [];
      // Levenshtein distance 2 is the smallest that includes swaps; keep distance 1 and true swaps.
      for (const [term, [, distance]] of map.fuzzyGet(word, 2)) {
        if (term !== word && (distance <= 1 || isTransposition(word, term))) out.push(term);
      }
      return out;
    },
  };
}

import { arabicWord } from "../names/numerals.ts";
import type { SearchVocabulary } from "./search-vocabulary.ts";
import type { TitleQuery } from "./title-query.ts";

const ROMAN_OF: ReadonlyMap<string, string> = new Map(
  ["ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx"].map((r) => [
    arabicWord(r),
    r,
  ]),
);

/** The other spelling of a numeral word ("vii" ↔ "7"), when a title uses it. */
function numeralTwin(word: string, vocabulary: SearchVocabulary): string | undefined {
  const arabic = arabicWord(word);
  const twin = arabic !== word ? arabic : ROMAN_OF.get(word);
  return twin !== undefined && vocabulary.has(twin) ? twin : undefined;
}

/** "megaman" as "mega man": a split whose two halves are both title words (3+ letters each). */
function split(word: string, vocabulary: SearchVocabulary): [string, string] | undefined {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return undefined;
  for (let i = 3; i <= word.length - 3; i++) {
    const a = word.slice(0, i);
    const b = word.slice(i);
    if (vocabulary.has(a) && vocabulary.has(b)) return [a, b];
  }
  return undefined;
}

/**
 * The first-pass query with the equivalent spellings of its words: roman and arabic numerals,
 * a compound written joined or split ("SimCity" / "Sim City", "Megaman" / "Mega Man"); "&" and
 * "and" are one already (titleKey). Each word or adjacent pair becomes an OR of its forms, and the
 * forms are ANDed; a form equal to `prefixWord` also matches as a prefix. Undefined when no word
 * has another form, so plain queries cost nothing more.
 */
export function equivalentQuery(words: readonly string[], vocabulary: SearchVocabulary, prefixWord?: string): TitleQuery | undefined {
  const term = (t: string): TitleQuery => ({ term: t, prefix: t === prefixWord });
  const parts: TitleQuery[] = [];
  let widened = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const next = words[i + 1];
    if (next !== undefined && /^[a-z]+$/.test(word) && /^[a-z]+$/.test(next) && vocabulary.has(word + next)) {
      parts.push({ any: [{ all: [term(word), term(next)] }, term(word + next)] });
      widened = true;
      i++;
      continue;
    }
    const twin = numeralTwin(word, vocabulary);
    const halves = twin === undefined ? split(word, vocabulary) : undefined;
    if (twin !== undefined) {
      parts.push({ any: [term(word), term(twin)] });
      widened = true;
    } else if (halves !== undefined) {
      parts.push({ any: [term(word), { all: halves.map(term) }] });
      widened = true;
    } else parts.push(term(word));
  }
  return widened ? { all: parts } : undefined;
}

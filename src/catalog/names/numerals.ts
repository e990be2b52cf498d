/**
 * Roman numerals as game titles use them for sequels ("Final Fantasy VII", "Mega Man II"), read
 * as numbers. "X" and "I" stay words: "Mega Man X" is not the tenth game and "I" is a pronoun
 * as often as a numeral.
 */
const ROMAN: ReadonlyMap<string, string> = new Map([
  ["ii", "2"],
  ["iii", "3"],
  ["iv", "4"],
  ["v", "5"],
  ["vi", "6"],
  ["vii", "7"],
  ["viii", "8"],
  ["ix", "9"],
  ["xi", "11"],
  ["xii", "12"],
  ["xiii", "13"],
  ["xiv", "14"],
  ["xv", "15"],
  ["xvi", "16"],
  ["xvii", "17"],
  ["xviii", "18"],
  ["xix", "19"],
  ["xx", "20"],
]);

/** The arabic form of a roman-numeral word of a title key ("vii" → "7"), else the word itself. */
export function arabicWord(word: string): string {
  return ROMAN.get(word) ?? word;
}

/** A title key with its roman numerals written in digits: "final fantasy vii" → "final fantasy 7". */
export function numeralKey(key: string): string {
  let changed = false;
  const words = key.split(" ").map((w) => {
    const a = ROMAN.get(w);
    if (a === undefined) return w;
    changed = true;
    return a;
  });
  return changed ? words.join(" ") : key;
}

/** The numbers a title key names (after {@link numeralKey}), in order: what tells a sequel apart. */
const HAS_NUMBER_RE = /[0-9]|(?:^| )[ivx]+(?: |$)/;

export function titleNumbers(key: string): string {
  // Most titles name no number; this test is what a search pays per hit.
  if (!HAS_NUMBER_RE.test(key)) return "";
  return numeralKey(key)
    .split(" ")
    .filter((w) => /^\d+$/.test(w))
    .map((w) => String(Number(w)))
    .join(" ");
}

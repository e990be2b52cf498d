/** Sequel numbers as title keys write them: digits, and the Roman numerals that are not also words ("v", "x"). */
const NUMBER_WORD_RE = /^(?:\d+|ii|iii|iv|vi|vii|viii|ix|xi|xii|xiii)$/;

/** What joins a second product to a title: "X with Power Up Kit", "X - Special Edition + Y Demo". */
const BUNDLE_RE = /\swith\s|\s\+\s/i;

const ROMAN: Readonly<Record<string, string>> = {
  ii: "2",
  iii: "3",
  iv: "4",
  vi: "6",
  vii: "7",
  viii: "8",
  ix: "9",
  xi: "11",
  xii: "12",
  xiii: "13",
};

/** The sequel numbers of a title key, Roman numerals read as digits ("III" and "3" are one number). */
function numberWords(key: string): Set<string> {
  return new Set(
    key
      .split(" ")
      .filter((w) => NUMBER_WORD_RE.test(w))
      .map((w) => ROMAN[w] ?? String(Number(w))),
  );
}

/**
 * True when two titles name two products of one series rather than one product under two names:
 * both carry sequel numbers and none is in both ("Power Rangers III", "Power Rangers IV - The
 * Movie"), or one is the other with a second product bundled on ("Sangokushi 13" and "Sangokushi
 * 13 with Power Up Kit"; "X" and "X - Special Edition + Y Demo"). Keys are title keys, titles the
 * DAT's own titles.
 */
export function editionTitles(a: { key: string; title: string }, b: { key: string; title: string }): boolean {
  if (a.key === b.key || a.key === "" || b.key === "") return false;
  const na = numberWords(a.key);
  const nb = numberWords(b.key);
  if (na.size > 0 && nb.size > 0 && ![...na].some((n) => nb.has(n))) return true;
  const [short, long] = a.key.length < b.key.length ? [a, b] : [b, a];
  return long.key.startsWith(`${short.key} `) && BUNDLE_RE.test(long.title) && !BUNDLE_RE.test(short.title);
}

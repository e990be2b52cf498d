import { restoreArticles } from "./parse-game-name.ts";

// Letters that NFKD leaves whole but that people type as plain ASCII.
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ħ: "h",
};

const NON_ASCII_RE = /[^\p{ASCII}]/u;
const ESCAPED_AMPERSAND_RE = /&amp;/gi;
const MARKS_RE = /\p{M}+/gu;
const FOLDED_RE = /[ßæœøđðþłıħ]/g;
const WORD_CHAR_RE = /^[\p{L}\p{N}]/u;
// Checked before punctuation is touched, so "La-Mulana" or "A-Train" keep their first word.
const LEADING_ARTICLE_RE = /^(?:(?:the|an?|le|la|les|el|il|lo|gli|los|las|die|der|das|het)\s+|l['’`´]\s*)(?=[\p{L}\p{N}])/u;

/**
 * Words too common in titles to help a search: matching them costs a scan of tens of thousands
 * of postings and ranks nothing. English articles and connectives, and the most frequent
 * Romance-language and Japanese particles of the DAT titles.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([
  "the",
  "a",
  "an",
  "of",
  "and",
  "to",
  "in",
  "on",
  "for",
  "with",
  "no",
  "de",
  "la",
  "le",
  "wa",
  "ga",
  "ni",
  "wo",
]);

/** True for a word search leaves out of titles ({@link titleWords}): a search index does not list it. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

function isApostrophe(c: number): boolean {
  return c === 0x27 || c === 0x2019 || c === 0x2018 || c === 0x60 || c === 0xb4 || c === 0x2bc;
}

/**
 * Grouping/search key for a title: lower case, diacritics removed (NFKD), "&" (and its escape "&amp;") as "and", apostrophes removed, other
 * punctuation as spaces, whitespace collapsed. A postponed article is restored first and then a leading article
 * followed by a word is dropped: the/a/an, le/la/les/l'/el/il/lo/gli/los/las/die/der/das/het.
 * "Legend of Zelda, The", "The Legend of Zelda" and "legend of zelda" all give "legend of zelda".
 */
export function titleKey(title: string): string {
  // Some DATs keep the XML escape of "&" in their names ("Kane &amp; Lynch").
  let s = restoreArticles(String(title ?? "").trim()).replace(ESCAPED_AMPERSAND_RE, "&");
  if (NON_ASCII_RE.test(s)) {
    s = s.normalize("NFKD").replace(MARKS_RE, "").toLowerCase();
    s = s.replace(FOLDED_RE, (ch) => FOLDED_LETTERS[ch] ?? ch);
  } else {
    s = s.toLowerCase();
  }
  const article = LEADING_ARTICLE_RE.exec(s);
  const begin = article === null ? 0 : article[0].length;

  // One pass over the characters, copying runs of letters and digits; hot during imports.
  let out = "";
  let pendingSpace = false;
  let run = -1;
  for (let i = begin; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let word = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
    let width = 1;
    if (!word && c >= 0x80) {
      width = c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      word = WORD_CHAR_RE.test(s.slice(i, i + width));
    }
    if (word) {
      if (run < 0) {
        if (pendingSpace && out !== "") out += " ";
        pendingSpace = false;
        run = i;
      }
      i += width - 1;
      continue;
    }
    if (run >= 0) {
      out += s.slice(run, i);
      run = -1;
    }
    if (isApostrophe(c)) continue;
    if (c === 0x26) {
      out += out === "" ? "and" : " and";
    }
    pendingSpace = true;
  }
  if (run >= 0) out += s.slice(run);
  return out;
}

/**
 * Words of a title for search, normalised like {@link titleKey}. Articles and the other stop
 * words are left out wherever they stand, unless the title consists of nothing else.
 */
export function titleWords(title: string): string[] {
  const key = titleKey(title);
  if (key === "") return [];
  const words = CJK_RE.test(key) ? cjkWords(key) : key.split(" ");
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}

/** Han, kana and Hangul: scripts written without spaces between words. */
const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;
const CJK_RUN_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu;

/** True when `word` is written in a CJK script: one of the character pairs {@link titleWords} makes of such text. */
export function isCjkWord(word: string): boolean {
  return CJK_RE.test(word);
}

/**
 * The words of a key holding CJK text: its other words as they are, and its CJK text as
 * overlapping character pairs ("ロックマン" → "ロッ", "ック", "クマ", "マン"), read across the spaces
 * between CJK words, since people type such titles with and without them. A lone CJK character is
 * its own word. Hangul is composed again (NFKD in {@link titleKey} splits it into letters).
 */
function cjkWords(key: string): string[] {
  const text = key.normalize("NFC");
  const out: string[] = [];
  let cjk = "";
  const flush = (): void => {
    const chars = [...cjk];
    if (chars.length === 1) out.push(cjk);
    for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    cjk = "";
  };
  for (const word of text.split(" ")) {
    let at = 0;
    for (const m of word.matchAll(CJK_RUN_RE)) {
      const before = word.slice(at, m.index);
      if (before) {
        flush();
        out.push(before);
      }
      cjk += m[0];
      at = m.index + m[0].length;
    }
    const after = word.slice(at);
    if (after) {
      flush();
      out.push(after);
    }
  }
  flush();
  return out;
}

/** Retool's language words ("japanese", "chinese (traditional)") as BCP 47 tags. */
const LANGUAGE_WORDS: Readonly<Record<string, string>> = {
  japanese: "ja",
  korean: "ko",
  chinese: "zh",
  "chinese (simplified)": "zh-Hans",
  "chinese (traditional)": "zh-Hant",
  russian: "ru",
  greek: "el",
  german: "de",
  french: "fr",
  spanish: "es",
  italian: "it",
  dutch: "nl",
  swedish: "sv",
  danish: "da",
  portuguese: "pt",
  norwegian: "no",
  polish: "pl",
  finnish: "fi",
  czech: "cs",
  hungarian: "hu",
  croatian: "hr",
};

/** The BCP 47 tag of a Retool language word, undefined for one it does not know. */
export function languageTag(word: string): string | undefined {
  return LANGUAGE_WORDS[word.toLowerCase()];
}

const KANA_RE = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL_RE = /\p{Script=Hangul}/u;
const HAN_RE = /\p{Script=Han}/u;
const CYRILLIC_RE = /\p{Script=Cyrillic}/u;
const GREEK_RE = /\p{Script=Greek}/u;

/**
 * The language of a native-script name, as a BCP 47 tag: by its script where that says (kana is
 * Japanese, Hangul Korean, Greek Greek), else by the DAT entry's languages ("Ja", "Zh"); Han alone is
 * Japanese or Chinese as the entry's languages say. Undefined when neither tells.
 */
export function localNameLanguage(name: string, languages: readonly string[]): string | undefined {
  const codes = languages.map((l) => l.toLowerCase());
  if (KANA_RE.test(name)) return "ja";
  if (HANGUL_RE.test(name)) return "ko";
  if (GREEK_RE.test(name)) return "el";
  if (HAN_RE.test(name)) return codes.includes("ja") ? "ja" : codes.includes("zh") ? "zh" : codes.includes("ko") ? "ko" : "ja";
  if (CYRILLIC_RE.test(name)) return codes.find((c) => ["ru", "uk", "bg", "sr"].includes(c)) ?? "ru";
  const other = codes.find((c) => c !== "en");
  return other ?? codes[0];
}

/** The first word of a company's name, which "Capcom" and "Capcom Co., Ltd." share and another company does not. */
export function companyWord(name: string): string {
  return name.toLowerCase().match(/[a-z0-9]+/)?.[0] ?? "";
}

/**
 * Words the DATs put where a company belongs (DOS's "demo", "EGA", "RPG", "Europe"; MAME's "bootleg", "hack", "<unknown>"): they credit no one.
 */
const NOT_A_COMPANY: ReadonlySet<string> = new Set([
  "",
  "unknown",
  "anonymous",
  "bootleg",
  "hack",
  "homebrew",
  "demo",
  "beta",
  "prototype",
  "proto",
  "cga",
  "ega",
  "vga",
  "mda",
  "rpg",
  "enhanced",
  "work",
  "lt",
  "inc",
  "ltd",
  "llc",
  "co",
  "corp",
  "corporation",
  "gmbh",
  "plc",
  "limited",
  "pty",
  "sa",
  "s",
  "srl",
  "ag",
  "bv",
  "the",
  "europe",
]);

/** A credit that names a build of the game ("English Demo Version"), not its maker. */
const BUILD_CREDIT_RE = /\b(?:demo|version)\b/i;

/**
 * The companies a credit names, each by {@link companyWord}: "Futura Games, U.S. Gold Ltd./Kixx"
 * names futura, u and kixx; a credit that names none gives an empty set.
 */
export function companies(credit: string | undefined): ReadonlySet<string> {
  const key = credit ?? "";
  const known = seen.get(key);
  if (known) return known;
  const out = new Set<string>();
  for (const part of (credit ?? "").split(/\s*(?:[/,;]|\band\b|&|\+|\s-\s)\s*/i)) {
    const word = companyWord(part.replace(/^\[|\]$/g, ""));
    // "English Demo Version": a credit naming a build credits no one.
    if (!NOT_A_COMPANY.has(word) && !BUILD_CREDIT_RE.test(part)) out.add(word);
  }
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(key, out);
  return out;
}

/** Credits already read: one import reads the same few thousand makers hundreds of thousands of times. */
const seen = new Map<string, ReadonlySet<string>>();
const MAX_SEEN = 20_000;

/** True when both credits name companies and none is in both. */
export function noCompanyInCommon(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  for (const x of a) if (b.has(x)) return false;
  return true;
}

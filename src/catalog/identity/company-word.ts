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

/** Words that make a credit a company's name, not a person's ("Unique Software", "Image Works", "Sonic Team"). */
const COMPANY_NAME_WORDS: ReadonlySet<string> = new Set(
  (
    "software softworks soft games game gaming computing computer computers systems system enterprises enterprise products " +
    "productions production entertainment studios studio interactive publishing publishers publications media multimedia labs lab " +
    "laboratories design designs development developments team group corporation company associates research graphics arts works " +
    "workshop technologies technology electronics electronic digital communications international network networks library club " +
    "press editions edition consulting trading innovations solutions services ventures creations leisure learning educational " +
    "education simulations programs programming verlag spiele computerspiele unlimited online on-line brothers bros partners " +
    "foundation institute university school magazine distribution marketing industries micro microsystems data information " +
    "shareware freeware public domain project projects toys pictures records music sound video vision visions inc ltd llc gmbh corp co"
  ).split(" "),
);

/** A word of a person's name: a capitalised name ("Richard", "McDonald", "Jean-Luc", "O'Brien"), an initial ("J.", "J.T.") or a particle ("van", "deForest"). */
const NAME_WORD_RE =
  /^(?:(?:[A-Z]\.){1,3}|[A-Z]|(?:Mc|Mac|O'|D'|St)?[A-Z][a-z\u00df-\u00ff]+(?:-[A-Z][a-z\u00df-\u00ff]+)?|(?:van|von|de|der|den|di|da|du|le|la|del|dos|ten|ter)(?:[A-Z][a-z]+)?)$/;
/** A name word that can end a person's name: a surname, not an initial or a particle. */
const SURNAME_RE = /^(?:Mc|Mac|O'|D'|St|de|van|von|le|la|di|du)?[A-Z][a-z\u00df-\u00ff]+(?:-[A-Z][a-z\u00df-\u00ff]+)?$/;
/** A generation after a surname ("Ed T. Toton III", "Jr."): not part of what tells two people apart. */
const GENERATION_RE = /^(?:Jr\.?|Sr\.?|II|III|IV)$/;

/**
 * The key of a credit that names a person ("Richard Kaapke", "J. T. Chisholm", "Don Phillip Gibson"):
 * the first and last name, lower case ("richard kaapke"); undefined for a company's name. Two to
 * four capitalised name words, none of them a company's word, make a person.
 */
export function personKey(part: string): string | undefined {
  const words = part.trim().split(/\s+/);
  while (words.length > 2 && GENERATION_RE.test(words.at(-1) ?? "")) words.pop();
  const last = words.at(-1) ?? "";
  if (words.length < 2 || words.length > 4 || !SURNAME_RE.test(last) || words[0] === "The") return undefined;
  if (!words.every((w) => NAME_WORD_RE.test(w) && !COMPANY_NAME_WORDS.has(w.toLowerCase()))) return undefined;
  return `${companyWord(words[0] ?? "")} ${companyWord(last.replace(/^(?:Mc|Mac|O'|D'|St|de|van|von|le|la|di|du)(?=[A-Z])/, ""))}`;
}

/**
 * The makers a credit names: a person by first and last name ({@link personKey}), a company by
 * {@link companyWord} after a leading "The": "Futura Games, U.S. Gold Ltd./Kixx" names futura, u
 * and kixx, "Pete Ridley, Richard Kaapke" pete ridley and richard kaapke; a credit that names none
 * gives an empty set.
 */
export function companies(credit: string | undefined): ReadonlySet<string> {
  const key = credit ?? "";
  const known = seen.get(key);
  if (known) return known;
  const out = new Set<string>();
  for (const part of (credit ?? "").split(/\s*(?:[/,;]|\band\b|&|\+|\s-\s)\s*/i)) {
    const bare = part.replace(/^\[|\]$/g, "").replace(/^the\s+(?=\S)/i, "");
    const person = personKey(bare);
    const word = person ?? companyWord(bare);
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

/**
 * True when two makers ({@link companies}) are one: two companies by their word, two people by
 * surname and first initial ("Mike Stephenson", "M. Stephenson"), a person and a company when the
 * company's word is the person's first or last name ("William Soleau", "Soleau Software"; a credit
 * such as "Electronic Arts" reads as a name). A first name alone is no maker in common: "Richard
 * Kaapke" and "Richard Tom" are two people.
 */
export function sameMaker(a: string, b: string): boolean {
  if (a === b) return true;
  const pa = a.indexOf(" ");
  const pb = b.indexOf(" ");
  if (pa < 0 && pb < 0) return false;
  if (pa >= 0 && pb >= 0) return a[0] === b[0] && sameSurname(a.slice(pa + 1), b.slice(pb + 1));
  const [person, at, company] = pa >= 0 ? [a, pa, b] : [b, pb, a];
  return person.slice(0, at) === company || person.slice(at + 1) === company;
}

/** Shortest surname a slip of one letter may be read in: "Thomas Scheels" and "Thomas Schels" are one author. */
const MIN_SLIPPED_SURNAME = 5;

/** True when two surnames are one, or one letter more, less or another apart in names of {@link MIN_SLIPPED_SURNAME} letters or more. */
function sameSurname(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < MIN_SLIPPED_SURNAME || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : b.slice(i + 1) === a.slice(i);
}

/** True when a maker of one set is a maker of the other ({@link sameMaker}). */
export function makerInCommon(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) for (const y of b) if (sameMaker(x, y)) return true;
  return false;
}

/** True when both credits name makers and none is in both. */
export function noCompanyInCommon(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  return !makerInCommon(a, b);
}

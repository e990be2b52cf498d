/** The words that name a disc packed beside a game rather than the game: "Bonus Disc", "Extra Disc", "Tokuten Disc", "Special Eizou". */
const DISC_WORDS = String.raw`(?:bonus|extra|premium|tokuten|omake|making|special)\s+(?:disc|dvd)|bonus\s+dvd|(?:special|premium|kimitsu)\s+eizou(?:\s+disc)?|eizou\s+disc`;

/** A tag naming such a disc, with what edition it came with: "Bonus Disc", "Limited Edition Bonus Disc", "Bonus Disc Part 1", "Yoyaku Tokuten Disc". */
const BONUS_TAG_RE = new RegExp(String.raw`^(?:[\w'!.-]+\s+){0,3}(?:${DISC_WORDS})(?:\s+part\s+\d+)?$`, "i");

/** A title ending in such words: "Kamaitachi no Yoru 2 - … - Special Eizou", "Resident Evil 4: Bonus Disc", "Shining Force III Premium Disc". */
const BONUS_TITLE_RE = new RegExp(String.raw`(?:\s*[-:~]\s*|\s+)(?:${DISC_WORDS})!*$`, "i");

/** A title that already names its own disc ("Pokemon Colosseum - Kakuchou Disc"): a bonus tag on it adds nothing to tell it apart. */
const OWN_DISC_RE = /\b(?:disc|disk|dvd|eizou)\s*$/i;

/** What the bonus-disc rule reads of a release's parsed name. */
export interface BonusDiscName {
  readonly title: string;
  /** The tags the parser kept verbatim. */
  readonly extra: readonly string[];
  /** The disc number of a multi-disc set, when the name gives one. */
  readonly disc?: number;
}

/**
 * The tag that calls a release a bonus disc of the game whose title it carries ("Starry Sky - After
 * Winter Portable (Japan) (Extra Disc)", "Killzone (Europe) (Bonus Disc)"): the DATs name such a
 * disc after its game, but it is another work packed in a limited box or given with a pre-order. A
 * numbered disc of a set ("Eve - The Lost One (Japan) (Disc 4) (Premium Disc)", one serial run with
 * discs 1 to 3) is the game's own disc and has none.
 */
export function bonusDiscTag(name: BonusDiscName): string | undefined {
  if (name.disc !== undefined) return undefined;
  return name.extra.find((tag) => BONUS_TAG_RE.test(tag.trim()));
}

/**
 * The title a bonus disc is grouped under: its game's title with the tag's words after it ("Killzone
 * - Bonus Disc"), so that it never shares the game's title group; a title that names its disc already
 * is kept. Undefined when the release is no bonus disc by a tag.
 */
export function bonusDiscTitle(name: BonusDiscName): string | undefined {
  const tag = bonusDiscTag(name);
  if (tag === undefined || OWN_DISC_RE.test(name.title)) return undefined;
  return `${name.title} - ${tag.trim()}`;
}

/** True when a title names a bonus disc by its last words ("Resident Evil 4: Bonus Disc", "… - Special Eizou"). */
export function isBonusDiscTitle(title: string): boolean {
  return BONUS_TITLE_RE.test(title.trim());
}

/**
 * The titles a bonus disc's game may have, longest first: the title without its bonus words, then,
 * with `parts`, each part before a " - " or ": " separator ("Starry Sky - After Winter Portable -
 * Etsuran Shite Please - Etsu Plea 2" names "Starry Sky - After Winter Portable").
 */
export function bonusDiscGameTitles(title: string, parts = true): string[] {
  const bare = title.trim().replace(BONUS_TITLE_RE, "").trim();
  const out = bare === title.trim() ? [] : [bare];
  if (!parts) return out;
  const separator = /\s+-\s+|:\s+/g;
  const cuts: number[] = [];
  for (let m = separator.exec(bare); m; m = separator.exec(bare)) cuts.push(m.index);
  for (const at of cuts.reverse()) {
    const head = bare.slice(0, at).trim();
    if (head && !out.includes(head)) out.push(head);
  }
  return out;
}

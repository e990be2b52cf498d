import { titleKey } from "../names/title-key.ts";
import type { GameRecord } from "./game-record.ts";

/**
 * The record's alternate titles that only its pirate releases carry: a pirate cart's retitle
 * ("Sonic" for Adventure Island, "Street Fighter V" for Super Street Fighter II) is found by
 * search but is not a name of the work, so it never ranks as the game's title nor names it in
 * structured data. A title no release spells out (a native-script name) is never one.
 */
export function pirateOnlyTitles(record: Pick<GameRecord, "alternateTitles" | "releases">): ReadonlySet<string> {
  const alternates = record.alternateTitles;
  if (alternates === undefined || !record.releases.some((r) => r.flags.includes("Pirate"))) return empty;
  const pirate = new Map<string, boolean>();
  for (const release of record.releases) {
    const key = titleKey(datTitle(release.name));
    const onlyPirate = release.flags.includes("Pirate");
    pirate.set(key, (pirate.get(key) ?? true) && onlyPirate);
  }
  const out = new Set<string>();
  for (const alternate of alternates)
    if (alternate.language === undefined && pirate.get(titleKey(alternate.title)) === true) out.add(alternate.title);
  return out;
}

const empty: ReadonlySet<string> = new Set();

/** The title part of a DAT name: what precedes its first tag, "(Asia)" or "[h1]". */
function datTitle(name: string): string {
  const tag = name.search(/ [([]/);
  return tag === -1 ? name : name.slice(0, tag);
}

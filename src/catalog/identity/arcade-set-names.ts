/** One arcade set as one or more collections list it under one DAT name. */
export interface ArcadeSetEntry {
  /** The DAT name ("New Atomic Punk - Global Quest (US)"). */
  readonly name: string;
  readonly setName: string | undefined;
  /** The collections ("mame-2003", "fbneo") that list this name under this set name. */
  readonly collections: readonly string[];
  readonly year: number | undefined;
  /** The SHA-1 of the set's zip, when the DAT gives it. */
  readonly zip?: string | undefined;
}

/**
 * The set name each entry joins other collections by, where it is not its own: a collection that
 * lists the entry's own name under another set, and the entry's set name under other names dated
 * another year, gave that set name to another game, and the entry's game is the set its name has
 * there (MAME 2003's `atompunk` is "New Atomic Punk - Global Quest", 1992, which MAME 2010 calls
 * `newapunk`, giving `atompunk` to 1991's "Atomic Punk"). A set that only moved to another of one
 * game's sets keeps its year ("Sen Jin - Guardian Storm", `grdnstrm` in MAME 2003 and `grdnstrmk`
 * in MAME 2010, both 1998) and still joins by its name. An undated entry moves the same way when the
 * other collection zips its set name otherwise and gives its very zip another set name (MAME 2003's
 * `alieninv`, "Alien Invasion Part II", is MAME 2010's `alieninvp2`; 2010's `alieninv` is another bootleg).
 */
export function movedSetNames(entries: readonly ArcadeSetEntry[]): (string | undefined)[] {
  const setsByName = new Map<string, Set<string>>();
  const bySet = new Map<string, { names: Set<string>; years: Set<number>; zips: Set<string> }>();
  const setsByZip = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (!entry.setName) continue;
    for (const collection of entry.collections) {
      const at = `${collection}\u0000${entry.setName}`;
      const known = bySet.get(at) ?? { names: new Set<string>(), years: new Set<number>(), zips: new Set<string>() };
      known.names.add(entry.name);
      if (entry.year !== undefined) known.years.add(entry.year);
      if (entry.zip !== undefined) {
        known.zips.add(entry.zip);
        const zipped = setsByZip.get(`${collection}\u0000${entry.zip}`) ?? new Set<string>();
        zipped.add(entry.setName);
        setsByZip.set(`${collection}\u0000${entry.zip}`, zipped);
      }
      bySet.set(at, known);
      const sets = setsByName.get(`${collection}\u0000${entry.name}`) ?? new Set<string>();
      sets.add(entry.setName);
      setsByName.set(`${collection}\u0000${entry.name}`, sets);
    }
  }
  const collections = new Set(entries.flatMap((e) => e.collections));
  return entries.map((entry) => {
    const { setName, year, zip } = entry;
    if (!setName) return undefined;
    for (const other of [...collections].sort()) {
      if (entry.collections.includes(other)) continue;
      const there = bySet.get(`${other}\u0000${setName}`);
      if (zip !== undefined && there && there.zips.size > 0 && !there.zips.has(zip)) {
        const rezipped = [...(setsByZip.get(`${other}\u0000${zip}`) ?? [])].filter((s) => s !== setName).sort();
        if (rezipped[0] !== undefined) return rezipped[0];
      }
      if (year === undefined) continue;
      if (!there || there.names.has(entry.name) || there.years.size === 0 || there.years.has(year)) continue;
      const moved = [...(setsByName.get(`${other}\u0000${entry.name}`) ?? [])].filter((s) => s !== setName).sort();
      if (moved[0] !== undefined) return moved[0];
    }
    return undefined;
  });
}

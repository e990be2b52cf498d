/** One arcade set as one or more collections list it under one DAT name. */
export interface ArcadeSetEntry {
  /** The DAT name ("New Atomic Punk - Global Quest (US)"). */
  readonly name: string;
  readonly setName: string | undefined;
  /** The collections ("mame-2003", "fbneo") that list this name under this set name. */
  readonly collections: readonly string[];
  readonly year: number | undefined;
}

/**
 * The set name each entry joins other collections by, where it is not its own: a collection that
 * lists the entry's own name under another set, and the entry's set name under other names dated
 * another year, gave that set name to another game, and the entry's game is the set its name has
 * there (MAME 2003's `atompunk` is "New Atomic Punk - Global Quest", 1992, which MAME 2010 calls
 * `newapunk`, giving `atompunk` to 1991's "Atomic Punk"). A set that only moved to another of one
 * game's sets keeps its year ("Sen Jin - Guardian Storm", `grdnstrm` in MAME 2003 and `grdnstrmk`
 * in MAME 2010, both 1998) and still joins by its name.
 */
export function movedSetNames(entries: readonly ArcadeSetEntry[]): (string | undefined)[] {
  const setsByName = new Map<string, Set<string>>();
  const bySet = new Map<string, { names: Set<string>; years: Set<number> }>();
  for (const entry of entries) {
    if (!entry.setName) continue;
    for (const collection of entry.collections) {
      const at = `${collection}\u0000${entry.setName}`;
      const known = bySet.get(at) ?? { names: new Set<string>(), years: new Set<number>() };
      known.names.add(entry.name);
      if (entry.year !== undefined) known.years.add(entry.year);
      bySet.set(at, known);
      const sets = setsByName.get(`${collection}\u0000${entry.name}`) ?? new Set<string>();
      sets.add(entry.setName);
      setsByName.set(`${collection}\u0000${entry.name}`, sets);
    }
  }
  const collections = new Set(entries.flatMap((e) => e.collections));
  return entries.map((entry) => {
    const { setName, year } = entry;
    if (!setName || year === undefined) return undefined;
    for (const other of [...collections].sort()) {
      if (entry.collections.includes(other)) continue;
      const there = bySet.get(`${other}\u0000${setName}`);
      if (!there || there.names.has(entry.name) || there.years.size === 0 || there.years.has(year)) continue;
      const moved = [...(setsByName.get(`${other}\u0000${entry.name}`) ?? [])].filter((s) => s !== setName).sort();
      if (moved[0] !== undefined) return moved[0];
    }
    return undefined;
  });
}

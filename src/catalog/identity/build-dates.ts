/** "Euro 950727" in "Street Fighter Alpha: Warriors' Dreams (Euro 950727)": a region word and a YYMMDD build date. */
const BUILD_DATE_RE = /(?:^|,\s*)([A-Za-z][A-Za-z .]*?)\s+(\d{2})(\d{2})(\d{2})\b/g;

/**
 * The builds an arcade set's DAT name dates, each as "yymmdd region" ("950727 euro"): CPS sets name
 * the region and the date of the program they hold in one tag. A tag's other words are not read.
 */
export function buildDates(name: string): string[] {
  const out: string[] = [];
  for (const tag of name.matchAll(/\(([^()]*)\)/g)) {
    for (const match of (tag[1] ?? "").matchAll(BUILD_DATE_RE)) {
      const [, region, yy, mm, dd] = match;
      const month = Number(mm);
      const day = Number(dd);
      if (!region || month < 1 || month > 12 || day < 1 || day > 31) continue;
      out.push(`${yy}${mm}${dd} ${region.trim().toLowerCase()}`);
    }
  }
  return out;
}

/** Shared builds that make two titles one game whatever else their sets date: one can be a coincidence of release days. */
const MIN_SHARED_BUILDS = 2;

/**
 * Pairs of title groups (indexes as given) that are one game under regional titles: their sets
 * name a build date in common under regions none of which is in both ("Street Fighter Alpha (Euro
 * 950727)" and "Street Fighter Zero (Brazil 950727)"), and either {@link MIN_SHARED_BUILDS} such
 * dates or no region in common among all their dated sets ("Strider 2 (USA 000406)", "Strider Hiryu
 * 2 (Japan 000406)"). One date shared by titles that each name a region the other names is a
 * coincidence of release days ("Block Block (World 910910)", "The King of Dragons (Japan 910910)",
 * also sold as World). The caller still checks that the groups' makers agree.
 */
export function sharedBuildPairs(groups: ReadonlyMap<number, readonly string[]>): [number, number][] {
  /** Per date, the regions each group names it under. */
  const byDate = new Map<string, Map<number, Set<string>>>();
  /** Every region each group dates a build in. */
  const regionsOf = new Map<number, Set<string>>();
  for (const [group, dates] of groups) {
    const all = new Set<string>();
    regionsOf.set(group, all);
    for (const entry of dates) {
      const at = entry.indexOf(" ");
      const date = entry.slice(0, at);
      const region = entry.slice(at + 1);
      all.add(region);
      let holders = byDate.get(date);
      if (!holders) byDate.set(date, (holders = new Map()));
      const regions = holders.get(group) ?? new Set<string>();
      regions.add(region);
      holders.set(group, regions);
    }
  }
  const shared = new Map<string, { a: number; b: number; count: number }>();
  for (const holders of byDate.values()) {
    if (holders.size < 2) continue;
    const list = [...holders].sort((x, y) => x[0] - y[0]);
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const [a, ra] = list[x] ?? [0, new Set<string>()];
        const [b, rb] = list[y] ?? [0, new Set<string>()];
        if ([...ra].some((r) => rb.has(r))) continue;
        const key = `${a} ${b}`;
        const known = shared.get(key);
        if (known) known.count++;
        else shared.set(key, { a, b, count: 1 });
      }
  }
  const apart = (a: number, b: number): boolean => {
    const rb = regionsOf.get(b) ?? new Set<string>();
    return ![...(regionsOf.get(a) ?? [])].some((r) => rb.has(r));
  };
  return [...shared.values()].filter((s) => s.count >= MIN_SHARED_BUILDS || apart(s.a, s.b)).map((s) => [s.a, s.b]);
}

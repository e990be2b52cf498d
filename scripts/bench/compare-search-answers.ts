/**
 * Compares the search answers of two versions of the code (a rewrite against the code before it): `dump <codeRoot> <buildDir> <out.json>` writes the top-10 of every query of the
 * quality set, 2,000 random real titles and the typed prefixes of 100 titles, with the code under
 * `codeRoot` (a checkout of the older commit works); `compare <old.json> <new.json>` counts how
 * many answers differ, and how.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

interface Answer {
  /** The query set the query belongs to. */
  readonly set: string;
  readonly q: string;
  readonly system?: string;
  readonly total: number;
  readonly top: string[];
}

interface Summary {
  readonly id: number;
  readonly title: string;
  readonly system: string;
}

async function dump(root: string, buildDir: string, out: string): Promise<void> {
  const { searchGames } = await import(path.resolve(root, "src/catalog/search/search-games.ts"));
  const { loadCatalogSnapshot } = await import(path.resolve(root, "src/catalog/store/catalog-snapshot.ts"));
  // The query sets always come from this checkout, so both versions answer the same queries.
  const sets = await import("./search-query-sets.ts");
  const snapshot = loadCatalogSnapshot(buildDir);
  const sets_: [string, { q: string; system?: string }[]][] = [
    ["quality set", sets.qualityQueries(snapshot)],
    ["random titles", sets.randomTitleQueries(snapshot, 2000)],
    ["typed prefixes", sets.typedPrefixQueries(snapshot, 100, 77)],
  ];
  const answers: Answer[] = sets_.flatMap(([set, queries]) =>
    queries.map((q) => {
      const r = searchGames(snapshot.searchScope(q.system), { query: q.q, limit: 10 }) as { total: number; results: Summary[] };
      return { set, q: q.q, system: q.system, total: r.total, top: r.results.map((s) => `${s.id} ${s.title} [${s.system}]`) };
    }),
  );
  writeFileSync(out, JSON.stringify(answers));
  console.log(`${answers.length} answers written to ${out}`);
}

function compare(oldFile: string, newFile: string): void {
  const before = JSON.parse(readFileSync(oldFile, "utf8")) as Answer[];
  const after = JSON.parse(readFileSync(newFile, "utf8")) as Answer[];
  const title = (s: string): string =>
    s
      .replace(/^\d+ /, "")
      .replace(/ \[[^\]]+\]$/, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");
  const names = [...new Set(before.map((a) => a.set))];
  const parts = names.map((name): [string, number, number] => [
    name,
    before.findIndex((a) => a.set === name),
    before.findLastIndex((a) => a.set === name) + 1,
  ]);
  for (const [name, from, to] of parts) {
    let differ = 0;
    let platformOrder = 0;
    let first = 0;
    let firstOther = 0;
    let totals = 0;
    for (let i = from; i < to; i++) {
      const x = before[i] as Answer;
      const y = after[i] as Answer;
      if (x.q !== y.q) throw new Error("the two files answer different queries");
      if (x.total !== y.total) totals++;
      if (JSON.stringify(x.top) === JSON.stringify(y.top)) continue;
      differ++;
      if (x.top.map(title).join() === y.top.map(title).join()) platformOrder++;
      if (x.top[0] !== y.top[0]) {
        first++;
        if (title(x.top[0] ?? "") !== title(y.top[0] ?? "")) firstOther++;
      }
    }
    console.log(
      `${name}: ${to - from} queries, ${differ} top-10 differ (${platformOrder} only in the order of one title's platforms), first answer differs in ${first} (${firstOther} another title); totals differ in ${totals}`,
    );
  }
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "dump" && args.length === 3) await dump(args[0] as string, args[1] as string, args[2] as string);
else if (mode === "compare" && args.length === 2) compare(args[0] as string, args[1] as string);
else console.error("usage: compare-search-answers.ts dump <codeRoot> <buildDir> <out.json> | compare <old.json> <new.json>");

/**
 * npm run calibrate:match — builds a labelled set of renamed real DAT names (lower case, tags
 * dropped or reordered, other regions, typos, numerals written the other way, missing sequels,
 * titles of another platform) and prints precision and recall of `matched` per kind, for the
 * calibrated fuzzy threshold and a sweep around it. Uses the full catalog (imported and built
 * under .ludex/bench like the benchmarks).
 */
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { searchGames } from "../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot, recordJson, type CatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { calibrationCases, evaluateCalibration, seeded } from "../../src/match/engine/match-calibration.ts";
import { FUZZY_MARGIN, FUZZY_MATCH_SIMILARITY, type MatchContext } from "../../src/match/engine/match-roms.ts";
import { matchIndexOf } from "../../src/match/index/snapshot-match-index.ts";
import { prepareRealCatalog } from "../bench/bench-support.ts";

const PLATFORMS = ["nes", "snes", "gb", "gbc", "gba", "megadrive", "psx", "n64", "game-gear", "atari-2600"];
const PER_PLATFORM = Number(process.env.CALIBRATE_CASES ?? 400);

function recordsOf(snapshot: CatalogSnapshot, slug: string): GameRecord[] {
  return (snapshot.listing(slug) ?? []).flatMap((s) => {
    const stored = snapshot.record(s.id);
    return stored ? [JSON.parse(recordJson(stored)) as GameRecord] : [];
  });
}

function main(): void {
  const { buildDir } = process.env.LUDEX_BUILD_DIR ? { buildDir: process.env.LUDEX_BUILD_DIR } : prepareRealCatalog();
  const snapshot = loadCatalogSnapshot(buildDir);
  const all = new Map(PLATFORMS.map((slug) => [slug, recordsOf(snapshot, slug)] as const));
  const settings = [
    { similarity: FUZZY_MATCH_SIMILARITY, margin: FUZZY_MARGIN },
    { similarity: 0.6, margin: 0.05 },
    { similarity: 0.7, margin: 0.02 },
    { similarity: 0.8, margin: 0.05 },
    { similarity: 0.85, margin: 0.05 },
    { similarity: 0.9, margin: 0.08 },
  ];
  for (const [n, fuzzy] of settings.entries()) {
    const totals = new Map<string, { cases: number; matched: number; correct: number; recallBase: number }>();
    const wrongs: string[] = [];
    for (const [p, slug] of PLATFORMS.entries()) {
      const platform = snapshot.platform(slug);
      const index = matchIndexOf(snapshot, slug);
      if (!platform || !index) continue;
      const scope = snapshot.searchScope(slug);
      const ctx: MatchContext = {
        index,
        platform,
        summary: (id) => scope.summary(id),
        searchTitles: (t) => searchGames(scope, { query: t, limit: 10 }).results,
        artworkBaseUrl: "https://t.example",
        fuzzy,
      };
      const others = all.get(PLATFORMS[(p + 1) % PLATFORMS.length] ?? "nes") ?? [];
      const cases = calibrationCases(all.get(slug) ?? [], others, PER_PLATFORM, seeded(1000 + p));
      const { rows, wrong } = evaluateCalibration(ctx, cases);
      for (const w of wrong) wrongs.push(`${slug}: "${w.name}" → ${w.got}`);
      for (const row of rows) {
        const t = totals.get(row.kind) ?? { cases: 0, matched: 0, correct: 0, recallBase: 0 };
        t.cases += row.cases;
        t.matched += row.matched;
        t.correct += row.correct;
        t.recallBase += row.positives;
        totals.set(row.kind, t);
      }
    }
    console.log(`\nfuzzy similarity ≥ ${fuzzy.similarity}, margin ≥ ${fuzzy.margin}${n === 0 ? " (the calibrated default)" : ""}`);
    console.log("| kind | cases | matched | correct | precision | recall |\n|---|---:|---:|---:|---:|---:|");
    for (const [kind, t] of totals) {
      const precision = t.matched === 0 ? 1 : t.correct / t.matched;
      const recall = t.recallBase === 0 ? 1 : t.correct / t.recallBase;
      console.log(
        `| ${kind} | ${t.cases} | ${t.matched} | ${t.correct} | ${(precision * 100).toFixed(2)}% | ${(recall * 100).toFixed(1)}% |`,
      );
    }
    if (n === 0) for (const w of wrongs.slice(0, 15)) console.log(`  wrong: ${w}`);
  }
}

main();

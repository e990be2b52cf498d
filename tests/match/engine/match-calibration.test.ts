import { describe, expect, inject, it } from "vitest";
import type { GameRecord } from "../../../src/catalog/record/game-record.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot, type CatalogSnapshot, recordJson } from "../../../src/catalog/store/catalog-snapshot.ts";
import { calibrationCases, evaluateCalibration, seeded } from "../../../src/match/engine/match-calibration.ts";
import type { MatchContext } from "../../../src/match/engine/match-roms.ts";
import { matchIndexOf } from "../../../src/match/index/snapshot-match-index.ts";
import { realDataSkipReason } from "../../helpers/paths.ts";

const real = inject("realCatalog");

function recordsOf(snapshot: CatalogSnapshot, slug: string): GameRecord[] {
  return (snapshot.listing(slug) ?? []).map((s) => JSON.parse(recordJson(snapshot.record(s.id)) ?? "null") as GameRecord);
}

describe.skipIf(real === null)(
  `name matching precision on renamed real DAT names${real === null ? ` (${realDataSkipReason})` : ""}`,
  () => {
    const snapshot = real ? loadCatalogSnapshot(real.buildDir) : (undefined as unknown as CatalogSnapshot);

    it("calls `matched` only when right (precision ≥ 99.5 %) and still finds most games (recall ≥ 90 %), on a fixed-seed subset", () => {
      const platforms = ["snes", "gb", "megadrive"];
      let matched = 0;
      let correct = 0;
      let positives = 0;
      for (const [p, slug] of platforms.entries()) {
        const platform = snapshot.platform(slug);
        const index = matchIndexOf(snapshot, slug);
        if (!platform || !index) throw new Error(`no ${slug}`);
        const scope = snapshot.searchScope(slug);
        const ctx: MatchContext = {
          index,
          platform,
          summary: (id) => scope.summary(id),
          searchTitles: (t) => searchGames(scope, { query: t, limit: 10 }).results,
          artworkBaseUrl: "https://t.example",
        };
        const cases = calibrationCases(
          recordsOf(snapshot, slug),
          recordsOf(snapshot, platforms[(p + 1) % platforms.length] ?? "nes"),
          160,
          seeded(42 + p),
        );
        expect(new Set(cases.map((c) => c.kind)).size).toBe(8);
        const { rows } = evaluateCalibration(ctx, cases);
        const all = rows.find((r) => r.kind === "all");
        matched += all?.matched ?? 0;
        correct += all?.correct ?? 0;
        positives += all?.positives ?? 0;
      }
      expect(correct / matched).toBeGreaterThanOrEqual(0.995);
      expect(correct / positives).toBeGreaterThanOrEqual(0.9);
    });
  },
);

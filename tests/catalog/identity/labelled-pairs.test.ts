import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { hasRealData, realDataSkipReason } from "../../helpers/paths.ts";

interface LabelledPair {
  readonly platform: string;
  readonly a: string;
  readonly b: string;
  readonly verdict: "merge" | "separate" | "addon-of";
  readonly class: string;
  readonly why: string;
}

interface Owner {
  readonly id: number;
  readonly kind: string;
  readonly base_game_id: number | null;
}

const real = inject("realCatalog");
const pairs = JSON.parse(readFileSync(path.join(import.meta.dirname, "labelled-pairs.json"), "utf8")) as LabelledPair[];

/** Precision and recall as the closing notes report them: merges among pairs labelled merge or separate, links per class. */
interface Scores {
  readonly merges: { readonly found: number; readonly labelled: number; readonly falseMerges: number; readonly separate: number };
  readonly regional: { readonly found: number; readonly labelled: number; readonly falseLinks: number; readonly separate: number };
  readonly addons: { readonly right: number; readonly attached: number; readonly labelled: number };
  readonly misses: readonly string[];
}

function score(dbFile: string): Scores {
  const db = openCatalogDb(dbFile, { readonly: true });
  try {
    const owners = db.prepare<[string, string], Owner>(
      "SELECT g.id, g.kind, g.base_game_id FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ? AND r.name = ?",
    );
    const merges = { found: 0, labelled: 0, falseMerges: 0, separate: 0 };
    const regional = { found: 0, labelled: 0, falseLinks: 0, separate: 0 };
    const addons = { right: 0, attached: 0, labelled: 0 };
    const misses: string[] = [];
    for (const pair of pairs) {
      const a = owners.all(pair.platform, pair.a);
      const b = owners.all(pair.platform, pair.b);
      if (a.length === 0 || b.length === 0) throw new Error(`${pair.platform}: no release named "${a.length === 0 ? pair.a : pair.b}"`);
      const together = a.some((x) => b.some((y) => x.id === y.id));
      if (pair.verdict === "addon-of") {
        addons.labelled++;
        const linked = a.filter((x) => x.kind !== "game" && x.base_game_id !== null);
        if (linked.length > 0) addons.attached++;
        if (linked.some((x) => b.some((y) => y.id === x.base_game_id))) addons.right++;
        else misses.push(`addon-of: ${pair.a} → ${pair.b}`);
        continue;
      }
      const wanted = pair.verdict === "merge";
      if (wanted) merges.labelled++;
      else merges.separate++;
      if (wanted && together) merges.found++;
      if (!wanted && together) merges.falseMerges++;
      if (pair.class === "regional-title") {
        if (wanted) regional.labelled++;
        else regional.separate++;
        if (wanted && together) regional.found++;
        if (!wanted && together) regional.falseLinks++;
      }
      if (wanted !== together) misses.push(`${pair.verdict} (${pair.class}): ${pair.a} | ${pair.b}`);
    }
    return { merges, regional, addons, misses };
  } finally {
    db.close();
  }
}

describe("the labelled identity pairs", () => {
  it("are well formed: known verdicts, two different names, a reason each", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    for (const pair of pairs) {
      expect(["merge", "separate", "addon-of"]).toContain(pair.verdict);
      expect(pair.a).not.toBe(pair.b);
      expect(pair.why.trim()).not.toBe("");
    }
  });

  describe.skipIf(!hasRealData || real === null)(`on the full catalog (${hasRealData ? "present" : realDataSkipReason})`, () => {
    const scores = real ? score(real.dbFile) : undefined;

    it("merge with precision ≥ 99.5% and the recall the closing note reports", () => {
      const m = scores?.merges;
      if (!m) throw new Error("no scores");
      const precision = m.found / (m.found + m.falseMerges);
      const recall = m.found / m.labelled;
      console.log(
        `merges: precision ${(precision * 100).toFixed(2)}% (${m.falseMerges} of ${m.separate} separate pairs merged), recall ${(recall * 100).toFixed(1)}% (${m.found}/${m.labelled})`,
      );
      expect(precision).toBeGreaterThanOrEqual(0.995);
      expect(recall).toBeGreaterThanOrEqual(0.85);
    });

    it("link regional titles with precision ≥ 99.5%", () => {
      const r = scores?.regional;
      if (!r) throw new Error("no scores");
      const precision = r.found / (r.found + r.falseLinks);
      console.log(
        `regional titles: precision ${(precision * 100).toFixed(2)}% (${r.falseLinks} of ${r.separate}), recall ${((r.found / r.labelled) * 100).toFixed(1)}% (${r.found}/${r.labelled})`,
      );
      expect(precision).toBeGreaterThanOrEqual(0.995);
      expect(r.found / r.labelled).toBeGreaterThanOrEqual(0.75);
    });

    it("attach add-ons to their base game, and say which pairs miss", () => {
      const x = scores?.addons;
      if (!x) throw new Error("no scores");
      console.log(
        `add-ons: precision ${((x.right / x.attached) * 100).toFixed(1)}% (${x.right}/${x.attached} attached), recall ${((x.right / x.labelled) * 100).toFixed(1)}% (${x.right}/${x.labelled})`,
      );
      console.log(`pairs the rules miss:\n  ${scores?.misses.join("\n  ")}`);
      expect(x.right / x.attached).toBeGreaterThanOrEqual(0.9);
      expect(x.right / x.labelled).toBeGreaterThanOrEqual(0.7);
    });
  });
});

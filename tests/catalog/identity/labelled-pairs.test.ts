import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { hasRealData, hasRealRetool, realDataSkipReason, realRetoolSkipReason } from "../../helpers/paths.ts";

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
  readonly related_json: string | null;
}

/** A pair of one of the files in pairs/: the same fields, a `related` verdict, and how it was drawn and used. */
interface FilePair extends Omit<LabelledPair, "verdict"> {
  readonly verdict: LabelledPair["verdict"] | "related";
  readonly part: "tuning" | "held-out";
  readonly drawn: string;
}

const real = inject("realCatalog");
const pairs = JSON.parse(readFileSync(path.join(import.meta.dirname, "labelled-pairs.json"), "utf8")) as LabelledPair[];
const pairsDir = path.join(import.meta.dirname, "pairs");
const pairFiles: readonly { readonly file: string; readonly pairs: readonly FilePair[] }[] = readdirSync(pairsDir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((file) => ({ file, pairs: JSON.parse(readFileSync(path.join(pairsDir, file), "utf8")) as FilePair[] }));

/** Merge precision each pair file must reach, over the pairs of its held-out part; files not named here are scored and printed only. */
const MIN_MERGE_PRECISION: Readonly<Record<string, number>> = {
  "clone-list.json": 0.995,
  "clone-list-apart.json": 0.995,
  "clone-list-links.json": 0.995,
};

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
      "SELECT g.id, g.kind, g.base_game_id, g.related_json FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ? AND r.name = ?",
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

/** Counts of one slice (a file, a class or a part) of a pair file. */
interface Tally {
  /** Pairs labelled merge, and of those the ones in one record. */
  mergeLabelled: number;
  mergeFound: number;
  /** Pairs labelled separate or related (two records), and of those the ones in one record. */
  apartLabelled: number;
  falseMerges: number;
  /** Pairs labelled related, the ones linked both records apart, and links the catalog made between pairs labelled separate. */
  relatedLabelled: number;
  relatedLinked: number;
  falseLinks: number;
  /** Pairs labelled addon-of, the ones attached to the right base, and the ones in one record with their game. */
  addonLabelled: number;
  addonRight: number;
  addonMerged: number;
}

function emptyTally(): Tally {
  return {
    mergeLabelled: 0,
    mergeFound: 0,
    apartLabelled: 0,
    falseMerges: 0,
    relatedLabelled: 0,
    relatedLinked: 0,
    falseLinks: 0,
    addonLabelled: 0,
    addonRight: 0,
    addonMerged: 0,
  };
}

/** The record ids a record's `related_json` links to. */
function linkedIds(owner: Owner): number[] {
  if (!owner.related_json) return [];
  return (JSON.parse(owner.related_json) as { id: number }[]).map((r) => r.id);
}

interface FileScores {
  /** By slice: "all", "class <name>", "part <name>". */
  readonly slices: ReadonlyMap<string, Tally>;
  readonly misses: readonly string[];
}

/** Scores one pair file on the catalog: where each pair's two releases are, per class and per part. */
function scoreFile(dbFile: string, list: readonly FilePair[]): FileScores {
  const db = openCatalogDb(dbFile, { readonly: true });
  try {
    const owners = db.prepare<[string, string], Owner>(
      "SELECT g.id, g.kind, g.base_game_id, g.related_json FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ? AND r.name = ?",
    );
    const slices = new Map<string, Tally>();
    const misses: string[] = [];
    for (const pair of list) {
      const a = owners.all(pair.platform, pair.a);
      const b = owners.all(pair.platform, pair.b);
      if (a.length === 0 || b.length === 0) throw new Error(`${pair.platform}: no release named "${a.length === 0 ? pair.a : pair.b}"`);
      const together = a.some((x) => b.some((y) => x.id === y.id));
      const linked = a.some((x) => b.some((y) => linkedIds(x).includes(y.id) || linkedIds(y).includes(x.id)));
      const right = a.some((x) => x.kind !== "game" && b.some((y) => y.id === x.base_game_id));
      for (const key of ["all", `class ${pair.class}`, `part ${pair.part}`]) {
        const t = slices.get(key) ?? emptyTally();
        slices.set(key, t);
        if (pair.verdict === "addon-of") {
          t.addonLabelled++;
          if (right) t.addonRight++;
          if (together) t.addonMerged++;
          continue;
        }
        if (pair.verdict === "merge") {
          t.mergeLabelled++;
          if (together) t.mergeFound++;
          continue;
        }
        t.apartLabelled++;
        if (together) t.falseMerges++;
        if (pair.verdict === "related") {
          t.relatedLabelled++;
          if (linked && !together) t.relatedLinked++;
        } else if (linked) t.falseLinks++;
      }
      const wrong =
        pair.verdict === "addon-of"
          ? !right
          : pair.verdict === "merge"
            ? !together
            : together || (pair.verdict === "related" && !linked) || (pair.verdict === "separate" && linked);
      if (wrong) misses.push(`${pair.verdict} (${pair.class}, ${pair.part}): ${pair.a} | ${pair.b}`);
    }
    return { slices, misses };
  } finally {
    db.close();
  }
}

/** Merges among the pairs labelled merge, separate or related: a pair that must stay two records and is one is a false merge. */
function mergePrecision(t: Tally): number {
  return t.mergeFound + t.falseMerges === 0 ? 1 : t.mergeFound / (t.mergeFound + t.falseMerges);
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((part / whole) * 100).toFixed(2)}%`;
}

function describeTally(t: Tally): string {
  const out = [
    `merges: precision ${percent(t.mergeFound, t.mergeFound + t.falseMerges)} (${t.falseMerges} of ${t.apartLabelled} two-record pairs merged), recall ${percent(t.mergeFound, t.mergeLabelled)} (${t.mergeFound}/${t.mergeLabelled})`,
  ];
  if (t.relatedLabelled > 0 || t.falseLinks > 0)
    out.push(
      `links: precision ${percent(t.relatedLinked, t.relatedLinked + t.falseLinks)} (${t.falseLinks} separate pairs linked), recall ${percent(t.relatedLinked, t.relatedLabelled)} (${t.relatedLinked}/${t.relatedLabelled} related pairs linked and apart)`,
    );
  if (t.addonLabelled > 0)
    out.push(`add-ons: ${t.addonRight}/${t.addonLabelled} attached to their base, ${t.addonMerged} in one record with their game`);
  return out.join("; ");
}

describe("the pair files in pairs/", () => {
  it("are well formed: known verdicts and parts, two different names, a reason and a way of drawing each", () => {
    expect(pairFiles.length).toBeGreaterThan(0);
    for (const { file, pairs: list } of pairFiles) {
      expect(list.length, file).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const pair of list) {
        expect(["merge", "separate", "addon-of", "related"], file).toContain(pair.verdict);
        expect(["tuning", "held-out"], file).toContain(pair.part);
        expect(pair.a, file).not.toBe(pair.b);
        expect(pair.why.trim(), file).not.toBe("");
        expect(pair.drawn.trim(), file).not.toBe("");
        const key = [pair.platform, ...[pair.a, pair.b].sort()].join("\n");
        expect(seen.has(key), `${file}: ${pair.a} | ${pair.b} twice`).toBe(false);
        seen.add(key);
      }
    }
  });

  it("hold at least 150 clone-list pairs and 50 compilation or superset pairs", () => {
    const count = (file: string): number => pairFiles.find((f) => f.file === file)?.pairs.length ?? 0;
    expect(count("clone-list.json")).toBeGreaterThanOrEqual(150);
    expect(count("clone-list-links.json")).toBeGreaterThanOrEqual(50);
  });

  describe.skipIf(!hasRealData || !hasRealRetool || real === null)(
    `on the full catalog imported with the clone lists (${hasRealData ? (hasRealRetool ? "present" : realRetoolSkipReason) : realDataSkipReason})`,
    () => {
      for (const { file, pairs: list } of pairFiles) {
        it(`${file}: precision and recall per class and per part${MIN_MERGE_PRECISION[file] ? `, held-out merge precision ≥ ${MIN_MERGE_PRECISION[file] * 100}%` : ""}`, () => {
          if (!real) throw new Error("no catalog");
          const { slices, misses } = scoreFile(real.dbFile, list);
          const lines = [...slices].map(([key, t]) => `  ${key}: ${describeTally(t)}`);
          console.log(`${file} (${list.length} pairs)\n${lines.join("\n")}\n  pairs the catalog gets wrong:\n    ${misses.join("\n    ")}`);
          const all = slices.get("all");
          expect((all?.mergeLabelled ?? 0) + (all?.apartLabelled ?? 0) + (all?.addonLabelled ?? 0)).toBe(list.length);
          const min = MIN_MERGE_PRECISION[file];
          const heldOut = slices.get("part held-out");
          if (min !== undefined && heldOut) expect(mergePrecision(heldOut)).toBeGreaterThanOrEqual(min);
        });
      }

      it("merge with precision ≥ 99.5% over the labelled pairs extended with the clone-list pairs", () => {
        if (!real) throw new Error("no catalog");
        const t = emptyTally();
        const tuned = pairs.map((p): FilePair => ({ ...p, part: "tuning", drawn: "labelled-pairs.json" }));
        const extended = [{ pairs: tuned }, ...pairFiles.filter((f) => f.file.startsWith("clone-list"))];
        for (const { pairs: list } of extended) {
          const all = scoreFile(real.dbFile, list).slices.get("all");
          if (!all) continue;
          t.mergeFound += all.mergeFound;
          t.mergeLabelled += all.mergeLabelled;
          t.falseMerges += all.falseMerges;
          t.apartLabelled += all.apartLabelled;
        }
        console.log(
          `labelled pairs and clone-list pairs: merges: precision ${percent(t.mergeFound, t.mergeFound + t.falseMerges)} (${t.falseMerges} of ${t.apartLabelled}), recall ${percent(t.mergeFound, t.mergeLabelled)} (${t.mergeFound}/${t.mergeLabelled})`,
        );
        expect(mergePrecision(t)).toBeGreaterThanOrEqual(0.995);
      });
    },
  );
});

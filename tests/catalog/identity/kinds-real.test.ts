import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openCatalogDb } from "../../../src/catalog/db/catalog-db.ts";
import { realDataSkipReason } from "../../helpers/paths.ts";

/** One record-level judgment of tests/catalog/identity/kinds/ (tests/catalog/identity/README.md). */
interface KindJudgment {
  readonly platform: string;
  readonly release: string;
  readonly kind: string;
  readonly part: "tuning" | "held-out";
  readonly drawn: string;
  readonly why: string;
}

/**
 * Floors per file, below the issue's bar of 98% for `kind` on download-era platforms (which a fresh
 * sample judged by someone other than the rules' author decides), so that a rule change that loses
 * ground fails here. Reached with the service-brand, video-show and homebrew-tool rules:
 * `download-era.json`, judged before the rules changed, 333 of 335; `download-era-after.json` 313 of
 * 314; `download-era-s2.json` 306 of 312; `download-era-judge.json`, judged blind by an independent
 * judge, 427 of 434; `download-era-s3.json`, drawn after those rules and judged before reading the
 * catalog's kind, 325 of 333 (apps no word names: a clock, a painting program, racing data; a kiosk
 * UMD; add-ons sold as a licence key under their game's serial); `download-era-judge2.json`, a second
 * independent judge's sample drawn before those rules, 413 of 420; `download-era-judge3.json`, a third
 * drawn after them, 416 of 426 (Wii homebrew tools no name list holds, a manga, a PlayView magazine, a
 * shiatsu course, a drawing program, a kiosk UMD, a web-video app), 421 of 426 after the Wii homebrew and
 * web-app rules written on it; `download-era-judge4.json`, a fourth drawn after every kind rule and never
 * shown to a rules' author, 403 of 405; `named-examples.json` 29 of 29.
 */
const FLOORS: Readonly<Record<string, number>> = {
  "download-era.json": 0.99,
  "download-era-after.json": 0.99,
  "download-era-s2.json": 0.98,
  "download-era-judge.json": 0.98,
  "download-era-s3.json": 0.97,
  "download-era-judge2.json": 0.98,
  "download-era-judge3.json": 0.98,
  "download-era-judge4.json": 0.99,
  "named-examples.json": 0.95,
};

const real = inject("realCatalog");
const kindsDir = path.join(import.meta.dirname, "kinds");
const files = readdirSync(kindsDir).filter((f) => f.endsWith(".json"));

describe.skipIf(real === null)(
  `kinds of real records, per labelled file and part${real === null ? ` (${realDataSkipReason})` : ""}`,
  () => {
    for (const file of files) {
      const judgments = JSON.parse(readFileSync(path.join(kindsDir, file), "utf8")) as KindJudgment[];
      it(`${file}: every judged release is in the catalog, and the kinds reach the file's floor`, () => {
        if (!real) return;
        const db = openCatalogDb(real.dbFile, { readonly: true });
        try {
          const kindOf = db
            .prepare<[string, string], string>(
              "SELECT g.kind FROM releases r JOIN games g ON g.id = r.game_id WHERE g.platform = ? AND r.name = ?",
            )
            .pluck();
          const byPart = new Map<KindJudgment["part"], { right: number; judged: number; misses: string[] }>();
          const missing: string[] = [];
          for (const j of judgments) {
            const kinds = kindOf.all(j.platform, j.release);
            if (kinds.length === 0) {
              missing.push(`${j.platform}: ${j.release}`);
              continue;
            }
            const part = byPart.get(j.part) ?? { right: 0, judged: 0, misses: [] };
            byPart.set(j.part, part);
            part.judged++;
            // A name in two records (two dumps under one DAT name) is right only if every record holding it is.
            if (kinds.every((k) => k === j.kind)) part.right++;
            else part.misses.push(`${j.platform}: ${j.release} is ${[...new Set(kinds)].join("/")}, judged ${j.kind}`);
          }
          for (const [part, s] of byPart) {
            console.log(
              `${file} ${part}: ${s.right}/${s.judged} kinds right (${((100 * s.right) / s.judged).toFixed(1)}%)${s.misses.length > 0 ? `; wrong: ${s.misses.join(" | ")}` : ""}`,
            );
          }
          expect(missing).toEqual([]);
          for (const [part, s] of byPart) expect(s.right / s.judged, `${file} ${part}`).toBeGreaterThanOrEqual(FLOORS[file] ?? 0.98);
        } finally {
          db.close();
        }
      });
    }
  },
);

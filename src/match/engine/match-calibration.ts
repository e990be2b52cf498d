import { numeralKey } from "../../catalog/names/numerals.ts";
import { parseGameName } from "../../catalog/names/parse-game-name.ts";
import { titleKey } from "../../catalog/names/title-key.ts";
import type { GameRecord } from "../../catalog/record/game-record.ts";
import { matchRoms, type MatchContext, type MatchResult } from "./match-roms.ts";

/**
 * A labelled set for calibrating name matching, made from the DATs themselves: real release
 * names renamed the way users' files are named. `gameId` is the right answer, or null when the
 * platform has no such game and anything `matched` is wrong.
 */
export interface CalibrationCase {
  readonly kind: CalibrationKind;
  readonly name: string;
  readonly gameId: number | null;
}

export const calibrationKinds = [
  "lower-case",
  "tags-dropped",
  "tags-reordered",
  "other-region",
  "typo",
  "numerals",
  "sequel-missing",
  "other-platform",
] as const;
export type CalibrationKind = (typeof calibrationKinds)[number];

/** A small deterministic generator, so a seed names the same cases on every run. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
}

const ARABIC_TO_ROMAN: Readonly<Record<string, string>> = {
  "2": "II",
  "3": "III",
  "4": "IV",
  "5": "V",
  "6": "VI",
  "7": "VII",
  "8": "VIII",
  "9": "IX",
};
const ROMAN_TO_ARABIC: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(ARABIC_TO_ROMAN).map(([a, r]) => [r, a]));
const REGIONS = ["USA", "Europe", "Japan", "World", "Germany", "France", "Brazil"];

function typo(title: string, random: () => number): string | undefined {
  const words = title.split(" ");
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{6,}$/.test(w));
  const chosen = long[Math.floor(random() * long.length)];
  if (!chosen) return undefined;
  const [word, at] = chosen;
  const p = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 3);
  const changed =
    kind === 0
      ? word.slice(0, p) + word.slice(p + 1)
      : kind === 1
        ? word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2)
        : word.slice(0, p) + word[p] + word.slice(p);
  words[at] = changed;
  return words.join(" ");
}

function swapNumerals(title: string): string | undefined {
  let changed = false;
  const out = title.split(" ").map((w) => {
    const r = ARABIC_TO_ROMAN[w] ?? ROMAN_TO_ARABIC[w];
    if (r === undefined) return w;
    changed = true;
    return r;
  });
  return changed ? out.join(" ") : undefined;
}

/** Builds the cases for one platform from its records (and a few titles of another platform, as negatives). */
export function calibrationCases(
  records: readonly GameRecord[],
  others: readonly GameRecord[],
  count: number,
  random: () => number,
): CalibrationCase[] {
  const byNumeralKey = new Map<string, number>();
  const byKey = new Map<string, number>();
  for (const r of records) byKey.set(titleKey(r.title), r.id);
  for (const r of records) byNumeralKey.set(numeralKey(titleKey(r.title)), r.id);
  // One title spelled with and without spaces ("WildSnake", "Wild Snake") is one game, as the catalog's identity rules read it.
  const spaceless = (title: string): string => titleKey(title).replaceAll(" ", "");
  const bySpacelessKey = new Map<string, number>();
  for (const r of records) bySpacelessKey.set(spaceless(r.title), r.id);
  // The platform's only game titled "X - Subtitle" is what a file named "X" for it means ("Dragon's Lair", "Dragon's Lair - The Legend").
  const bySubtitleBase = new Map<string, number | undefined>();
  for (const r of records) {
    const cut = r.title.indexOf(" - ");
    if (cut <= 0) continue;
    const base = titleKey(r.title.slice(0, cut));
    bySubtitleBase.set(base, bySubtitleBase.has(base) ? undefined : r.id);
  }
  // The right answer for a renamed title: a game of exactly that title if the platform has one
  // ("Wario Land II" written "Wario Land 2" is "Wario Land 2" when both exist), else the source game.
  const answer = (title: string, source: number): number => byKey.get(titleKey(title)) ?? source;
  const cases: CalibrationCase[] = [];
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  for (let tries = 0; cases.length < count && tries < count * 10; tries++) {
    const game = pick(records);
    const release = game && pick(game.releases);
    if (!game || !release) continue;
    const ext = `.${(release.roms[0]?.name?.split(".").pop() ?? "bin").toLowerCase()}`;
    const parsed = parseGameName(release.name);
    const title = game.title;
    const kind = calibrationKinds[cases.length % calibrationKinds.length] ?? calibrationKinds[0];
    const add = (name: string | undefined, gameId: number | null): void => {
      if (name !== undefined) cases.push({ kind, name, gameId });
    };
    switch (kind) {
      case "lower-case":
        add(`${release.name.toLowerCase()}${ext}`, game.id);
        break;
      case "tags-dropped":
        add(`${title.toLowerCase()}${ext}`, game.id);
        break;
      case "tags-reordered": {
        const tags = release.name.slice(release.name.indexOf(" (") + 1);
        const groups = tags.match(/\([^)]*\)/g);
        add(groups && groups.length > 1 ? `${title} ${[...groups].reverse().join(" ")}${ext}` : `${title} ${tags}${ext}`, game.id);
        break;
      }
      case "other-region": {
        const region = REGIONS.find((r) => !parsed.regions.includes(r)) ?? "Japan";
        add(`${title} (${region})${ext}`, game.id);
        break;
      }
      case "typo": {
        const t = typo(title, random);
        if (t) add(`${t} (${parsed.regions[0] ?? "USA"})${ext}`, answer(t, game.id));
        break;
      }
      case "numerals": {
        const t = swapNumerals(title);
        if (t) add(`${t}${ext}`, answer(t, game.id));
        break;
      }
      case "sequel-missing": {
        for (const n of ["2", "3", "4", "5", "6", "7"]) {
          const t = `${title} ${n}`;
          const key = numeralKey(titleKey(t));
          if (byNumeralKey.has(key)) continue;
          add(`${t} (USA)${ext}`, null);
          break;
        }
        break;
      }
      case "other-platform": {
        const other = pick(others);
        if (other)
          add(
            `${other.title} (USA)${ext}`,
            byKey.get(titleKey(other.title)) ??
              byNumeralKey.get(numeralKey(titleKey(other.title))) ??
              bySpacelessKey.get(spaceless(other.title)) ??
              bySubtitleBase.get(titleKey(other.title)) ??
              null,
          );
        break;
      }
    }
  }
  return cases;
}

export interface CalibrationRow {
  readonly kind: CalibrationKind | "all";
  readonly cases: number;
  readonly matched: number;
  readonly correct: number;
  /** Cases that have a right answer (a game). */
  readonly positives: number;
  /** Correct `matched` answers over all `matched` answers. */
  readonly precision: number;
  /** Correct `matched` answers over the cases that have an answer. */
  readonly recall: number;
}

/** Runs the cases through matching (names only, as a client without hashes sends them) and tallies precision and recall per kind. */
export function evaluateCalibration(
  ctx: MatchContext,
  cases: readonly CalibrationCase[],
): { rows: CalibrationRow[]; wrong: { name: string; got: string; want: number | null }[] } {
  const results: MatchResult[] = [];
  for (let i = 0; i < cases.length; i += 100)
    results.push(
      ...matchRoms(
        ctx,
        cases.slice(i, i + 100).map((c) => ({ name: c.name })),
        [],
      ),
    );
  const tally = new Map<string, { cases: number; matched: number; correct: number; positives: number }>();
  const wrong: { name: string; got: string; want: number | null }[] = [];
  cases.forEach((c, i) => {
    const r = results[i];
    for (const key of [c.kind, "all"]) {
      const t = tally.get(key) ?? { cases: 0, matched: 0, correct: 0, positives: 0 };
      t.cases++;
      if (c.gameId !== null) t.positives++;
      if (r?.status === "matched") {
        t.matched++;
        if (r.match.gameId === c.gameId) t.correct++;
      }
      tally.set(key, t);
    }
    if (r?.status === "matched" && r.match.gameId !== c.gameId)
      wrong.push({ name: c.name, got: `${r.match.title} (${r.match.matchedBy} ${r.match.confidence})`, want: c.gameId });
  });
  const rows = [...calibrationKinds, "all" as const].map((kind) => {
    const t = tally.get(kind) ?? { cases: 0, matched: 0, correct: 0, positives: 0 };
    return {
      kind,
      cases: t.cases,
      matched: t.matched,
      correct: t.correct,
      positives: t.positives,
      precision: t.matched === 0 ? 1 : t.correct / t.matched,
      recall: t.positives === 0 ? 1 : t.correct / t.positives,
    };
  });
  return { rows, wrong };
}

import { describe, expect, inject, it } from "vitest";
import type { GameRecord } from "../../../src/catalog/record/game-record.ts";
import { searchGames } from "../../../src/catalog/search/search-games.ts";
import { loadCatalogSnapshot, type CatalogSnapshot, recordJson } from "../../../src/catalog/store/catalog-snapshot.ts";
import { matchRoms, type MatchContext, type MatchResult } from "../../../src/match/engine/match-roms.ts";
import { datNameKey, fileNameKey } from "../../../src/match/index/match-keys.ts";
import { matchIndexOf } from "../../../src/match/index/snapshot-match-index.ts";
import { realDataSkipReason } from "../../helpers/paths.ts";

const real = inject("realCatalog");

/** A small deterministic generator, so a failure names the same roms on every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

interface Sample {
  readonly game: GameRecord;
  readonly release: string;
  readonly rom: { name?: string; size?: number; crc?: string; md5?: string; sha1?: string };
}

function contextFor(snapshot: CatalogSnapshot, slug: string): MatchContext {
  const platform = snapshot.platform(slug);
  const index = matchIndexOf(snapshot, slug);
  if (!platform || !index) throw new Error(`no platform ${slug}`);
  const scope = snapshot.searchScope(slug);
  return {
    index,
    platform,
    summary: (id) => scope.summary(id),
    searchTitles: (t) => searchGames(scope, { query: t, limit: 10 }).results,
    artworkBaseUrl: "https://t.example",
  };
}

function samples(snapshot: CatalogSnapshot, slug: string, count: number, random: () => number): Sample[] {
  const games = snapshot.listing(slug) ?? [];
  const out: Sample[] = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const summary = games[Math.floor(random() * games.length)];
    const game = JSON.parse(recordJson(snapshot.record(summary?.id ?? 0)) ?? "null") as GameRecord | null;
    const release = game?.releases[Math.floor(random() * game.releases.length)];
    const rom = release?.roms[Math.floor(random() * release.roms.length)];
    if (game && release && rom?.sha1 && rom.md5 && rom.crc && rom.size !== undefined && rom.name)
      out.push({ game, release: release.name, rom });
  }
  return out;
}

/** Matched to the sample's own game, or ambiguous with it among the candidates (a hash several games share). */
function resolvesTo(result: MatchResult | undefined, gameId: number): boolean {
  if (result?.status === "matched") return result.match.gameId === gameId;
  if (result?.status === "ambiguous") return (result.candidates ?? []).some((c) => c.gameId === gameId);
  return false;
}

/**
 * The game a file name should reach: the game of another release the name is the DAT name of,
 * when there is one (a hack's DAT lists the original's rom under the original's name), else `own`.
 */
function namedGame(ctx: MatchContext, name: string, own: number): number {
  const key = fileNameKey(name);
  const { releases } = ctx.index.table;
  for (let release = 0; release < releases.length; release++) {
    const gameId = ctx.index.releaseGame[release];
    if (gameId !== undefined && gameId !== own && datNameKey(releases[release]?.[1] ?? "") === key) return gameId;
  }
  return own;
}

const platforms = ["nes", "snes", "gb", "gbc", "gba", "megadrive", "n64", "psx"];

describe.skipIf(real === null)(`matching accuracy over the real DATs${real === null ? ` (${realDataSkipReason})` : ""}`, () => {
  const snapshot = real ? loadCatalogSnapshot(real.buildDir) : (undefined as unknown as CatalogSnapshot);

  it.each(platforms)("%s: sampled roms resolve to their own game by sha1, md5 and crc+size, and by their DAT file name", (slug) => {
    const ctx = contextFor(snapshot, slug);
    const picked = samples(snapshot, slug, 60, seeded(slug.length * 7919));
    expect(picked.length).toBeGreaterThan(40);
    const by = (field: "sha1" | "md5" | "crcSize" | "name"): MatchResult[] =>
      matchRoms(
        ctx,
        picked.map((s) => (field === "crcSize" ? { crc: s.rom.crc, size: s.rom.size } : { [field]: s.rom[field] })),
        [],
      );
    for (const field of ["sha1", "md5", "crcSize", "name"] as const) {
      const results = by(field);
      picked.forEach((s, i) => {
        const expected = field === "name" ? namedGame(ctx, s.rom.name ?? "", s.game.id) : s.game.id;
        expect(resolvesTo(results[i], expected), `${slug} ${field} ${s.release}`).toBe(true);
      });
    }
  });

  it.each(platforms)("%s: renamed files (other case, other extension, zipped, tags dropped) still resolve", (slug) => {
    const ctx = contextFor(snapshot, slug);
    const picked = samples(snapshot, slug, 40, seeded(slug.length * 104729));
    const variants = picked.flatMap((s) => {
      const name = s.rom.name ?? "";
      const stem = name.replace(/\.[^.]+$/, "");
      return [name.toUpperCase(), `${stem}.bin`, `${name}.zip`, `${s.game.title}.rom`];
    });
    const results = matchRoms(
      ctx,
      variants.map((name) => ({ name })),
      [],
    );
    let resolved = 0;
    results.forEach((r, i) => {
      const sample = picked[Math.floor(i / 4)];
      if (sample && resolvesTo(r, namedGame(ctx, variants[i] ?? "", sample.game.id))) resolved++;
    });
    // Dropping every tag can legitimately land on another game with the same clean title only when
    // two games share it on one platform, which grouping rules out; everything must resolve.
    expect(resolved).toBe(variants.length);
  });

  it("matches the TOSEC file of one of two dated No-Intro dumps under one name to that game, not ambiguously", () => {
    const ctx = contextFor(snapshot, "atari-5200");
    const [tosec, second] = matchRoms(
      ctx,
      [{ sha1: "85fcea0a4d4d1f22437801c96229ba96e0f6b711" }, { sha1: "4d0810f411ee88cf84b2aeb0203213f09384ddfb" }],
      [],
    );
    expect(tosec).toMatchObject({ status: "matched", match: { title: "Tempest" } });
    expect(second).toMatchObject({ status: "matched", match: { title: "Tempest", release: "Tempest (USA) (Proto)" } });
    if (tosec?.status === "matched" && second?.status === "matched") expect(tosec.match.gameId).toBe(second.match.gameId);
  });
});

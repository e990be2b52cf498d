import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { loadCatalogSnapshot, type CatalogSnapshot, recordJson } from "../../src/catalog/store/catalog-snapshot.ts";
import { findSources } from "../../src/catalog/import/find-sources.ts";
import { splitTitleVersion } from "../../src/catalog/names/title-version.ts";
import { searchGames } from "../../src/catalog/search/search-games.ts";
import { matchRoms } from "../../src/match/engine/match-roms.ts";
import { matchIndexOf } from "../../src/match/index/snapshot-match-index.ts";
import { hasRealData, hasRealRetool, realDataSkipReason, realSource } from "../helpers/paths.ts";

const real = inject("realCatalog");

function find(snapshot: CatalogSnapshot, system: string, title: string): GameRecord {
  const summary = snapshot.listing(system)?.find((g) => g.title === title);
  if (!summary) throw new Error(`no ${system} game "${title}"`);
  return JSON.parse(recordJson(snapshot.record(summary.id)) ?? "null") as GameRecord;
}

/** The arcade record holding MAME 2003's release of a set. */
function arcadeSet(snapshot: CatalogSnapshot, setName: string): GameRecord {
  for (const summary of snapshot.listing("arcade") ?? []) {
    const record = JSON.parse(recordJson(snapshot.record(summary.id)) ?? "null") as GameRecord;
    if (record.releases.some((r) => r.setName === setName && r.collections?.includes("mame-2003"))) return record;
  }
  throw new Error(`no arcade record with MAME 2003's set ${setName}`);
}

describe.skipIf(!hasRealData || real === null)(`the full libretro-database (${hasRealData ? "present" : realDataSkipReason})`, () => {
  const snapshot = real ? loadCatalogSnapshot(real.buildDir) : (undefined as unknown as CatalogSnapshot);

  it("imports all of it: every DAT system is a platform with games", () => {
    const systems = new Set(
      findSources([realSource])
        .filter((f) => f.role === "games")
        .map((f) => f.systemName),
    );
    // With Retool's clone lists beside the DATs, regional titles are one record: about 5,000 fewer games.
    expect(snapshot.manifest.counts.games).toBeGreaterThan(hasRealRetool ? 110_000 : 120_000);
    expect(snapshot.manifest.counts.roms).toBeGreaterThan(200_000);
    // The health counts mean what the platform list's counts mean: games are records of kind game.
    const { games, records } = snapshot.manifest.counts;
    expect(snapshot.platforms.reduce((n, p) => n + p.gameCount, 0)).toBe(games);
    expect(snapshot.platforms.reduce((n, p) => n + Object.values(p.kindCounts ?? {}).reduce((a, b) => a + b, 0), 0)).toBe(records);
    expect(records).toBeGreaterThan(games);
    for (const p of snapshot.platforms) expect(new Set(p.aliases).size, p.id).toBe(p.aliases.length);
    for (const system of systems) expect(snapshot.platform(system), system).toBeDefined();
    expect(snapshot.platforms.every((p) => Object.values(p.kindCounts ?? {}).some((n) => n > 0))).toBe(true);
  });

  it("reads the Lost Level Archive as games: over 2,000 releases, none a second record of a No-Intro dump", () => {
    let releases = 0;
    const noIntro = new Map<string, number>();
    const archive: { id: number; sha1: string }[] = [];
    for (const platform of snapshot.platforms) {
      for (const summary of snapshot.listing(platform.id, "any") ?? []) {
        const record = JSON.parse(recordJson(snapshot.record(summary.id)) ?? "null") as GameRecord;
        for (const release of record.releases) {
          const sources = release.sources ?? [release.source];
          const fromArchive = sources.includes("lost-level-archive");
          if (fromArchive) releases++;
          for (const rom of release.roms) {
            if (!rom.sha1) continue;
            if (sources.includes("no-intro")) noIntro.set(rom.sha1, record.id);
            else if (fromArchive) archive.push({ id: record.id, sha1: rom.sha1 });
          }
        }
      }
    }
    expect(releases).toBeGreaterThan(2_000);
    expect(archive.filter((a) => noIntro.has(a.sha1) && noIntro.get(a.sha1) !== a.id)).toEqual([]);
  });

  it("groups releases and merges metadata joined on crc (Chrono Trigger, SNES)", () => {
    const chrono = find(snapshot, "snes", "Chrono Trigger");
    expect(chrono).toMatchObject({ developer: "Square", publisher: "Square", releaseYear: 1995 });
    expect(chrono.releases.map((r) => r.name)).toContain("Chrono Trigger (USA)");
    expect(chrono.releases[0]?.regions).toContain("USA");
  });

  it("restores articles in titles (Legend of Zelda, The)", () => {
    const zelda = find(snapshot, "snes", "The Legend of Zelda - A Link to the Past");
    expect(zelda.releases.some((r) => r.name.startsWith("Legend of Zelda, The - A Link to the Past"))).toBe(true);
  });

  it("keeps headered (libretro dat/) and headerless (No-Intro) NES dumps in the same release", () => {
    const smb = find(snapshot, "nes", "Super Mario Bros.");
    const world = smb.releases.find((r) => r.name === "Super Mario Bros. (World)");
    const sizes = (world?.roms ?? []).map((r) => r.size).sort();
    expect(sizes).toEqual([40960, 40976]);
  });

  it("joins PlayStation metadata on serial (the analog and rumble DATs are keyed by serial only)", () => {
    const records = (snapshot.listing("psx") ?? []).map((g) => JSON.parse(recordJson(snapshot.record(g.id)) ?? "{}") as GameRecord);
    // Fewer than before the clone lists joined regional titles (Japanese and US discs are one record now).
    expect(records.filter((r) => r.analog === true).length).toBeGreaterThan(40);
    expect(records.filter((r) => r.rumble === true).length).toBeGreaterThan(40);
  });

  it("carries the attribution on records", () => {
    const record = find(snapshot, "snes", "Chrono Trigger");
    expect(record.attribution.license).toBe("CC BY-SA 4.0");
    expect(path.basename(real?.buildDir ?? "")).toBe("build");
  });
  it("imports TOSEC and the arcade DATs by their conventions (issue 14)", () => {
    const tosecPlatforms = new Set<string>();
    for (const platform of snapshot.platforms) {
      if (tosecPlatforms.size >= 6) break;
      for (const summary of snapshot.listing(platform.id) ?? []) {
        const record = JSON.parse(recordJson(snapshot.record(summary.id)) ?? "null") as GameRecord;
        if (record.releases.some((r) => r.source === "tosec")) {
          tosecPlatforms.add(platform.id);
          break;
        }
      }
    }
    expect(tosecPlatforms.size).toBeGreaterThanOrEqual(6);
    const carnage = find(snapshot, "32x", "Cosmic Carnage").releases.find((r) => r.name.startsWith("Cosmic Carnage Rev 19940906"));
    expect(carnage).toMatchObject({ source: "tosec", version: "Rev 19940906", status: "beta" });
    const hack = find(snapshot, "atari-2600", "A-Team").releases.find((r) => r.name.includes("(NTSC)[h]"));
    expect(hack?.flags).toContain("Hack");
    const bad = find(snapshot, "32x", "Virtua Fighter").releases.find((r) => r.name.endsWith("[b2]"));
    expect(bad?.status).toBe("bad");
    // One arcade platform: the set sf2 of MAME 2003, MAME 2010 and FBNeo is one game, each release naming its collections.
    const sf2 = arcadeSet(snapshot, "sf2");
    expect(sf2).toMatchObject({ title: "Street Fighter II: The World Warrior", developer: "Capcom", releaseYear: 1991 });
    expect(sf2.releases.find((r) => r.setName === "sf2" && r.source === "mame-split")).toMatchObject({
      name: "Street Fighter II - The World Warrior (World 910522)",
      collections: expect.arrayContaining(["mame-2003"]),
    });
    expect(sf2.releases.some((r) => r.setName === "sf2" && r.collections?.includes("fbneo"))).toBe(true);
    expect(snapshot.platform("mame-2003")?.id).toBe("arcade");
    expect(snapshot.platform("FBNeo - Arcade Games")?.id).toBe("arcade");
  });

  it("keeps every version out of game titles, and a V-number that is the name in it (one version rule)", () => {
    const versioned = snapshot.platforms.flatMap((p) =>
      (snapshot.listing(p.id) ?? []).filter((g) => splitTitleVersion(g.title).version !== undefined).map((g) => `${p.id}: ${g.title}`),
    );
    expect(versioned).toEqual([]);
    // TOSEC's name for the same dump is an alternate title of No-Intro's game.
    const chaotix = find(snapshot, "32x", "Knuckles' Chaotix");
    expect(chaotix.alternateTitles?.map((a) => a.title)).toContain("Chaotix Featuring Knuckles the Echidna");
    expect(chaotix.releases.filter((r) => r.version?.startsWith("Rev 0")).length).toBeGreaterThanOrEqual(3);
    expect(find(snapshot, "apple-ii", "The Curse of Talon").releases.some((r) => r.version === "v1.0b5")).toBe(true);
    for (const [system, title] of [
      ["ps2", "NBA Street V3"],
      ["ps3", "Sniper Elite V2"],
      ["n64", "Custom Robo V2"],
      ["c64", "The Last V8"],
    ] as const)
      expect(find(snapshot, system, title).title).toBe(title);
  });

  it("lists every DAT a release is in (No-Intro and homebrew)", () => {
    const release = find(snapshot, "megadrive", "Alien Soldier").releases.find((r) => r.name === "Alien Soldier (Europe)");
    expect(release).toMatchObject({ source: "no-intro", sources: ["no-intro", "homebrew"] });
  });
  it("matches an arcade set zip name from the real MAME 2003 DAT (sf2.zip is Street Fighter II)", () => {
    const platform = snapshot.platform("mame-2003");
    const index = platform ? matchIndexOf(snapshot, platform.id) : undefined;
    if (!platform || !index) throw new Error("no arcade platform for mame-2003");
    const scope = snapshot.searchScope(platform.id);
    const ctx = {
      index,
      platform,
      summary: (id: number) => scope.summary(id),
      searchTitles: (t: string) => searchGames(scope, { query: t, limit: 10 }).results,
      artworkBaseUrl: "https://t.example",
    };
    const [result] = matchRoms(ctx, [{ name: "roms/SF2.zip" }], []);
    expect(result?.status === "matched" ? [result.match.gameId, result.match.matchedBy] : result?.status).toEqual([
      arcadeSet(snapshot, "sf2").id,
      "name",
    ]);
  });
});

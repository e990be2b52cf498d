import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { loadCatalogSnapshot, type CatalogSnapshot } from "../../src/catalog/store/catalog-snapshot.ts";
import { findSources } from "../../src/catalog/import/find-sources.ts";
import { hasRealData, realDataSkipReason, realSource } from "../helpers/paths.ts";

const real = inject("realCatalog");

function find(snapshot: CatalogSnapshot, system: string, title: string): GameRecord {
  const summary = snapshot.listing(system)?.find((g) => g.title === title);
  if (!summary) throw new Error(`no ${system} game "${title}"`);
  return JSON.parse(snapshot.record(summary.id)?.body.toString() ?? "null") as GameRecord;
}

describe.skipIf(!hasRealData || real === null)(`the full libretro-database (${hasRealData ? "present" : realDataSkipReason})`, () => {
  const snapshot = real ? loadCatalogSnapshot(real.buildDir) : (undefined as unknown as CatalogSnapshot);

  it("imports all of it: every DAT system is a platform with games", () => {
    const systems = new Set(
      findSources([realSource])
        .filter((f) => f.role === "games")
        .map((f) => f.systemName),
    );
    expect(snapshot.manifest.counts.games).toBeGreaterThan(120_000);
    expect(snapshot.manifest.counts.roms).toBeGreaterThan(200_000);
    for (const system of systems) expect(snapshot.platform(system), system).toBeDefined();
    expect(snapshot.platforms.every((p) => p.gameCount > 0)).toBe(true);
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
    const records = (snapshot.listing("psx") ?? []).map((g) => JSON.parse(snapshot.record(g.id)?.body.toString() ?? "{}") as GameRecord);
    expect(records.filter((r) => r.analog === true).length).toBeGreaterThan(50);
    expect(records.filter((r) => r.rumble === true).length).toBeGreaterThan(50);
  });

  it("carries the attribution on records", () => {
    const record = find(snapshot, "snes", "Chrono Trigger");
    expect(record.attribution.license).toBe("CC BY-SA 4.0");
    expect(path.basename(real?.buildDir ?? "")).toBe("build");
  });
});

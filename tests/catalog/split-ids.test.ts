import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalog, type ImportSummary } from "../../src/catalog/import/import-catalog.ts";
import { openCatalogDb } from "../../src/catalog/db/catalog-db.ts";
import { buildCatalog, type BuildSummary } from "../../src/pipeline/build-pipeline.ts";
import { buildSettings } from "../helpers/build-settings.ts";
import { http } from "../helpers/http.ts";
import { platformsFile, releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/** A rom line of a clrmamepro DAT whose hashes are one hex digit repeated (no real rom has them). */
function rom(name: string, digit: string): string {
  return `rom ( name "${name}" size 524288 crc ${digit.repeat(8).toUpperCase()} md5 ${digit.repeat(32)} sha1 ${digit.repeat(40)} )`;
}

function dat(games: readonly { name: string; rom: string }[]): string {
  const header = 'clrmamepro (\n\tname "Nintendo - Super Nintendo Entertainment System"\n\tversion "test"\n)\n';
  return header + games.map((g) => `\ngame (\n\tname "${g.name}"\n\t${g.rom}\n)\n`).join("");
}

interface FeedChange {
  id: number;
  change: string;
  splitFrom?: number;
  title: string;
}

/**
 * A record that held two works is split: in the first import "Suisei Quest (Japan)" is the same
 * dump as "Comet Quest (USA)" and joins its record; in the second it has a rom of its own and
 * becomes a record of its own. The larger part keeps the id, the split-off part gets a new one,
 * and the change feed says where it came from.
 */
describe("a record split in two", () => {
  const dir = tempDir("ludex-split-");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  const datFile = path.join(dir, "dats", "Nintendo - Super Nintendo Entertainment System.dat");
  let first: { import: ImportSummary; build: BuildSummary };
  let second: { import: ImportSummary; build: BuildSummary };
  let firstIds: number[] = [];
  let server: RunningServer;
  const idOf = (name: string): number => {
    const db = openCatalogDb(dbFile, { readonly: true });
    try {
      return db.prepare<[string], number>("SELECT game_id FROM releases WHERE name = ?").pluck().get(name) ?? 0;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    mkdirSync(path.dirname(datFile), { recursive: true });
    const run = (games: readonly { name: string; rom: string }[]): { import: ImportSummary; build: BuildSummary } => {
      writeFileSync(datFile, dat(games));
      const summary = importCatalog({ sources: [datFile], dbFile, platformsFile });
      const build = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(), pages: false });
      return { import: summary, build: build as BuildSummary };
    };
    const usa = { name: "Comet Quest (USA)", rom: rom("Comet Quest (USA).sfc", "a") };
    const europe = { name: "Comet Quest (Europe)", rom: rom("Comet Quest (Europe).sfc", "e") };
    const other = { name: "Lantern Road (Europe)", rom: rom("Lantern Road (Europe).sfc", "c") };
    first = run([usa, europe, { name: "Suisei Quest (Japan)", rom: rom("Suisei Quest (Japan).sfc", "a") }, other]);
    const db = openCatalogDb(dbFile, { readonly: true });
    firstIds = db.prepare<[], number>("SELECT id FROM games").pluck().all();
    db.close();
    second = run([usa, europe, { name: "Suisei Quest (Japan)", rom: rom("Suisei Quest (Japan).sfc", "b") }, other]);
    server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
  });

  it("keeps the id for the larger part and gives the split-off part a new id", () => {
    expect(first.import.games).toBe(2);
    expect(second.import.games).toBe(3);
    const kept = idOf("Comet Quest (USA)");
    expect(firstIds).toContain(kept);
    expect(idOf("Comet Quest (Europe)")).toBe(kept);
    const split = idOf("Suisei Quest (Japan)");
    expect(split).not.toBe(kept);
    expect(firstIds).not.toContain(split);
  });

  it("logs the new record as added, split off the record that kept its id", async () => {
    const page = (await http(server.url(`/api/v1/changes/?since=${first.build.manifest.catalogVersion}`))).json<{
      changes: FeedChange[];
    }>();
    const split = idOf("Suisei Quest (Japan)");
    expect(page.changes.find((c) => c.id === split)).toMatchObject({ change: "added", splitFrom: idOf("Comet Quest (USA)") });
    expect(page.changes.find((c) => c.id === idOf("Comet Quest (USA)"))).toMatchObject({ change: "changed" });
  });

  it("answers every id of the previous build with its record", async () => {
    expect(firstIds.length).toBe(2);
    for (const id of firstIds) {
      const res = await http(server.url(`/api/v1/games/?id=${id}`));
      expect(res.status, `id ${id}`).toBe(200);
      expect(res.json<{ id: number }>().id).toBe(id);
    }
  });
});

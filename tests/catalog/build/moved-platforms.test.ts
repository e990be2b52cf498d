import { siteFiles } from "../../../src/site/site-paths.ts";
import { recordFile } from "../../../src/catalog/build/build-catalog.ts";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCatalog, type BareBuildSummary, type BuildSummary } from "../../../src/pipeline/build-pipeline.ts";
import type { ShardIndex } from "../../../src/catalog/build/manifest.ts";
import type { ChangeLogFile } from "../../../src/catalog/changes/change-types.ts";
import { importCatalog, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { buildSettings } from "../../helpers/build-settings.ts";
import { http } from "../../helpers/http.ts";
import { platformsFile, releaseFeedFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";
import { startTestServer } from "../../helpers/test-server.ts";

interface PlatformsJson {
  platforms: { slug: string; name: string; manufacturer: string; kind: string; collections?: Record<string, unknown>[] }[];
}

/**
 * data/platforms.json as it was before arcade became one platform: each arcade collection its own
 * platform (the catalog of an earlier ludex), so that an import with it leaves games on
 * `mame-2003` and `fbneo` as that ludex did.
 */
function platformsBeforeArcade(dir: string): string {
  const json = JSON.parse(readFileSync(platformsFile, "utf8")) as PlatformsJson;
  const arcade = json.platforms.find((p) => p.slug === "arcade");
  if (!arcade?.collections) throw new Error("data/platforms.json has no arcade collections");
  const collections = arcade.collections.map(({ hacks: _hacks, ...c }) => ({ ...c, manufacturer: arcade.manufacturer, kind: arcade.kind }));
  const file = path.join(dir, "platforms-before-arcade.json");
  writeFileSync(file, JSON.stringify({ ...json, platforms: [...json.platforms.filter((p) => p.slug !== "arcade"), ...collections] }));
  return file;
}

/** A libretro split-set DAT: the description as the game's name, the set as the zip. */
function arcadeDat(name: string, games: readonly { title: string; set: string; digit: string }[]): string {
  const blocks = games.map(
    (g) =>
      `\ngame (\n\tname "${g.title}"\n\trom ( name ${g.set}.zip size 4096 crc ${g.digit.repeat(8).toUpperCase()} md5 ${g.digit.repeat(32)} sha1 ${g.digit.repeat(40)} )\n)\n`,
  );
  return `clrmamepro (\n\tname "${name}"\n\tversion "test"\n)\n${blocks.join("")}`;
}

describe("games that moved to another platform keeping their ids (the arcade collections, now one platform)", () => {
  let buildDir = "";
  let before: ImportSummary;
  let after: ImportSummary;
  const builds: (BuildSummary | BareBuildSummary)[] = [];
  /** Ids by platform and title after the first import, from its shards. */
  const firstIds = new Map<string, number>();
  /** The two Star Blaster games of the first import: the one that merged away and the one it joined. */
  let mergedId = 0;
  let keptId = 0;
  /** The ids that are arcade's records after the move. */
  let movedIds: number[] = [];

  const indexOf = (build: BuildSummary | BareBuildSummary, slug: string): ShardIndex =>
    JSON.parse(readFileSync(path.join(buildDir, build.manifest.platforms[slug]?.index ?? ""), "utf8")) as ShardIndex;

  beforeAll(() => {
    const dir = tempDir("ludex-moved-");
    const checkout = path.join(dir, "libretro-database");
    mkdirSync(path.join(checkout, "dat"), { recursive: true });
    mkdirSync(path.join(checkout, "metadat", "mame-split"), { recursive: true });
    mkdirSync(path.join(checkout, "metadat", "fbneo-split"), { recursive: true });
    writeFileSync(
      path.join(checkout, "metadat", "mame-split", "MAME 2003.dat"),
      arcadeDat("MAME 2003", [
        { title: "Star Blaster (World)", set: "sblast", digit: "1" },
        { title: "Iron Comet (USA)", set: "icomet", digit: "2" },
      ]),
    );
    writeFileSync(
      path.join(checkout, "metadat", "fbneo-split", "FBNeo - Arcade Games.dat"),
      arcadeDat("FBNeo - Arcade Games", [
        { title: "Star Blaster (World)", set: "sblast", digit: "3" },
        { title: "Neo Runner", set: "nrunner", digit: "4" },
      ]),
    );
    const dbFile = path.join(dir, "catalog.db");
    buildDir = path.join(dir, "build");
    const build = (): void => {
      builds.push(buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings() }));
    };
    before = importCatalog({ sources: [checkout], dbFile, platformsFile: platformsBeforeArcade(dir) });
    build();
    for (const slug of ["mame-2003", "fbneo"]) {
      const index = indexOf(builds[0] as BuildSummary, slug);
      index.ids.forEach((id, i) => {
        firstIds.set(`${slug}:${index.summaries[i]?.title}`, id);
      });
    }
    after = importCatalog({ sources: [checkout], dbFile, platformsFile });
    build();
    build();
    mergedId = after.merged[0]?.id ?? 0;
    keptId = after.merged[0]?.into ?? 0;
    movedIds = [keptId, firstIds.get("mame-2003:Iron Comet") ?? 0, firstIds.get("fbneo:Neo Runner") ?? 0];
  });

  it("imports them on the collections' platforms first, then on arcade with the same ids, the same set in two collections merged", () => {
    expect(before.games).toBe(4);
    expect(Object.keys(builds[0]?.manifest.platforms ?? {}).sort()).toEqual(["fbneo", "mame-2003"]);
    expect(Object.keys(builds[1]?.manifest.platforms ?? {})).toEqual(["arcade"]);
    expect(after.games).toBe(3);
    expect(after.removed).toEqual([]);
    const starBlasters = [firstIds.get("fbneo:Star Blaster"), firstIds.get("mame-2003:Star Blaster")];
    expect(after.merged).toEqual([{ id: mergedId, into: keptId, system: expect.any(String), title: "Star Blaster" }]);
    expect([mergedId, keptId].sort()).toEqual(starBlasters.sort());
    const arcadeIds = indexOf(builds[1] as BuildSummary, "arcade").ids;
    expect([...arcadeIds].sort((a, b) => a - b)).toEqual([...movedIds].sort((a, b) => a - b));
  });

  it("keeps the record file of every id of every shard, after the move and after a rebuild", () => {
    for (const build of builds.slice(1)) {
      const ids = Object.keys(build.manifest.platforms).flatMap((slug) => indexOf(build, slug).ids);
      expect(ids).toHaveLength(3);
      for (const id of ids) {
        const file = path.join(buildDir, recordFile(id));
        expect(existsSync(file), recordFile(id)).toBe(true);
        expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ id, system: "arcade" });
      }
    }
    expect(existsSync(path.join(buildDir, recordFile(mergedId)))).toBe(false);
  });

  it("keeps the website page of every moved id, and drops the merged one's", () => {
    for (const id of movedIds) expect(existsSync(path.join(buildDir, siteFiles.game(id))), `page of ${id}`).toBe(true);
    expect(existsSync(path.join(buildDir, siteFiles.game(mergedId)))).toBe(false);
  });

  it("logs the moved games as changed in system, and the merged one as merged, never as removed and added", () => {
    const log = JSON.parse(
      readFileSync(path.join(buildDir, "changes", `${builds[1]?.manifest.catalogVersion}.json`), "utf8"),
    ) as ChangeLogFile;
    const byId = new Map(log.changes.map((c) => [c.id, c]));
    expect(log.changes).toHaveLength(4);
    for (const id of movedIds) {
      const change = byId.get(id);
      expect(change, String(id)).toMatchObject({ system: "arcade", change: "changed" });
      expect(change?.kinds, String(id)).toContain("system");
    }
    const mergedFrom = firstIds.get("fbneo:Star Blaster") === mergedId ? "fbneo" : "mame-2003";
    expect(byId.get(mergedId)).toEqual({ id: mergedId, system: mergedFrom, title: "Star Blaster", change: "merged", into: keptId });
    expect(builds[1]?.manifest.changeHistory?.at(-1)).toMatchObject({ added: 0, removed: 0, changed: 3, merged: 1 });
    // The rebuild changed nothing served: no new log.
    expect(builds[2]?.manifest.catalogVersion).toBe(builds[1]?.manifest.catalogVersion);
  });

  it("answers the moved ids with their records and the merged id with a redirect", async () => {
    const server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
    for (const id of movedIds) {
      const res = await http(server.url(`/api/v1/games/?id=${id}`));
      expect(res.status, String(id)).toBe(200);
      expect(res.json()).toMatchObject({ id, system: "arcade" });
    }
    const merged = await http(server.url(`/api/v1/games/?id=${mergedId}`));
    expect(merged.status).toBe(301);
    expect(merged.headers.location).toBe(`https://ludex.test/api/v1/games/?id=${keptId}`);
  });

  it("reads an old collection slug as the arcade games of that collection, when listing and searching", async () => {
    const server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
    const titles = async (query: string): Promise<{ system: string; collection?: string; titles: string[] }> => {
      const body = (await http(server.url(`/api/v1/games/?${query}`))).json<{
        system: string;
        collection?: string;
        results: { title: string }[];
      }>();
      return { system: body.system, ...(body.collection ? { collection: body.collection } : {}), titles: body.results.map((r) => r.title) };
    };
    expect(await titles("system=arcade")).toEqual({ system: "arcade", titles: ["Iron Comet", "Neo Runner", "Star Blaster"] });
    expect(await titles("system=mame-2003")).toEqual({ system: "arcade", collection: "mame-2003", titles: ["Iron Comet", "Star Blaster"] });
    expect(await titles("system=FBNeo")).toEqual({ system: "arcade", collection: "fbneo", titles: ["Neo Runner", "Star Blaster"] });
    expect((await titles("system=fbneo&q=iron comet")).titles).toEqual([]);
    expect((await titles("system=mame2003&q=iron comet")).titles).toEqual(["Iron Comet"]);
    const agent = (await http(server.url("/api/v1/agent/games/?q=runner&system=mame-2003"))).json<{ collection: string; total: number }>();
    expect(agent).toMatchObject({ collection: "mame-2003", total: 0 });
  });
});

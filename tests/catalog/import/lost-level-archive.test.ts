import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { findSources } from "../../../src/catalog/import/find-sources.ts";
import { importCatalog } from "../../../src/catalog/import/import-catalog.ts";
import { platformsFile } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

const sha1 = (text: string): string => createHash("sha1").update(text).digest("hex");

/** A clrmamepro DAT whose entries each have one rom, hashed from `dump` (the name by default). */
function dat(system: string, entries: readonly { name: string; dump?: string; raw?: string }[]): string {
  const blocks = entries.map(
    (e) =>
      e.raw ??
      `game (\n\tname "${e.name}"\n\tdescription "${e.name}"\n\trom ( name "${e.name}.gb" size 32768 crc ${sha1(e.dump ?? e.name).slice(0, 8)} sha1 ${sha1(e.dump ?? e.name)} )\n)\n`,
  );
  return `clrmamepro (\n\tname "${system}"\n\tdescription "${system}"\n)\n\n${blocks.join("\n")}`;
}

const GB = "Nintendo - Game Boy";
const GBC = "Nintendo - Game Boy Color";

/** A libretro-database checkout with No-Intro, Lost Level Archive and magazine folders. */
function checkout(gbcNoIntro: readonly { name: string; dump?: string }[]): string {
  const root = tempDir("ludex-lla-");
  const write = (folder: string, system: string, text: string): void => {
    mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, folder, `${system}.dat`), text);
  };
  mkdirSync(path.join(root, "dat"));
  write("metadat/no-intro", GB, dat(GB, [{ name: "Pocket Quest (USA)" }]));
  write("metadat/no-intro", GBC, dat(GBC, gbcNoIntro));
  write(
    "metadat/lost-level-archive",
    GB,
    dat(GB, [
      { name: "Cairn (World) (v1.4.4) (Aftermarket) (GB Studio)", dump: "cairn" },
      { name: "Pocket Quest (USA) (Proto)", dump: "Pocket Quest (USA)" },
      { name: "Sky Lantern (World) (Proto) (1991)" },
      { name: "Broken", raw: 'game (\n\tname "Broken (World)"\n\tdescription ""Broken (World)"\n)\n' },
    ]),
  );
  write(
    "metadat/magazine/edge",
    GB,
    `clrmamepro (\n\tname "${GB}"\n)\n\ngame (\n\tcomment "Pocket Quest (USA)"\n\tedge_rating 8\n\trom ( crc ${sha1("Pocket Quest (USA)").slice(0, 8)} )\n)\n`,
  );
  return root;
}

function gamesOf(dbFile: string): { platform: string; title: string; sources: string }[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db
      .prepare<[], { platform: string; title: string; sources: string }>(
        `SELECT g.platform, g.title, group_concat(r.source, ',') AS sources FROM games g JOIN releases r ON r.game_id = g.id
         GROUP BY g.id ORDER BY g.platform, g.title`,
      )
      .all();
  } finally {
    db.close();
  }
}

describe("the Lost Level Archive folder", () => {
  it("is read as games of its platforms, joining No-Intro's record by dump and deferring to No-Intro's dump on another platform", () => {
    const root = checkout([{ name: "Cairn (World) (v1.4.4) (GB Compatible)", dump: "cairn" }]);
    const dbFile = path.join(tempDir(), "catalog.db");
    const summary = importCatalog({ sources: [root], dbFile, platformsFile });
    expect(gamesOf(dbFile)).toEqual([
      { platform: "gb", title: "Pocket Quest", sources: "no-intro,lost-level-archive" },
      { platform: "gb", title: "Sky Lantern", sources: "lost-level-archive" },
      { platform: "gbc", title: "Cairn", sources: "no-intro" },
    ]);
    expect(summary.warnings).toContainEqual(
      expect.stringMatching(
        /lost-level-archive\/Nintendo - Game Boy\.dat: 1 entries left out: No-Intro lists their dumps on another platform: "Cairn/,
      ),
    );
    expect(summary.warnings).toContainEqual(
      expect.stringMatching(/lost-level-archive\/Nintendo - Game Boy\.dat:\d+:\d+: .*"Broken \(World\)" left out\)$/),
    );
    expect(summary.sourceStats["lost-level-archive"]).toEqual({ releases: 2, joined: 1, gamesOnly: 1 });
  });

  it("takes the entry back once No-Intro no longer lists its dump elsewhere: the platform is read again", () => {
    const root = checkout([{ name: "Cairn (World) (v1.4.4) (GB Compatible)", dump: "cairn" }]);
    const dbFile = path.join(tempDir(), "catalog.db");
    importCatalog({ sources: [root], dbFile, platformsFile });
    const again = checkout([{ name: "Other Game (World)" }]);
    const summary = importCatalog({ sources: [again], dbFile, platformsFile });
    expect(summary.changedPlatforms).toEqual(["gb", "gbc"]);
    expect(gamesOf(dbFile).filter((g) => g.title === "Cairn")).toEqual([{ platform: "gb", title: "Cairn", sources: "lost-level-archive" }]);
  });

  it("and metadata in nested folders (metadat/magazine/edge) are found, with their folder as collection", () => {
    const root = checkout([]);
    const files = findSources([root]).map((f) => ({ label: path.relative(root, f.path), role: f.role, collection: f.collection }));
    expect(files).toContainEqual({ label: `metadat/magazine/edge/${GB}.dat`, role: "metadata", collection: "magazine/edge" });
    expect(files).toContainEqual({ label: `metadat/lost-level-archive/${GB}.dat`, role: "games", collection: "lost-level-archive" });
  });
});

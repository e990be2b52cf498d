import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalog, type ImportSummary } from "../../../src/catalog/import/import-catalog.ts";
import { Problem } from "../../../src/core/problem.ts";
import { gamesIn, releasesOf, sha256File } from "../../helpers/catalog-db-queries.ts";
import { platformsFile, sampleSource } from "../../helpers/paths.ts";
import { copyOf, tempDir } from "../../helpers/temp-dir.ts";

const snesDat = "metadat/no-intro/Nintendo - Super Nintendo Entertainment System.dat";

function run(sources: string[], dbFile: string): ImportSummary {
  return importCatalog({ sources, dbFile, platformsFile });
}

function game(dbFile: string, platform: string, title: string): { id: number; platform: string; title: string } {
  const found = gamesIn(dbFile).find((g) => g.platform === platform && g.title === title);
  if (!found) throw new Error(`no ${platform} game "${title}"`);
  return found;
}

describe("importCatalog on the bundled sample", () => {
  const dbFile = path.join(tempDir(), "catalog.db");
  let summary: ImportSummary;
  beforeAll(() => {
    summary = run([sampleSource], dbFile);
  });

  it("imports every platform, game, release and rom with a summary", () => {
    expect(summary).toMatchObject({ platforms: 6, games: 43, releases: 78, roms: 88, added: 43, removed: [], changed: true });
    expect(summary.warnings).toEqual([]);
    expect([...summary.changedPlatforms].sort()).toEqual(["gb", "gba", "megadrive", "nes", "psx", "snes"]);
  });

  it("groups regions, revisions and betas of one title into one game, best release first", () => {
    const starfall = game(dbFile, "snes", "The Legend of Starfall");
    const releases = releasesOf(dbFile, starfall.id);
    expect(releases).toHaveLength(5);
    // Retail first, then the region order, then the newest revision.
    expect(releases[0]?.name).toBe("Legend of Starfall, The (USA) (Rev 1)");
    expect(releases.at(-1)?.status).toBe("beta");
  });

  it("keeps one title on two platforms as two games", () => {
    const snes = game(dbFile, "snes", "Turbo Comet Racing");
    const md = game(dbFile, "megadrive", "Turbo Comet Racing");
    expect(snes.id).not.toBe(md.id);
  });

  it("merges the headerless No-Intro and headered libretro NES dumps of one release", () => {
    const paladin = game(dbFile, "nes", "Pocket Paladin");
    const usa = releasesOf(dbFile, paladin.id).find((r) => r.name === "Pocket Paladin (USA)");
    expect(usa?.roms).toBe(2);
  });

  it("treats Redump discs as releases of one game and keeps their serials", () => {
    const orchard = game(dbFile, "psx", "Shadow Orchard");
    const releases = releasesOf(dbFile, orchard.id);
    expect(releases).toHaveLength(4);
    expect(releases.every((r) => r.serial !== null)).toBe(true);
  });

  it("reads the Logiqx XML DAT and unescapes its entities", () => {
    expect(game(dbFile, "gb", "Bolt & Bramble").title).toBe("Bolt & Bramble");
  });
});

describe("id stability", () => {
  it("keeps the id of every remaining game across a changed re-import, adds new ids and reports removals", () => {
    const source = copyOf(sampleSource);
    const dbFile = path.join(tempDir(), "catalog.db");
    run([source], dbFile);
    const before = gamesIn(dbFile);
    const maxId = Math.max(...before.map((g) => g.id));

    const datFile = path.join(source, snesDat);
    const text = readFileSync(datFile, "utf8");
    const withoutZephyr = text.replace(/game \(\n\tname "Zephyr Quest[\s\S]*?\n\)\n/, "");
    expect(withoutZephyr).not.toBe(text);
    writeFileSync(
      datFile,
      `${withoutZephyr}game (\n\tname "Quiet Comet (Japan)"\n\tregion "Japan"\n\trom ( name "Quiet Comet (Japan).sfc" size 524288 crc 0BADF00D md5 0123456789abcdef0123456789abcdef sha1 0123456789abcdef0123456789abcdef01234567 )\n)\n`,
    );
    const summary = run([source], dbFile);
    expect(summary.changedPlatforms).toEqual(["snes"]);
    expect(summary.added).toBe(1);
    expect(summary.removed).toEqual([expect.objectContaining({ system: "snes", title: "Zephyr Quest" })]);

    const after = gamesIn(dbFile);
    for (const old of before) {
      if (old.title === "Zephyr Quest") continue;
      expect(after.find((g) => g.platform === old.platform && g.title === old.title)?.id).toBe(old.id);
    }
    const quiet = after.find((g) => g.title === "Quiet Comet");
    expect(quiet?.id).toBeGreaterThan(maxId);
    expect(after.some((g) => g.title === "Zephyr Quest")).toBe(false);
  });

  it("removes the games of a platform whose sources are no longer given", () => {
    const source = copyOf(sampleSource);
    const dbFile = path.join(tempDir(), "catalog.db");
    run([source], dbFile);
    for (const folder of ["metadat/redump"]) rmSync(path.join(source, folder), { recursive: true });
    for (const kind of ["developer", "publisher", "genre", "releaseyear", "releasemonth", "maxusers", "franchise", "esrb"]) {
      rmSync(path.join(source, "metadat", kind, "Sony - PlayStation.dat"), { force: true });
    }
    const summary = run([source], dbFile);
    expect(summary.platforms).toBe(5);
    expect(summary.removed.filter((g) => g.system === "psx").length).toBe(6);
    expect(gamesIn(dbFile).some((g) => g.platform === "psx")).toBe(false);
  });
});

describe("atomicity and idempotence", () => {
  it("running the same import twice changes nothing, byte for byte", () => {
    const dbFile = path.join(tempDir(), "catalog.db");
    run([sampleSource], dbFile);
    const hash = sha256File(dbFile);
    const again = run([sampleSource], dbFile);
    expect(again.changed).toBe(false);
    expect(again.changedPlatforms).toEqual([]);
    expect(again.games).toBe(43);
    expect(sha256File(dbFile)).toBe(hash);
  });

  it("a malformed DAT under --strict fails with its file and line and leaves the previous database byte-identical", () => {
    const source = copyOf(sampleSource);
    const dbFile = path.join(tempDir(), "catalog.db");
    run([source], dbFile);
    // A valid change on one platform, so the failing import would have written something.
    appendFileSync(
      path.join(source, "metadat/no-intro/Nintendo - Game Boy Advance.dat"),
      `game (\n\tname "New Game (USA)"\n\trom ( name "n.gba" size 1 crc 00000001 )\n)\n`,
    );
    const before = sha256File(dbFile);
    const broken = path.join(source, snesDat);
    const lines = readFileSync(broken, "utf8").split("\n");
    const lineNo = lines.length;
    appendFileSync(broken, `game (\n\tname "Unterminated\n`);
    let thrown: unknown;
    try {
      importCatalog({ sources: [source], dbFile, platformsFile, strict: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Problem);
    const problem = thrown as Problem;
    expect(problem.type).toBe("dat-syntax");
    expect(problem.detail).toContain("Nintendo - Super Nintendo Entertainment System.dat");
    expect(problem.extensions.line).toBe(lineNo + 1);
    expect(sha256File(dbFile)).toBe(before);
    // Without --strict the block is left out and the rest goes in.
    const summary = run([source], dbFile);
    expect(summary.warnings).toContainEqual(
      expect.stringMatching(
        /Nintendo - Super Nintendo Entertainment System\.dat:\d+:\d+: unterminated string \(block at line \d+ left out\)$/,
      ),
    );
    expect(game(dbFile, "gba", "New Game")).toBeDefined();
    expect(existsSync(`${dbFile}-journal`)).toBe(false);
  });

  it("a failing first import leaves no database behind", () => {
    const dir = tempDir();
    const dat = path.join(dir, "Nintendo - Game Boy.dat");
    writeFileSync(dat, `game (\n\tname "X"\n\trom ( name "x" size 12 crc NOTAHEX1 )\n`);
    const dbFile = path.join(dir, "catalog.db");
    expect(() => run([dat], dbFile)).toThrow(Problem);
    expect(existsSync(dbFile)).toBe(false);
  });
});

describe("sources", () => {
  it("imports single files and plain folders, deriving a platform for an unknown system with a warning", () => {
    const dir = tempDir();
    const dat = path.join(dir, "Acme - Funbox 64.dat");
    writeFileSync(
      dat,
      `clrmamepro (\n\tname "Acme - Funbox 64"\n)\n\ngame (\n\tname "Widget World (USA)"\n\trom ( name "Widget World (USA).fb" size 2048 crc 12345678 )\n)\n`,
    );
    const summary = run([dat], path.join(dir, "catalog.db"));
    expect(summary.games).toBe(1);
    expect(summary.warnings).toEqual([expect.stringContaining('system "Acme - Funbox 64" has no entry')]);
    expect(gamesIn(path.join(dir, "catalog.db"))[0]).toMatchObject({ platform: "acme-funbox-64", title: "Widget World" });
  });

  it("resolves a No-Intro XML file name with a date suffix and joins a metadata DAT given as a file", () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, "Nintendo - Game Boy (20240101-120000).xml"),
      `<?xml version="1.0"?>\n<datafile><header><name>Nintendo - Game Boy</name></header><game name="Widget World (Europe)"><description>Widget World (Europe)</description><rom name="w.gb" size="32768" crc="CAFEBABE" md5="0123456789abcdef0123456789abcdef" sha1="0123456789abcdef0123456789abcdef01234567"/></game></datafile>\n`,
    );
    writeFileSync(
      path.join(dir, "genre.dat"),
      `clrmamepro (\n\tname "Nintendo - Game Boy"\n)\n\ngame (\n\tcomment "Widget World (Europe)"\n\tgenre "Puzzle"\n\trom ( crc CAFEBABE )\n)\n`,
    );
    const dbFile = path.join(dir, "catalog.db");
    const summary = run([dir], dbFile);
    expect(summary.platforms).toBe(1);
    expect(summary.warnings).toEqual([]);
    const [widget] = gamesIn(dbFile);
    expect(widget).toMatchObject({ platform: "gb", title: "Widget World" });
  });

  it("refuses a missing source", () => {
    expect(() => run(["/nonexistent/ludex"], path.join(tempDir(), "c.db"))).toThrow(/no such file or folder/);
  });
});

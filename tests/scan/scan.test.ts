import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { ScanEntry } from "../../src/scan/scan-report.ts";
import { freePort } from "../helpers/free-port.ts";
import { readGamelist } from "../helpers/gamelist-xml.ts";
import { make7z } from "../helpers/seven-zip.ts";
import { projectRoot } from "../helpers/paths.ts";
import { type RunningServer, startTestServer } from "../helpers/test-server.ts";
import { type TestRomsCatalog, testRomsCatalog, testRomsFolder } from "../helpers/test-roms-catalog.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const run = promisify(execFile);

/** Runs `ludex scan` in a child process (asynchronously: the test server answers from this one). */
async function scan(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return await run(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), "scan", ...args], {
    cwd: projectRoot,
    encoding: "utf8",
  });
}

interface ScanJson {
  readonly summary: {
    readonly files: number;
    readonly matched: number;
    readonly notFound: number;
    readonly noPlatform: number;
    readonly platforms: Record<string, { files: number; matched: number }>;
  };
  readonly files: readonly ScanEntry[];
}

const rom = (file: string): Buffer => readFileSync(path.join(testRomsFolder, file));

/** Every file of the folder that the catalog knows, by the path `ludex scan` reports it under. */
const known = [
  "atari7800/Orbit Orchard (USA).a78",
  "gb/Handheld Pack.zip#Tidepool Tales (USA).gb",
  "gba/Kite Kingdom (Europe).7z",
  "gba/Kite Set.7z#Kite Kingdom (Europe).gba",
  "gba/kite #1.gba",
  "lynx/pilots.lnx",
  "nes/Lumen Lanes.zip#Lumen Lanes (USA).nes",
  "psx/Harbor Lights (USA)/Harbor Lights (USA) (Track 1).bin",
  "psx/Harbor Lights (USA)/Harbor Lights (USA) (Track 2).bin",
  "psx/Harbor Lights (USA)/Harbor Lights (USA).cue",
  "psx/Copy/Harbor Lights (USA) (Track 1).bin",
  "psx/Copy/Harbor Lights (USA) (Track 2).bin",
  "psx/Copy/Harbor Lights (USA).cue",
  "snes/Ferry LZMA.zip#Crystal Ferry (USA).smc",
  "snes/ferry.smc",
];
const unknown = ["gb/Handheld Pack.zip#readme.txt", "gb/zzzz.gb"];

let catalog: TestRomsCatalog;
let server: RunningServer;
let folder: string;
let work: string;

beforeAll(async () => {
  catalog = testRomsCatalog();
  server = await startTestServer({ LUDEX_BUILD_DIR: catalog.buildDir });
  work = tempDir("ludex-scan-");
  folder = path.join(work, "roms");
  // The test ROMs as a user keeps them: zipped (one zip with two members), renamed, in ES-DE's folders, with strays.
  for (const dir of ["nes", "gb", "gba", "snes", "lynx", "atari7800", "psx"]) mkdirSync(path.join(folder, dir), { recursive: true });
  writeFileSync(path.join(folder, "nes", "Lumen Lanes.zip"), zipSync({ "Lumen Lanes (USA).nes": rom("nes/Lumen Lanes (USA).nes") }));
  writeFileSync(
    path.join(folder, "gb", "Handheld Pack.zip"),
    zipSync({ "Tidepool Tales (USA).gb": rom("gb/Tidepool Tales (USA).gb"), "readme.txt": new TextEncoder().encode("zzzz qqqq xxxx\n") }),
  );
  writeFileSync(path.join(folder, "gb", "zzzz.gb"), Buffer.alloc(4096, 0x5a));
  cpSync(path.join(testRomsFolder, "gba", "Kite Kingdom (Europe).gba"), path.join(folder, "gba", "kite #1.gba"));
  writeFileSync(
    path.join(folder, "gba", "Kite Set.7z"),
    await make7z({ "Kite Kingdom (Europe).gba": rom("gba/Kite Kingdom (Europe).gba") }),
  );
  // A zip whose member fflate cannot inflate (LZMA): read by 7-Zip instead.
  const smc = rom("snes/Crystal Ferry (USA).smc");
  writeFileSync(path.join(folder, "snes", "Ferry LZMA.zip"), await make7z({ "Crystal Ferry (USA).smc": smc }, ["-tzip", "-mm=LZMA"]));
  // A 7z that 7-Zip cannot read: sent by its name, which the catalog knows.
  writeFileSync(path.join(folder, "gba", "Kite Kingdom (Europe).7z"), Buffer.from("7z\xbc\xaf\x27\x1c", "latin1"));
  cpSync(path.join(testRomsFolder, "snes", "Crystal Ferry (USA).smc"), path.join(folder, "snes", "ferry.smc"));
  cpSync(path.join(testRomsFolder, "lynx", "Pebble Pilots (USA).lnx"), path.join(folder, "lynx", "pilots.lnx"));
  cpSync(path.join(testRomsFolder, "atari7800"), path.join(folder, "atari7800"), { recursive: true });
  cpSync(path.join(testRomsFolder, "psx"), path.join(folder, "psx"), { recursive: true });
  // The same disc again, behind a playlist in the folder above it.
  cpSync(path.join(testRomsFolder, "psx", "Harbor Lights (USA)"), path.join(folder, "psx", "Copy"), { recursive: true });
  writeFileSync(path.join(folder, "psx", "Harbor Lights (USA) (Playlist).m3u"), "Copy/Harbor Lights (USA).cue\n");
  writeFileSync(path.join(folder, "notes.dat"), "not a rom\n");
});

describe("ludex scan", () => {
  let offline: ScanJson;
  let online: ScanJson;
  let offlineOut: string;

  it("matches every known file offline, against the local build", async () => {
    const json = path.join(work, "offline.json");
    const { stdout } = await scan([folder, "--out", catalog.buildDir, "--json", json, "--gamelist", path.join(work, "gamelists")]);
    offlineOut = stdout;
    offline = JSON.parse(readFileSync(json, "utf8")) as ScanJson;
    const byPath = new Map(offline.files.map((f) => [f.path, f]));
    expect([...byPath.keys()].sort()).toEqual([...known, ...unknown, "notes.dat"].sort());
    for (const file of known) expect(byPath.get(file)?.status, file).toBe("matched");
    for (const file of unknown) expect(byPath.get(file)?.status, file).toBe("notFound");
    expect(byPath.get("notes.dat")?.status).toBe("noPlatform");
    expect(byPath.get("snes/ferry.smc")?.result).toMatchObject({ match: { title: "Crystal Ferry", matchedBy: "sha1", headerless: true } });
    // An LZMA member, which fflate does not inflate, read by 7-Zip: the same answer as the file.
    expect(byPath.get("snes/Ferry LZMA.zip#Crystal Ferry (USA).smc")?.result).toMatchObject({
      match: { title: "Crystal Ferry", matchedBy: "sha1", headerless: true },
    });
    expect(byPath.get("gba/Kite Kingdom (Europe).7z")).toMatchObject({
      note: expect.stringMatching(/not read \(7-Zip could not read the archive/),
      result: { match: { matchedBy: "name" } },
    });
    expect(byPath.get("psx/Harbor Lights (USA)/Harbor Lights (USA).cue")?.group).toMatchObject({
      group: "psx/Harbor Lights (USA)/Harbor Lights (USA).cue",
      status: "matched",
    });
    expect(byPath.get("psx/Copy/Harbor Lights (USA) (Track 2).bin")).toMatchObject({
      sheet: "psx/Harbor Lights (USA) (Playlist).m3u",
      item: { group: "psx/Harbor Lights (USA) (Playlist).m3u" },
      group: { status: "matched" },
    });
    expect(byPath.get("gba/Kite Set.7z#Kite Kingdom (Europe).gba")?.result).toMatchObject({
      match: { title: "Kite Kingdom", matchedBy: "sha1" },
    });
    expect(offline.summary).toMatchObject({ files: 18, matched: 15, notFound: 2, noPlatform: 1 });
    expect(offline.summary.platforms.psx).toMatchObject({ files: 6, matched: 6 });
    expect(stdout).toMatch(/^all\s+18\s+15\s+0\s+2\s+0$/m);
    expect(stdout).toMatch(/1 file\(s\) with no platform/);
  });

  it("gives the same answers against a server", async () => {
    const json = path.join(work, "online.json");
    const { stdout } = await scan([folder, "--server", server.origin, "--json", json]);
    online = JSON.parse(readFileSync(json, "utf8")) as ScanJson;
    const strip = (files: readonly ScanEntry[]): unknown =>
      files.map(({ path, status, result, group, item }) => ({ path, status, result, group, item }));
    expect(strip(online.files)).toEqual(strip(offline.files));
    expect(online.summary).toEqual(offline.summary);
    expect(stdout.split("\n").filter((l) => /^\w/.test(l) && !l.startsWith("wrote"))).toEqual(
      offlineOut.split("\n").filter((l) => /^\w/.test(l) && !l.startsWith("wrote")),
    );
  });

  it("writes ES-DE gamelist.xml files that hold every matched game", async () => {
    const gamelists = path.join(work, "gamelists");
    const matched = offline.files.filter((f) => f.status === "matched");
    const systems = [...new Set(matched.map((f) => f.path.split("/")[0] as string))].sort();
    expect(systems).toEqual(["atari7800", "gb", "gba", "lynx", "nes", "psx", "snes"]);
    for (const system of systems) {
      const games = readGamelist(readFileSync(path.join(gamelists, system, "gamelist.xml"), "utf8"));
      const titles = new Set(games.map((g) => g.name));
      for (const file of matched.filter((f) => f.path.startsWith(`${system}/`))) {
        expect(titles, file.path).toContain(file.result?.status === "matched" ? file.result.match.title : "");
      }
      // ES-DE paths are relative to the system folder, and name each launchable file once.
      for (const game of games) expect(game.path).toMatch(/^\.\//);
      expect(new Set(games.map((g) => g.path)).size).toBe(games.length);
    }
    // SNES artwork is verified against a thumbnail listing (tests/helpers/test-roms-catalog.ts): the box art and snap that exist are listed.
    const snes = readGamelist(readFileSync(path.join(gamelists, "snes", "gamelist.xml"), "utf8"));
    const art = (folder: string): string =>
      `https://thumbnails.libretro.com/${encodeURIComponent("Nintendo - Super Nintendo Entertainment System")}/${folder}/${encodeURIComponent("Crystal Ferry (USA)")}.png`;
    const ferry = {
      name: "Crystal Ferry",
      releasedate: "19940901T000000",
      developer: "Prism Harbor",
      publisher: "Prism Harbor",
      genre: "Puzzle",
      players: "1",
      image: art("Named_Boxarts"),
      thumbnail: art("Named_Snaps"),
    };
    expect(snes).toEqual([
      { path: "./Ferry LZMA.zip", ...ferry },
      { path: "./ferry.smc", ...ferry },
    ]);
    // Unverified artwork (no listing for the platform) may not exist, so none is written.
    const nes = readGamelist(readFileSync(path.join(gamelists, "nes", "gamelist.xml"), "utf8"));
    expect(nes.map((g) => [g.path, g.name, g.image])).toEqual([["./Lumen Lanes.zip", "Lumen Lanes", undefined]]);
    const psx = readGamelist(readFileSync(path.join(gamelists, "psx", "gamelist.xml"), "utf8"));
    // A playlist's discs are one game, listed by the playlist; a cue set by its sheet.
    const harbor = { name: "Harbor Lights", releasedate: "19980101T000000", developer: "Lighthouse Logic", genre: "Adventure" };
    expect(psx).toEqual([
      { path: "./Harbor Lights (USA) (Playlist).m3u", ...harbor },
      { path: "./Harbor Lights (USA)/Harbor Lights (USA).cue", ...harbor },
    ]);
    const gba = readGamelist(readFileSync(path.join(gamelists, "gba", "gamelist.xml"), "utf8"));
    expect(gba.map((g) => g.path).sort()).toEqual(["./Kite Kingdom (Europe).7z", "./Kite Set.7z", "./kite #1.gba"]);
  });

  it("takes the platform from --system, and refuses an unknown one or a missing folder", async () => {
    const json = path.join(work, "lynx.json");
    await scan([path.join(folder, "lynx"), "--system", "Atari Lynx", "--out", catalog.buildDir, "--json", json]);
    const lynx = JSON.parse(readFileSync(json, "utf8")) as ScanJson;
    expect(lynx.files.map((f) => [f.path, f.platform, f.status])).toEqual([["pilots.lnx", "lynx", "matched"]]);
    await expect(scan([folder, "--system", "no-such-thing", "--out", catalog.buildDir])).rejects.toMatchObject({
      stderr: expect.stringMatching(/no platform named "no-such-thing"/),
    });
    await expect(scan([path.join(work, "nowhere"), "--out", catalog.buildDir])).rejects.toMatchObject({
      stderr: expect.stringMatching(/no such folder/),
    });
    await expect(scan([folder, "--out", catalog.buildDir, "--json", path.join(work, "nowhere", "a.json")])).rejects.toMatchObject({
      stderr: expect.stringMatching(/--json: no folder .*nowhere to write a\.json in/),
    });
    const closed = await freePort();
    const refused = await scan([folder, "--server", `http://127.0.0.1:${closed}`]).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^ludex scan: Server did not answer: http:\/\/127\.0\.0\.1:\d+: fetch failed/),
    });
    expect((refused as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  });
});

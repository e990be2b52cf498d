import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import {
  cueFiles,
  type Fingerprint,
  fingerprint,
  fingerprint7z,
  fingerprintSet,
  fingerprintZip,
  gdiFiles,
  headerRules,
  LudexClient,
  m3uFiles,
  matchItemOf,
} from "@ludex/client";
import { zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startTestServer } from "../../helpers/test-server.ts";
import { make7z } from "../../helpers/seven-zip.ts";
import { type TestRomsCatalog, testRomsCatalog, testRomsFolder } from "../../helpers/test-roms-catalog.ts";

let catalog: TestRomsCatalog;
let server: RunningServer;
let client: LudexClient;

beforeAll(async () => {
  catalog = testRomsCatalog();
  server = await startTestServer({ LUDEX_BUILD_DIR: catalog.buildDir, LUDEX_MATCH_RATE_LIMIT: "off" });
  client = new LudexClient({ baseUrl: server.origin });
});

/** Node's own hashes of some bytes, to check the client's against. */
function reference(bytes: Uint8Array): { crc: string; md5: string; sha1: string; size: number } {
  return {
    size: bytes.length,
    crc: (crc32(bytes) >>> 0).toString(16).padStart(8, "0"),
    md5: createHash("md5").update(bytes).digest("hex"),
    sha1: createHash("sha1").update(bytes).digest("hex"),
  };
}

const rom = (file: string): Uint8Array => new Uint8Array(readFileSync(path.join(testRomsFolder, file)));

/** A file's bytes as a stream of small chunks, without its size: as a network or pipe gives them. */
async function* chunked(bytes: Uint8Array, size = 100): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Every headered platform the catalog documents (docs/api.md "Hashing headered files"), with its authored test file. */
const headered = [
  { platform: "nes", file: "nes/Lumen Lanes (USA).nes", header: "ines", bytes: 16 },
  { platform: "atari-7800", file: "atari7800/Orbit Orchard (USA).a78", header: "a78", bytes: 128 },
  { platform: "lynx", file: "lynx/Pebble Pilots (USA).lnx", header: "lnx", bytes: 64 },
  { platform: "snes", file: "snes/Crystal Ferry (USA).smc", header: "snes-copier", bytes: 512 },
] as const;

describe("fingerprinting headered files", () => {
  it("covers every header rule the client knows", () => {
    expect(headered.map((h) => h.header).sort()).toEqual(headerRules.map((r) => r.kind).sort());
  });

  for (const { platform, file, header, bytes } of headered) {
    it(`${platform}: the ${header} file and its headerless form match the same record`, async () => {
      const withHeader = rom(file);
      const headerless = withHeader.slice(bytes);
      const name = path.basename(file);
      const printed = await fingerprint(withHeader, { name, platform });
      expect(printed).toMatchObject(reference(withHeader));
      expect(printed.headerless).toEqual({ header, ...reference(headerless) });
      // The platform guessed from the signature alone (or the SNES extension) finds the same header.
      expect((await fingerprint(withHeader, { name }))?.headerless).toEqual(printed.headerless);
      const bare = await fingerprint(headerless, { name, platform });
      expect(bare.headerless).toBeUndefined();
      expect(bare).toMatchObject(reference(headerless));

      const answer = await client.matchRomFiles({ systemId: platform, items: [matchItemOf(printed), matchItemOf(bare)] });
      const [a, b] = answer.results;
      expect(a?.status).toBe("matched");
      expect(b?.status).toBe("matched");
      if (a?.status !== "matched" || b?.status !== "matched") return;
      expect(a.match.gameId).toBe(b.match.gameId);
      expect(b.match).toMatchObject({ matchedBy: "sha1", confidence: 1 });
      expect(b.match.headerless).toBeUndefined();
      // NES is catalogued headered too (libretro's dat/), so its on-disk hash matches as it is.
      if (platform === "nes") expect(a.match.headerless).toBeUndefined();
      else expect(a.match).toMatchObject({ matchedBy: "sha1", headerless: true });
      // And the hash the catalog lists is the headerless form's.
      const record = (await client.game(a.match.gameId))?.record;
      const roms = record?.releases.flatMap((r) => r.roms) ?? [];
      expect(roms.map((r) => r.sha1)).toContain(reference(headerless).sha1);
    });
  }

  it("finds the SNES copier header of a stream of unknown size once its size is known", async () => {
    const smc = rom("snes/Crystal Ferry (USA).smc");
    const streamed = await fingerprint(chunked(smc), { name: "Crystal Ferry (USA).smc", platform: "snes" });
    expect(streamed.headerless).toEqual({ header: "snes-copier", ...reference(smc.slice(512)) });
    const plain = await fingerprint(chunked(smc.slice(512)), { name: "Crystal Ferry (USA).sfc", platform: "snes" });
    expect(plain.headerless).toBeUndefined();
    expect(plain).toMatchObject(reference(smc.slice(512)));
  });

  it("leaves a signature on another platform alone, and reads Blobs and web streams alike", async () => {
    const nes = rom("nes/Lumen Lanes (USA).nes");
    expect((await fingerprint(nes, { name: "x.bin", platform: "gb" })).headerless).toBeUndefined();
    const fromBlob = await fingerprint(new Blob([nes]), { name: "Lumen Lanes (USA).nes" });
    const fromStream = await fingerprint(new Blob([nes]).stream(), { name: "Lumen Lanes (USA).nes" });
    const fromChunks = await fingerprint(chunked(nes, 7), { name: "Lumen Lanes (USA).nes" });
    const direct = await fingerprint(nes, { name: "Lumen Lanes (USA).nes" });
    expect(fromBlob).toEqual(direct);
    expect(fromStream).toEqual(direct);
    expect(fromChunks).toEqual(direct);
  });

  it("hashes an empty file", async () => {
    expect(await fingerprint(new Uint8Array(0), { name: "empty.nes", platform: "nes" })).toEqual({
      name: "empty.nes",
      ...reference(new Uint8Array(0)),
    });
  });
});

describe("zip members", () => {
  it("gives one item per member, hashed in place, whatever the compression", async () => {
    const gb = rom("gb/Tidepool Tales (USA).gb");
    const gba = rom("gba/Kite Kingdom (Europe).gba");
    const zip = zipSync({
      "games/Tidepool Tales (USA).gb": [gb, { level: 6 }],
      "Kite Kingdom (Europe).gba": [gba, { level: 0 }],
      "empty/": new Uint8Array(0),
    });
    const members = await fingerprintZip(chunked(zip, 1000));
    expect(members).toEqual([
      { member: "games/Tidepool Tales (USA).gb", name: "Tidepool Tales (USA).gb", ...reference(gb) },
      { member: "Kite Kingdom (Europe).gba", name: "Kite Kingdom (Europe).gba", ...reference(gba) },
    ]);
    const answer = await client.matchRomFiles({ systemId: "gb", items: members.slice(0, 1).map((m) => matchItemOf(m)) });
    expect(answer.results[0]).toMatchObject({ status: "matched", match: { release: "Tidepool Tales (USA)" } });
  });

  it("gives a zipped headered file its headerless hashes", async () => {
    const lnx = rom("lynx/Pebble Pilots (USA).lnx");
    const [member] = await fingerprintZip(zipSync({ "Pebble Pilots (USA).lnx": lnx }));
    expect(member?.headerless).toEqual({ header: "lnx", ...reference(lnx.slice(64)) });
  });

  it("names a member whose compression it does not read, which 7-Zip reads", async () => {
    // LZMA keeps the SNES file's 512 header bytes of zeros smaller than stored; the others are incompressible.
    const smc = rom("snes/Crystal Ferry (USA).smc");
    const lzma = await make7z({ "Crystal Ferry (USA).smc": smc }, ["-tzip", "-mm=LZMA"]);
    await expect(fingerprintZip(lzma)).rejects.toThrow(
      "Crystal Ferry (USA).smc: compression method 14 is not read here (stored and deflate are)",
    );
    expect(await fingerprint7z(lzma, { platform: "snes" })).toEqual([
      {
        member: "Crystal Ferry (USA).smc",
        name: "Crystal Ferry (USA).smc",
        ...reference(smc),
        headerless: { header: "snes-copier", ...reference(smc.slice(512)) },
      },
    ]);
  });

  it("refuses bytes that are not a zip archive, and an archive cut short, with a clear error", async () => {
    await expect(fingerprintZip(new TextEncoder().encode("PK\u0003\u0004 not really a zip"))).rejects.toThrow(/not a zip archive/);
    const zip = zipSync({ "Tidepool Tales (USA).gb": [rom("gb/Tidepool Tales (USA).gb"), { level: 0 }] });
    await expect(fingerprintZip(zip.subarray(0, 2000))).rejects.toThrow(/Tidepool Tales \(USA\)\.gb: the archive ends inside this member/);
  });
});

describe("7z members", () => {
  it("gives one item per member, with headerless hashes, read by 7-Zip in WebAssembly", async () => {
    const gb = rom("gb/Tidepool Tales (USA).gb");
    const nes = rom("nes/Lumen Lanes (USA).nes");
    const archive = await make7z({ "Tidepool Tales (USA).gb": gb, "sub/Lumen [b] (USA).nes": nes });
    const members = await fingerprint7z(archive);
    expect(members).toEqual([
      { member: "Tidepool Tales (USA).gb", name: "Tidepool Tales (USA).gb", ...reference(gb) },
      {
        member: "sub/Lumen [b] (USA).nes",
        name: "Lumen [b] (USA).nes",
        ...reference(nes),
        headerless: { header: "ines", ...reference(nes.slice(16)) },
      },
    ]);
    const answer = await client.matchRomFiles({ systemId: "nes", items: [matchItemOf(members[1] as Fingerprint)] });
    expect(answer.results[0]).toMatchObject({ status: "matched", match: { release: "Lumen Lanes (USA)" } });
  });

  it("refuses bytes 7-Zip cannot read with a clear error", async () => {
    await expect(fingerprint7z(new TextEncoder().encode("7z\xbc\xaf\x27\x1c but not really"))).rejects.toThrow(
      /7-Zip could not read the archive/,
    );
  });
});

describe("disc sets", () => {
  const folder = path.join(testRomsFolder, "psx", "Harbor Lights (USA)");
  const open = async (file: string): Promise<Uint8Array | undefined> => {
    try {
      return new Uint8Array(readFileSync(path.join(folder, file)));
    } catch {
      return undefined;
    }
  };

  it("reads the files named by cue, gdi and m3u sheets", () => {
    expect(cueFiles('FILE "a (Track 1).bin" BINARY\r\n  TRACK 01 MODE1/2352\r\nFILE b.bin BINARY\nFILE "a (Track 1).bin" BINARY')).toEqual([
      "a (Track 1).bin",
      "b.bin",
    ]);
    expect(gdiFiles('3\n1 0 4 2352 track01.bin 0\n2 756 0 2352 "track 02.raw" 0\n3 45000 4 2352 track03.bin 0\n')).toEqual([
      "track01.bin",
      "track 02.raw",
      "track03.bin",
    ]);
    expect(m3uFiles("#EXTM3U\nGame (Disc 1).cue\r\n\nGame (Disc 2).cue\n")).toEqual(["Game (Disc 1).cue", "Game (Disc 2).cue"]);
  });

  it("sends a cue set as its tracks in one group, the sheet by name, and matches the group", async () => {
    const cue = "Harbor Lights (USA).cue";
    const set = await fingerprintSet({ name: cue, text: readFileSync(path.join(folder, cue), "utf8") }, open);
    expect(set.map((s) => s.file)).toEqual(["", "Harbor Lights (USA) (Track 1).bin", "Harbor Lights (USA) (Track 2).bin"]);
    expect(set[0]?.item).toEqual({ name: cue, group: cue });
    expect(set[1]?.fingerprint).toMatchObject(reference((await open("Harbor Lights (USA) (Track 1).bin")) as Uint8Array));
    expect(set.every((s) => s.item.group === cue)).toBe(true);
    const answer = await client.matchRomFiles({ systemId: "psx", items: set.map((s) => s.item) });
    expect(answer.results.map((r) => r.status)).toEqual(["matched", "matched", "matched"]);
    expect(answer.groups).toEqual([expect.objectContaining({ group: cue, status: "matched", items: [0, 1, 2], agree: [0, 1, 2] })]);
  });

  it("expands an m3u's sheets, never hashing the playlist, and names what is missing", async () => {
    const playlist = "Harbor Lights (USA).m3u";
    const set = await fingerprintSet(
      { name: playlist, text: "#EXTM3U\nHarbor Lights (USA).cue\nHarbor Lights (USA) (Disc 2).cue\n" },
      open,
    );
    expect(set.map((s) => [s.file, s.item.group, s.fingerprint !== undefined, s.missing === true])).toEqual([
      ["Harbor Lights (USA).cue", playlist, false, false],
      ["Harbor Lights (USA) (Track 1).bin", playlist, true, false],
      ["Harbor Lights (USA) (Track 2).bin", playlist, true, false],
      ["Harbor Lights (USA) (Disc 2).cue", playlist, false, true],
    ]);
  });

  it("refuses a file that is not a sheet", async () => {
    await expect(fingerprintSet({ name: "game.bin", text: "" }, open)).rejects.toThrow(/not a cue, gdi or m3u/);
  });
});

describe("match items", () => {
  it("carry the name, size and hashes, the headerless ones when there are, and the group", () => {
    const print: Fingerprint = {
      name: "a.nes",
      size: 32,
      crc: "0".repeat(8),
      md5: "1".repeat(32),
      sha1: "2".repeat(40),
      headerless: { header: "ines", size: 16, crc: "3".repeat(8), md5: "4".repeat(32), sha1: "5".repeat(40) },
    };
    expect(matchItemOf(print, "set")).toEqual({
      name: "a.nes",
      size: 32,
      crc: "0".repeat(8),
      md5: "1".repeat(32),
      sha1: "2".repeat(40),
      headerless: { crc: "3".repeat(8), md5: "4".repeat(32), sha1: "5".repeat(40) },
      group: "set",
    });
  });
});

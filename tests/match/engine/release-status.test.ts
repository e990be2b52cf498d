import { describe, expect, it } from "vitest";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, PlatformEntry } from "../../../src/catalog/record/game-record.ts";
import { matchRoms, type MatchContext } from "../../../src/match/engine/match-roms.ts";
import { createMatchIndex } from "../../../src/match/index/match-index.ts";
import { buildMatchTable } from "../../../src/match/index/match-table.ts";

const platform: PlatformEntry = {
  id: "psp",
  name: "PlayStation Portable",
  manufacturer: "Sony",
  kind: "handheld",
  libretroName: "Sony - PlayStation Portable",
  aliases: [],
  gameCount: 1,
};

const retail = "Blokus Club Portable with Bumpy Trot (Japan)";
const trial = "Blokus Club Portable with Bumpy Trot (Japan) (Taikenban)";
const magazine = "FamiTsu PSP Vol.6 Tokubetsu Furoku - Blokus Club Portable with Bumpy Trot Taikenban (Japan) (Demo)";

/** One game record holding its retail release and two demos, as the catalog keeps them. */
const record: GameRecord = {
  id: 82520,
  title: "Blokus Club Portable with Bumpy Trot",
  system: "psp",
  kind: "game",
  systemName: platform.name,
  releases: [
    { name: retail, status: "release", crc: "0a0a0a01" },
    { name: trial, status: "demo", crc: "0a0a0a02" },
    { name: magazine, status: "demo", crc: "0a0a0a03" },
  ].map(({ name, status, crc }) => ({
    name,
    regions: ["Japan"],
    languages: [],
    status: status as "release" | "demo",
    flags: [],
    source: "redump",
    roms: [{ name: `${name}.iso`, size: 4_194_304, crc, sha1: crc.repeat(5) }],
  })),
  attribution,
};

describe("a match answer says when the matched release is a demo", () => {
  const ctx: MatchContext = {
    index: createMatchIndex(buildMatchTable([record])),
    platform,
    summary: (id) =>
      id === record.id
        ? { id, title: record.title, key: record.title.toLowerCase(), system: "psp", regions: [], releaseCount: 3 }
        : undefined,
    searchTitles: () => [],
    artworkBaseUrl: "https://t.example",
  };

  it("names the demo release and gives releaseStatus demo, by hash and by file name; the retail release has none", () => {
    const results = matchRoms(ctx, [{ sha1: "0a0a0a02".repeat(5) }, { name: `${magazine}.iso` }, { sha1: "0a0a0a01".repeat(5) }], []);
    expect(results[0]).toMatchObject({ status: "matched", match: { gameId: 82520, release: trial, releaseStatus: "demo" } });
    expect(results[1]).toMatchObject({ status: "matched", match: { gameId: 82520, release: magazine, releaseStatus: "demo" } });
    expect(results[2]).toMatchObject({ status: "matched", match: { gameId: 82520, release: retail } });
    expect(results[2]?.status === "matched" && "releaseStatus" in results[2].match).toBe(false);
  });

  it("matches a file named as a demo by its title to the game's demo, and a finished release's name to the finished release", () => {
    const [demo, finished] = matchRoms(
      ctx,
      [{ name: "Blokus Club Portable with Bumpy Trot (Japan) (Demo).iso" }, { name: "Blokus Club Portable with Bumpy Trot.iso" }],
      [],
    );
    expect(demo).toMatchObject({ status: "matched", match: { matchedBy: "title", releaseStatus: "demo" } });
    expect(finished).toMatchObject({ status: "matched", match: { matchedBy: "title", release: retail } });
  });

  it("only suggests the game for a file named as a beta or prototype its releases do not list: never the finished release as a match", () => {
    const [beta, proto] = matchRoms(
      ctx,
      [{ name: "Blokus Club Portable with Bumpy Trot (Japan) (Beta).iso" }, { name: "Blokus Club Portable with Bumpy Trot (Proto).iso" }],
      [],
    );
    for (const result of [beta, proto]) {
      expect(result).toMatchObject({ status: "notFound", suggestionCount: 1, suggestions: [{ gameId: 82520, confidence: 0.5 }] });
    }
  });
});

import { describe, expect, it } from "vitest";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, PlatformEntry } from "../../../src/catalog/record/game-record.ts";
import { matchRoms, type MatchContext } from "../../../src/match/engine/match-roms.ts";
import { createMatchIndex } from "../../../src/match/index/match-index.ts";
import { buildMatchTable } from "../../../src/match/index/match-table.ts";

const platform: PlatformEntry = {
  id: "snes",
  name: "Super Nintendo Entertainment System",
  manufacturer: "Nintendo",
  kind: "console",
  libretroName: "Nintendo - Super Nintendo Entertainment System",
  aliases: [],
  gameCount: 3,
};

/** A record of one release with the given roms, as the build writes it. */
function game(id: number, title: string, release: string, roms: readonly { name: string; crc: string }[]): GameRecord {
  return {
    id,
    title,
    system: "snes",
    kind: "game",
    systemName: platform.name,
    releases: [
      {
        name: release,
        regions: [],
        languages: [],
        status: "release",
        flags: [],
        source: "file",
        roms: roms.map((r) => ({ ...r, size: 3145728 })),
      },
    ],
    attribution,
  };
}

const original = "Super Metroid (Japan, USA) (En,Ja)";
// Hack DATs list the original's rom as the file each hack patches.
const records = [
  game(1, "Super Metroid", original, [{ name: `${original}.sfc`, crc: "d63ed5f8" }]),
  game(2, "Hyper Metroid", "Hyper Metroid [Hack by RealRed]", [{ name: `${original}.sfc`, crc: "d63ed5f8" }]),
  game(3, "Project Base", "Project Base [Hack by begrimed]", [{ name: `${original}.sfc`, crc: "d63ed5f8" }]),
  game(4, "Puzzle A", "Puzzle A (Japan)", [{ name: "shared.sfc", crc: "00000001" }]),
  game(5, "Puzzle B", "Puzzle B (Japan)", [{ name: "shared.sfc", crc: "00000002" }]),
];

describe("matching by file name", () => {
  const index = createMatchIndex(buildMatchTable(records));
  const ctx: MatchContext = {
    index,
    platform,
    summary: (id) => {
      const record = records.find((r) => r.id === id);
      return record && { id, title: record.title, key: record.title.toLowerCase(), system: "snes", regions: [], releaseCount: 1 };
    },
    searchTitles: () => [],
    artworkBaseUrl: "https://t.example",
  };
  const outcome = (name: string): unknown => {
    const [result] = matchRoms(ctx, [{ name }], []);
    if (result?.status === "matched") return [result.status, result.match.title, result.match.release];
    return result?.status === "ambiguous" ? [result.status, result.candidateCount] : result?.status;
  };

  it("matches the release a file is named after, not the hacks whose DATs list it as their base rom", () => {
    expect(outcome(`${original}.sfc`)).toEqual(["matched", "Super Metroid", original]);
    expect(outcome(`roms/${original}.sfc.zip`)).toEqual(["matched", "Super Metroid", original]);
  });

  it("matches a hack by its own release name", () => {
    expect(outcome("Hyper Metroid [Hack by RealRed].sfc")).toEqual(["matched", "Hyper Metroid", "Hyper Metroid [Hack by RealRed]"]);
  });

  it("stays ambiguous for a rom name several games share that names none of their releases", () => {
    expect(outcome("shared.sfc")).toEqual(["ambiguous", 2]);
  });
});

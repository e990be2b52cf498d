import { describe, expect, it } from "vitest";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, PlatformEntry } from "../../../src/catalog/record/game-record.ts";
import { createMatchIndex } from "../../../src/match/index/match-index.ts";
import { matchRoms, type MatchContext } from "../../../src/match/engine/match-roms.ts";
import { buildMatchTable } from "../../../src/match/index/match-table.ts";

const platform: PlatformEntry = {
  id: "mame-2010",
  name: "MAME 2010",
  manufacturer: "Various",
  kind: "arcade",
  libretroName: "MAME 2010",
  aliases: [],
  gameCount: 1,
};
const sf2: GameRecord = {
  id: 7,
  title: "Street Fighter II: The World Warrior",
  system: "mame-2010",
  kind: "game",
  systemName: "MAME 2010",
  releases: [
    {
      name: "Street Fighter II: The World Warrior (World 910522)",
      regions: [],
      languages: [],
      status: "release",
      flags: [],
      source: "file",
      setName: "sf2",
      roms: [{ name: "sf2e_30g.11e", size: 131072, crc: "fe39ee33" }],
    },
    {
      name: "Street Fighter II: The World Warrior (USA 910206)",
      regions: [],
      languages: [],
      status: "release",
      flags: [],
      source: "file",
      setName: "sf2ua",
      cloneOf: "sf2",
      roms: [{ name: "sf2u_30a.11e", size: 131072, crc: "08beb861" }],
    },
  ],
  attribution,
};

describe("arcade set names", () => {
  const index = createMatchIndex(buildMatchTable([sf2]));
  const ctx: MatchContext = {
    index,
    platform,
    summary: (id) =>
      id === 7
        ? { id, title: sf2.title, key: "street fighter ii world warrior", system: "mame-2010", regions: [], releaseCount: 2 }
        : undefined,
    searchTitles: () => [],
    artworkBaseUrl: "https://t.example",
  };

  it("matches a client's set zip name to the game, parent and clone alike", () => {
    const results = matchRoms(ctx, [{ name: "sf2.zip" }, { name: "roms/SF2UA.ZIP" }], []);
    expect(results.map((r) => (r.status === "matched" ? [r.match.title, r.match.release, r.match.matchedBy] : r.status))).toEqual([
      ["Street Fighter II: The World Warrior", "Street Fighter II: The World Warrior (World 910522)", "name"],
      ["Street Fighter II: The World Warrior", "Street Fighter II: The World Warrior (USA 910206)", "name"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, PlatformEntry, ReleaseRecord } from "../../../src/catalog/record/game-record.ts";
import type { GameSummary } from "../../../src/catalog/search/game-summary.ts";
import { createMatchIndex, MAX_UNLIKE_TITLES } from "../../../src/match/index/match-index.ts";
import { MAX_MATCH_CANDIDATES } from "../../../src/match/schema/match-response-schemas.ts";
import { matchRoms, type MatchContext } from "../../../src/match/engine/match-roms.ts";
import { buildMatchTable } from "../../../src/match/index/match-table.ts";

const platform: PlatformEntry = {
  id: "wii",
  name: "Wii",
  manufacturer: "Nintendo",
  kind: "console",
  libretroName: "Nintendo - Wii",
  aliases: [],
  gameCount: 12,
};

function release(name: string, n: number): ReleaseRecord {
  return {
    name,
    regions: ["USA"],
    languages: [],
    status: "release",
    flags: [],
    source: "no-intro",
    roms: [{ name: "tmd.1", size: 100 + n, crc: n.toString(16).padStart(8, "0") }],
  };
}

/** Twelve games whose one file is `tmd.1`: more than MAX_MATCH_CANDIDATES, so the name is generic. */
const games: GameRecord[] = Array.from({ length: MAX_MATCH_CANDIDATES + 2 }, (_, n) => ({
  id: n + 1,
  title: `Channel ${n + 1}`,
  system: "wii",
  systemName: "Wii",
  kind: "game",
  releases: [release(`Channel ${n + 1} (USA)`, n + 1)],
  attribution,
}));

function context(searchTitles: (title: string) => readonly GameSummary[]): MatchContext {
  return {
    index: createMatchIndex(buildMatchTable(games)),
    platform,
    summary: (id) => {
      const game = games[id - 1];
      return game && { id, title: game.title, key: game.title.toLowerCase(), system: "wii", regions: ["USA"], releaseCount: 1 };
    },
    searchTitles,
    artworkBaseUrl: "https://t.example",
  };
}

describe("what an index remembers between items", () => {
  it("works out a generic name once, and answers it alike every time after", () => {
    const ctx = context(() => []);
    const [first, again, otherCase] = matchRoms(ctx, [{ name: "tmd.1" }, { name: "tmd.1" }, { name: "Title/TMD.1" }], []);
    expect(first).toEqual({
      index: 0,
      status: "ambiguous",
      matchedBy: "name",
      candidateCount: MAX_MATCH_CANDIDATES + 2,
      reason: "generic-name",
    });
    expect(again).toEqual({ ...first, index: 1 });
    expect(otherCase).toEqual({ ...first, index: 2 });
    expect([...ctx.index.genericNames]).toEqual([["tmd", MAX_MATCH_CANDIDATES + 2]]);
  });

  it("searches a title no game resembles once, and one with suggestions every time", () => {
    const searched: string[] = [];
    const ctx = context((title) => {
      searched.push(title);
      const channel = ctx.summary(1);
      return title === "Channel" && channel ? [channel] : [];
    });
    const items = [{ name: "00000001.app" }, { name: "00000001.app" }, { name: "Channel (USA).iso" }, { name: "Channel (USA).iso" }];
    const results = matchRoms(ctx, items, []);
    expect(results.map((r) => r.status)).toEqual(["notFound", "notFound", "notFound", "notFound"]);
    expect(results[1]).toEqual({ index: 1, status: "notFound" });
    expect(results[3]).toEqual({ ...results[2], index: 3 });
    expect(results[2]?.status === "notFound" && results[2].suggestions?.[0]?.gameId).toBe(1);
    expect(searched).toEqual(["00000001", "Channel", "Channel"]);
  });

  it("stops remembering unlike titles at MAX_UNLIKE_TITLES", () => {
    const ctx = context(() => []);
    const items = Array.from({ length: 100 }, (_, n) => ({ name: `${n.toString(16).padStart(8, "0")}.app` }));
    for (let round = 0; round * 100 < MAX_UNLIKE_TITLES + 100; round++)
      matchRoms(
        ctx,
        items.map((item, n) => ({ name: `${round}-${n}-${item.name}` })),
        [],
      );
    expect(ctx.index.unlikeTitles.size).toBe(MAX_UNLIKE_TITLES);
  });
});

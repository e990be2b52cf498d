import { describe, expect, it } from "vitest";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, PlatformEntry, ReleaseRecord } from "../../../src/catalog/record/game-record.ts";
import type { GameSummary } from "../../../src/catalog/search/game-summary.ts";
import { createMatchIndex, MAX_UNLIKE_TITLES, MAX_UNMATCHED_NAMES } from "../../../src/match/index/match-index.ts";
import { MAX_KNOWN_NAME_CHARS, MAX_KNOWN_NAMES } from "../../../src/match/index/known-names.ts";
import { MAX_MATCH_CANDIDATES } from "../../../src/match/schema/match-response-schemas.ts";
import { checkItems } from "../../../src/match/engine/check-items.ts";
import { matchResponseJson } from "../../../src/match/engine/match-response-json.ts";
import { matchItems, matchRoms, type MatchContext } from "../../../src/match/engine/match-roms.ts";
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

  it("searches a title no game resembles once, and one with suggestions once too", () => {
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
    expect(searched).toEqual(["00000001", "Channel"]);
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

  it("answers a name that matched nothing, or a generic name, from memory the second time, text and all", () => {
    const searched: string[] = [];
    const ctx = context((title) => {
      searched.push(title);
      return [];
    });
    const items = [
      { name: "00000001.app" },
      { name: "tmd.1" },
      { name: "00000001.app" },
      { name: "tmd.1" },
      { crc: "00000001", name: "00000001.app" },
    ];
    const { results, sharedTails } = matchItems(ctx, checkItems(items), []);
    expect(results[2]).toEqual({ index: 2, status: "notFound" });
    expect(results[3]).toEqual({ ...results[1], index: 3 });
    expect(results[4]).toMatchObject({ index: 4, status: "matched", match: { matchedBy: "crc" } });
    expect(sharedTails.slice(0, 4)).toEqual([
      undefined,
      undefined,
      ',"status":"notFound"}',
      `,"status":"ambiguous","matchedBy":"name","candidateCount":${MAX_MATCH_CANDIDATES + 2},"reason":"generic-name"}`,
    ]);
    expect(searched).toEqual(["00000001"]);
    expect([...ctx.index.unmatchedNames.keys()]).toEqual(["00000001.app", "tmd.1"]);
    const body = { systemId: "wii", results };
    expect(Buffer.from(matchResponseJson(body, sharedTails), "latin1")).toEqual(Buffer.from(JSON.stringify(body)));
  });

  it("keeps no name whose answer lists games, and none under a calibration's own fuzzy thresholds", () => {
    const ctx = context(() => {
      const channel = ctx.summary(1);
      return channel ? [channel] : [];
    });
    matchRoms(ctx, [{ name: "Channel (USA).iso" }], []);
    expect(ctx.index.unmatchedNames.size).toBe(0);
    const calibrating: MatchContext = { ...context(() => []), fuzzy: { similarity: 0.9, margin: 0.1 } };
    matchRoms(calibrating, [{ name: "00000001.app" }, { name: "00000001.app" }, { name: "Channel 3 (USA).zip" }], []);
    expect(calibrating.index.unmatchedNames.size).toBe(0);
    expect(calibrating.index.knownNames.size).toBe(0);
  });

  it("answers a name that matched, or listed games, from memory the second time, text, artwork and all", () => {
    const searched: string[] = [];
    const plain = context((title) => {
      searched.push(title);
      const channel = plain.summary(1);
      return title === "Channel" && channel ? [channel] : [];
    });
    const ctx: MatchContext = { ...plain, platform: { ...platform, thumbnailFolder: "Nintendo - Wii" } };
    const items = [
      { name: "Channel 3 (USA).zip" },
      { name: "Channel (USA).iso" },
      { name: "Channel 3 (USA).zip" },
      { name: "Channel (USA).iso" },
    ];
    for (const types of [[], ["boxart", "snap"]] as const) {
      const { results, sharedTails } = matchItems(ctx, checkItems(items), types);
      expect(results[0]).toMatchObject({ index: 0, status: "matched", match: { gameId: 3, matchedBy: "name" } });
      expect(results[2]).toEqual({ ...results[0], index: 2 });
      expect(results[3]).toEqual({ ...results[1], index: 3 });
      expect(results[1]?.status === "notFound" && results[1].suggestions?.[0]?.gameId).toBe(1);
      if (types.length > 0) expect(results[2]).toHaveProperty("artwork");
      expect(sharedTails[3]).toBe(`${JSON.stringify({ ...results[3], index: 0 }).slice('{"index":0'.length)}`);
      const body = { systemId: "wii", results };
      expect(Buffer.from(matchResponseJson(body, sharedTails), "latin1")).toEqual(Buffer.from(JSON.stringify(body)));
    }
    expect(searched).toEqual(["Channel"]);
    expect([...ctx.index.knownNames.keys()]).toEqual(["Channel 3 (USA).zip", "Channel (USA).iso"]);
    expect(Object.isFrozen(ctx.index.knownNames.get("Channel (USA).iso")?.result)).toBe(true);
  });

  it("stops remembering names with results at MAX_KNOWN_NAMES", () => {
    const ctx = context(() => {
      const channel = ctx.summary(1);
      return channel ? [channel] : [];
    });
    for (let round = 0; round * 100 < MAX_KNOWN_NAMES + 100; round++)
      matchRoms(
        ctx,
        Array.from({ length: 100 }, (_, n) => ({ name: `Channel ${round}-${n}.app` })),
        [],
      );
    expect(ctx.index.knownNames.size).toBe(MAX_KNOWN_NAMES);
  });

  it("stops remembering names with results past MAX_KNOWN_NAME_CHARS, however few", () => {
    const ctx = context(() => {
      const channel = ctx.summary(1);
      return channel ? [channel] : [];
    });
    const long = "x".repeat(1000);
    for (let round = 0; round * 100 * 1000 < MAX_KNOWN_NAME_CHARS + 100_000; round++)
      matchRoms(
        ctx,
        Array.from({ length: 100 }, (_, n) => ({ name: `Channel ${round}-${n} [${long}].app` })),
        [],
      );
    const { size, chars } = ctx.index.knownNames;
    expect(size).toBeLessThan(MAX_KNOWN_NAMES);
    expect(size).toBeGreaterThan(0);
    expect(chars).toBeLessThanOrEqual(MAX_KNOWN_NAME_CHARS);
    expect(chars).toBeGreaterThan(MAX_KNOWN_NAME_CHARS - 2000);
  });

  it("stops remembering unmatched names at MAX_UNMATCHED_NAMES", () => {
    const ctx = context(() => []);
    for (let round = 0; round * 100 < MAX_UNMATCHED_NAMES + 100; round++)
      matchRoms(
        ctx,
        Array.from({ length: 100 }, (_, n) => ({ name: `${round}-${n}.app` })),
        [],
      );
    expect(ctx.index.unmatchedNames.size).toBe(MAX_UNMATCHED_NAMES);
  });
});

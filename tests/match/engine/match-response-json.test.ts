import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, PlatformEntry } from "../../../src/catalog/record/game-record.ts";
import { checkItems, scannedItems } from "../../../src/match/engine/check-items.ts";
import { scanMatchRequest } from "../../../src/match/engine/match-body-scan.ts";
import { MatchJob } from "../../../src/match/engine/matcher.ts";
import { matchResponseJson } from "../../../src/match/engine/match-response-json.ts";
import { matchItems } from "../../../src/match/engine/match-roms.ts";
import type { MatchResponseBody } from "../../../src/match/schema/match-response-schemas.ts";
import { offlineMatchContext } from "../../../src/match/engine/offline-index.ts";
import { matchRequestSchema } from "../../../src/match/schema/match-schemas.ts";

const platform: PlatformEntry = {
  id: "nes",
  name: "Nintendo Entertainment System",
  manufacturer: "Nintendo",
  kind: "console",
  libretroName: "Nintendo - Nintendo Entertainment System",
  aliases: [],
  gameCount: 3,
};

const hex = (digit: string, length: number): string => digit.repeat(length);

function game(id: number, title: string, releases: { name: string; digit: string; crc?: string; size?: number }[]): GameRecord {
  return {
    id,
    title,
    system: "nes",
    kind: "game",
    systemName: platform.name,
    releases: releases.map((r) => ({
      name: r.name,
      regions: [],
      languages: [],
      status: "release",
      flags: [],
      source: "file",
      roms: [
        { name: `${r.name}.nes`, size: r.size ?? 40976, crc: r.crc ?? hex(r.digit, 8), md5: hex(r.digit, 32), sha1: hex(r.digit, 40) },
      ],
    })),
    attribution,
  };
}

const records = [
  game(1, 'Quoted "Title" \\ Ünïcode', [
    { name: 'Quoted "Title" \\ Ünïcode (USA)', digit: "a" },
    { name: 'Quoted "Title" \\ Ünïcode (Europe)', digit: "b", crc: "cccccccc" },
  ]),
  game(2, "Second Game", [{ name: "Second Game (Japan)", digit: "d", crc: "cccccccc", size: 1 }]),
  game(3, "Mega Quest", [{ name: "Mega Quest (USA)", digit: "e" }]),
  // Outside Latin-1: the answer's other pieces must still come out as their UTF-8 bytes.
  game(4, "Dragon Quest™ ドラゴン", [{ name: "Dragon Quest™ ドラゴン (Japan)", digit: "9" }]),
];

describe("matchResponseJson", () => {
  it("writes every kind of answer byte for byte as JSON.stringify does, shared matches written twice included", () => {
    const context = offlineMatchContext(platform, records, "https://thumbnails.example");
    const items = [
      { sha1: hex("a", 40) },
      { sha1: hex("A", 40), name: "x.nes" },
      { md5: hex("b", 32), group: "set" },
      { crc: "cccccccc", size: 1, group: "set" },
      { crc: "cccccccc" },
      { headerless: { sha1: hex("e", 40) } },
      { name: "Second Game (Japan).nes" },
      { name: "Mega Quest (Europe).nes" },
      { name: "Mega Quets (USA).nes" },
      { name: "Nothing Like It.nes" },
      { sha1: "not hex" },
      { sha1: hex("f", 40) },
      { md5: hex("9", 32) },
      { name: "Dragon Quest™ ドラゴン (Japan) [b].nes" },
    ];
    for (const artworkTypes of [undefined, ["boxart", "snap"]]) {
      for (let round = 0; round < 2; round++) {
        const request = matchRequestSchema.parse({ systemId: "nes", items, ...(artworkTypes ? { artworkTypes } : {}) });
        const job = new MatchJob(context, request);
        const body = job.answer();
        expect(Buffer.from(job.answerJson(), "latin1")).toEqual(Buffer.from(JSON.stringify(body)));
        expect(Buffer.from(matchResponseJson(body, []), "latin1")).toEqual(Buffer.from(JSON.stringify(body)));
        expect(new Set(body.results.map((r) => r.status))).toEqual(new Set(["matched", "ambiguous", "notFound", "invalid"]));
        expect(body.groups?.length).toBe(1);
        expect(body.results.slice(-2).map((r) => (r.status === "matched" ? r.match.gameId : r.status))).toEqual([4, 4]);
      }
    }
  });

  it("shares one frozen match object between answers, and never the headerless one", () => {
    const context = offlineMatchContext(platform, records, "https://thumbnails.example");
    const answer = (): MatchResponseBody =>
      new MatchJob(
        context,
        matchRequestSchema.parse({ systemId: "nes", items: [{ sha1: hex("a", 40) }, { headerless: { sha1: hex("e", 40) } }] }),
      ).answer();
    const [first, second] = [answer(), answer()];
    const [a, b] = [first.results[0], second.results[0]];
    if (a?.status !== "matched" || b?.status !== "matched") throw new Error("expected matches");
    expect(a.match).toBe(b.match);
    expect(Object.isFrozen(a.match)).toBe(true);
    const bare = first.results[1];
    expect(bare?.status === "matched" && bare.match.headerless).toBe(true);
  });

  it("hands on a shared match's text only where the answer's match is that shared one", () => {
    const context = offlineMatchContext(platform, records, "https://thumbnails.example");
    // The same release by SHA-1, then headerless (a copy with `headerless`), then by a CRC shared by two games.
    const items = [{ sha1: hex("e", 40) }, { headerless: { sha1: hex("e", 40) } }, { crc: "cccccccc" }, { name: "Nothing.nes" }];
    const { results, sharedTails } = matchItems(context, checkItems(items), []);
    const [sha1Hit] = results;
    if (sha1Hit?.status !== "matched") throw new Error("expected a match");
    expect(sharedTails[0]).toBe(`,"status":"matched","match":${JSON.stringify(sha1Hit.match)}}`);
    expect([sharedTails[1], sharedTails[2], sharedTails[3]]).toEqual([undefined, undefined, undefined]);
    expect(results.map((r) => r.status)).toEqual(["matched", "matched", "ambiguous", "notFound"]);
    const body = { systemId: "nes", results };
    expect(Buffer.from(matchResponseJson(body, sharedTails), "latin1")).toEqual(Buffer.from(JSON.stringify(body)));
  });
});

describe("MatchJob", () => {
  it("answers a body the scanner read exactly as the same body read by JSON.parse and the schemas", () => {
    const context = offlineMatchContext(platform, records, "https://thumbnails.example");
    const pool = [
      { sha1: hex("a", 40), name: "a.nes" },
      { sha1: hex("A", 40) },
      { md5: hex("b", 32), group: "set" },
      { crc: "cccccccc", size: 1, group: "set" },
      { crc: "CCCCCCCC" },
      { name: "Second Game (Japan).nes", serial: "X-1" },
      { name: "Mega Quets (USA).nes" },
      { md5: hex("9", 32), size: 40976 },
      { sha1: hex("f", 40) },
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 20 }),
        fc.option(fc.constant(["boxart"] as const), { nil: undefined }),
        (items, artworkTypes) => {
          const text = JSON.stringify({ systemId: "nes", items, ...(artworkTypes ? { artworkTypes } : {}) });
          const scanned = scanMatchRequest(text);
          if (!scanned) throw new Error("the scanner reads every plain body");
          const request = matchRequestSchema.parse(scanned);
          const fast = new MatchJob(context, request, scannedItems(scanned.items, scanned.hashWords));
          const general = new MatchJob(context, matchRequestSchema.parse(JSON.parse(text)));
          expect(fast.answerJson()).toBe(general.answerJson());
          expect(Buffer.from(fast.answerJson(), "latin1")).toEqual(Buffer.from(JSON.stringify(general.answer())));
          expect(fast.itemCount).toBe(items.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { MatchGroup } from "../../../src/match/engine/match-groups.ts";
import type { MatchResult } from "../../../src/match/engine/match-roms.ts";
import { http } from "../../helpers/http.ts";
import { realDataSkipReason, realSource } from "../../helpers/paths.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";

const real = inject("realCatalog");

/** The rom line of a DAT game, read from the real DAT (never copied into the repository). */
function rom(dat: string, gameName: string): { name: string; size: number; crc: string; sha1: string } {
  const text = readFileSync(path.join(realSource, "metadat/redump", dat), "utf8");
  const at = text.indexOf(`\tname "${gameName}"\n`);
  if (at < 0) throw new Error(`${gameName} not in ${dat}`);
  const line = /rom \( name "([^"]+)" size (\d+) crc ([0-9A-F]{8}) md5 [0-9A-F]{32} sha1 ([0-9A-F]{40})/.exec(text.slice(at, at + 2000));
  if (!line) throw new Error(`no rom for ${gameName}`);
  return { name: line[1] ?? "", size: Number(line[2]), crc: (line[3] ?? "").toLowerCase(), sha1: (line[4] ?? "").toLowerCase() };
}

interface Answer {
  results: MatchResult[];
  groups?: MatchGroup[];
}

describe.skipIf(!real)(`multi-file games matched as one (real Redump data)${real ? "" : ` (${realDataSkipReason})`}`, () => {
  let server: RunningServer;
  const post = async (systemId: string, items: unknown[]): Promise<Answer> => {
    const res = await http(server.url("/api/v1/games/"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ systemId, items }),
    });
    expect(res.status, res.body.toString()).toBe(200);
    return res.json<Answer>();
  };
  beforeAll(async () => {
    server = await startTestServer({ LUDEX_BUILD_DIR: real?.buildDir ?? "", LUDEX_MATCH_RATE_LIMIT: "off" });
  });

  const psx = "Sony - PlayStation.dat";
  // Read when the suite runs: collecting a skipped suite must not need the real DATs.
  const ff7 = real ? [1, 2, 3].map((disc) => rom(psx, `Final Fantasy VII (USA) (Disc ${disc})`)) : [];

  it("decides the discs of an .m3u as one release, with every disc agreeing", async () => {
    const items = ff7.map((r) => ({ name: r.name, size: r.size, sha1: r.sha1, group: "Final Fantasy VII (USA).m3u" }));
    const answer = await post("psx", items);
    expect(answer.results.map((r) => r.status)).toEqual(["matched", "matched", "matched"]);
    const [group] = answer.groups ?? [];
    expect(group).toMatchObject({
      group: "Final Fantasy VII (USA).m3u",
      items: [0, 1, 2],
      status: "matched",
      agree: [0, 1, 2],
      disagree: [],
      unknown: [],
    });
    expect(group?.match).toMatchObject({ title: "Final Fantasy VII", release: "Final Fantasy VII (USA)", explains: 3 });
    expect(group?.match?.datNames).toEqual([
      "Final Fantasy VII (USA) (Disc 1)",
      "Final Fantasy VII (USA) (Disc 2)",
      "Final Fantasy VII (USA) (Disc 3)",
    ]);
  });

  it("decides a cue/bin set: the data track by hash, the .cue and audio tracks by name, unknown ones listed", async () => {
    const data = rom("Sega - Saturn.dat", "Panzer Dragoon (USA) (5S)");
    const group = "Panzer Dragoon (USA) (5S)/";
    const items = [
      { name: "Panzer Dragoon (USA) (5S).cue", size: 1200, crc: "00000001", group },
      { name: data.name, size: data.size, crc: data.crc, sha1: data.sha1, group },
      { name: "Panzer Dragoon (USA) (5S) (Track 02).bin", size: 31_000_000, crc: "00000002", group },
      { name: "zz track of nothing.bin", crc: "00000003", sha1: "0".repeat(40), group },
    ];
    const answer = await post("saturn", items);
    expect(answer.results[1]).toMatchObject({ status: "matched", match: { matchedBy: "sha1", release: "Panzer Dragoon (USA) (5S)" } });
    const [decided] = answer.groups ?? [];
    expect(decided).toMatchObject({ status: "matched", agree: [0, 1, 2], disagree: [], unknown: [3] });
    expect(decided?.match).toMatchObject({ release: "Panzer Dragoon (USA) (5S)", explains: 3 });
  });

  it("says conflict, and picks nothing, when the files of a group are different games", async () => {
    const other = rom(psx, "Final Fantasy VIII (USA) (Disc 1)");
    const items = [
      { sha1: ff7[0]?.sha1, group: "mixed up" },
      { sha1: ff7[1]?.sha1, group: "mixed up" },
      { sha1: other.sha1, group: "mixed up" },
    ];
    const answer = await post("psx", items);
    const [group] = answer.groups ?? [];
    expect(group?.status).toBe("conflict");
    expect(group?.match).toBeUndefined();
    expect(group?.candidates?.map((c) => [c.title, c.explains])).toEqual([
      ["Final Fantasy VII", 2],
      ["Final Fantasy VIII", 1],
    ]);
    expect(group).toMatchObject({ agree: [0, 1], disagree: [2] });
    // The items keep their own answers.
    expect(answer.results.map((r) => (r.status === "matched" ? r.match.title : r.status))).toEqual([
      "Final Fantasy VII",
      "Final Fantasy VII",
      "Final Fantasy VIII",
    ]);
  });

  it("says mixed when discs of one game come from different releases", async () => {
    const europe2 = rom(psx, "Final Fantasy VII (Europe) (Disc 2)");
    const answer = await post("psx", [
      { sha1: ff7[0]?.sha1, group: "g" },
      { sha1: europe2.sha1, group: "g" },
      { sha1: ff7[2]?.sha1, group: "g" },
    ]);
    const [group] = answer.groups ?? [];
    expect(group).toMatchObject({
      status: "mixed",
      match: { release: "Final Fantasy VII (USA)", explains: 2 },
      agree: [0, 2],
      disagree: [1],
    });
  });

  it("never lets a group change an item's result, nor an invalid item fail the batch", async () => {
    const items = ff7.map((r) => ({ sha1: r.sha1 }));
    const alone = await post("psx", items);
    expect(alone.groups).toBeUndefined();
    const grouped = await post("psx", [
      ...items.map((i) => ({ ...i, group: "x" })),
      { sha1: "zz", group: "x" },
      { sha1: ff7[0]?.sha1, group: "y".repeat(201) },
    ]);
    expect(grouped.results.slice(0, 3)).toEqual(alone.results);
    expect(grouped.results[3]?.status).toBe("invalid");
    expect(grouped.results[4]).toMatchObject({
      status: "invalid",
      errors: [{ pointer: "/items/4/group", detail: "must be at most 200 characters" }],
    });
    expect(grouped.groups).toEqual([expect.objectContaining({ group: "x", items: [0, 1, 2, 3], agree: [0, 1, 2], unknown: [3] })]);
  });

  it("answers 100 items in 100 groups", async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ sha1: ff7[i % 3]?.sha1, group: `g${i}` }));
    const answer = await post("psx", items);
    expect(answer.results).toHaveLength(100);
    expect(answer.groups).toHaveLength(100);
    expect(answer.groups?.every((g, i) => g.group === `g${i}` && g.status === "matched" && g.items.length === 1)).toBe(true);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { readManifest } from "../../../src/catalog/build/manifest.ts";
import { MAX_MATCH_CANDIDATES, type MatchResponseBody } from "../../../src/match/schema/match-response-schemas.ts";
import type { MatchTable } from "../../../src/match/index/match-table.ts";
import { http } from "../../helpers/http.ts";
import { hasRealData, realDataSkipReason } from "../../helpers/paths.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";

const real = inject("realCatalog");

/** The CRC the most games of a platform share, and how many share it. */
function mostSharedCrc(buildDir: string, slug: string): { crc: string; games: number } {
  const built = readManifest(buildDir)?.platforms[slug];
  if (!built) throw new Error(`no platform ${slug}`);
  const table = JSON.parse(readFileSync(path.join(buildDir, built.match), "utf8")) as MatchTable;
  const games = new Map<string, Set<number>>();
  table.crc.forEach((crc, row) => {
    const gameId = table.releases[table.release[row] ?? -1]?.[0];
    if (!crc || gameId === undefined) return;
    const set = games.get(crc) ?? new Set<number>();
    set.add(gameId);
    games.set(crc, set);
  });
  let best = { crc: "", games: 0 };
  for (const [crc, set] of games) if (set.size > best.games) best = { crc, games: set.size };
  return best;
}

describe.skipIf(!hasRealData || real === null)(
  `bounded match answers on the full catalog (${hasRealData ? "present" : realDataSkipReason})`,
  () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer({ LUDEX_BUILD_DIR: real?.buildDir ?? "", LUDEX_MATCH_RATE_LIMIT: "off" });
    });

    const post = async (body: string): Promise<{ answer: MatchResponseBody; bytes: number }> => {
      const res = await http(server.url("/api/v1/games/"), { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status, res.body.toString().slice(0, 500)).toBe(200);
      return { answer: res.json<MatchResponseBody>(), bytes: res.body.length };
    };

    it("answers a file name that many games share as a generic name, without listing them", async () => {
      const { answer } = await post(JSON.stringify({ systemId: "wii", items: [{ name: "tmd.1" }, { name: "Title/TMD.1" }] }));
      for (const result of answer.results) {
        expect(result).toMatchObject({ status: "ambiguous", matchedBy: "name", reason: "generic-name" });
        if (result.status !== "ambiguous") continue;
        expect(result.candidateCount).toBeGreaterThan(MAX_MATCH_CANDIDATES);
        expect(result.candidates).toBeUndefined();
      }
    });

    it("lists at most the bound of the games sharing a hash, with their count", async () => {
      const shared = mostSharedCrc(real?.buildDir ?? "", "dos");
      expect(shared.games).toBeGreaterThan(MAX_MATCH_CANDIDATES);
      const { answer } = await post(JSON.stringify({ systemId: "dos", items: [{ crc: shared.crc }] }));
      const [result] = answer.results;
      expect(result?.status).toBe("ambiguous");
      if (result?.status !== "ambiguous") return;
      expect(result.candidateCount).toBe(shared.games);
      expect(result.candidates).toHaveLength(MAX_MATCH_CANDIDATES);
    });

    it("keeps 100 items of the worst kind within ten times the request", async () => {
      const shared = mostSharedCrc(real?.buildDir ?? "", "dos");
      for (const [systemId, item] of [
        ["wii", { name: "tmd.1" }],
        ["dos", { crc: shared.crc }],
      ] as const) {
        const body = JSON.stringify({ systemId, items: Array.from({ length: 100 }, () => item) });
        const { bytes } = await post(body);
        expect(bytes / body.length, `${systemId} ${JSON.stringify(item)}`).toBeLessThan(systemId === "wii" ? 10 : 100);
      }
    });
  },
);

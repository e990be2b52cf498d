import { describe, expect, it } from "vitest";
import { attribution } from "../../../src/catalog/record/attribution.ts";
import type { GameRecord, PlatformEntry, ReleaseRecord } from "../../../src/catalog/record/game-record.ts";
import { createMatchIndex } from "../../../src/match/index/match-index.ts";
import { MatchJob } from "../../../src/match/engine/matcher.ts";
import { MAX_MATCH_ARTWORK_LINKS } from "../../../src/match/schema/match-response-schemas.ts";
import { matchRoms, type MatchContext } from "../../../src/match/engine/match-roms.ts";
import { buildMatchTable } from "../../../src/match/index/match-table.ts";

const base = "https://t.example";
const root = `${base}/Nintendo%20-%20Virtual%20Boy`;

function release(name: string, crc: string): ReleaseRecord {
  return {
    name,
    regions: [],
    languages: [],
    status: "release",
    flags: [],
    source: "no-intro",
    roms: [{ name: `${name}.vb`, size: 1024, crc }],
  };
}

const tetris: GameRecord = {
  id: 3,
  title: "V-Tetris",
  system: "virtual-boy",
  systemName: "Virtual Boy",
  kind: "game",
  releases: [release("V-Tetris (Japan) (En)", "11111111"), release("V-Tetris (USA)", "22222222")],
  attribution,
};

function platform(thumbnailFolder?: string): PlatformEntry {
  return {
    id: "virtual-boy",
    name: "Virtual Boy",
    manufacturer: "Nintendo",
    kind: "console",
    libretroName: "Nintendo - Virtual Boy",
    ...(thumbnailFolder ? { thumbnailFolder } : {}),
    aliases: [],
    gameCount: 1,
  };
}

function context(thumbnailFolder: string | undefined, listed?: Parameters<typeof buildMatchTable>[1]): MatchContext {
  return {
    index: createMatchIndex(buildMatchTable([tetris], listed)),
    platform: platform(thumbnailFolder),
    summary: (id) =>
      id === 3 ? { id, title: "V-Tetris", key: "v tetris", system: "virtual-boy", regions: [], releaseCount: 2 } : undefined,
    searchTitles: () => [],
    artworkBaseUrl: base,
  };
}

describe("artwork in match answers", () => {
  it("starts from the matched release, then the game's others and the short name, unverified without a listing", () => {
    const [byUsa, byJapan] = matchRoms(context("Nintendo - Virtual Boy"), [{ crc: "22222222" }, { crc: "11111111" }], ["boxart"]);
    expect(byUsa?.status === "matched" && byUsa.artwork).toEqual({
      verified: false,
      boxart: {
        url: `${root}/Named_Boxarts/V-Tetris%20(USA).png`,
        candidates: [`${root}/Named_Boxarts/V-Tetris%20(Japan)%20(En).png`, `${root}/Named_Boxarts/V-Tetris.png`],
      },
    });
    expect(byJapan?.status === "matched" && byJapan.artwork && byJapan.artwork.boxart?.url).toBe(
      `${root}/Named_Boxarts/V-Tetris%20(Japan)%20(En).png`,
    );
  });

  it("keeps only listed files with a listing, and says so", () => {
    const ctx = context("Nintendo - Virtual Boy", { boxart: ["V-Tetris (Japan)"], snap: [], title: [], logo: ["V-Tetris (USA)"] });
    const [result] = matchRoms(ctx, [{ crc: "11111111" }], ["boxart", "snap", "logo"]);
    expect(result?.status === "matched" && result.artwork).toEqual({
      verified: true,
      boxart: { url: `${root}/Named_Boxarts/V-Tetris%20(Japan).png`, candidates: [] },
      logo: { url: `${root}/Named_Logos/V-Tetris%20(USA).png`, candidates: [] },
    });
  });

  it("keeps a result's links within MAX_MATCH_ARTWORK_LINKS however many types are asked, url first", () => {
    const ctx = context("Nintendo - Virtual Boy");
    const links = (types: Parameters<typeof matchRoms>[2]): number[] => {
      const [result] = matchRoms(ctx, [{ crc: "22222222" }], types);
      const artwork = result?.status === "matched" ? result.artwork : undefined;
      return (types ?? []).map((type) => {
        const link = artwork?.[type];
        expect(link?.url).toBe(
          `${root}/${{ boxart: "Named_Boxarts", snap: "Named_Snaps", title: "Named_Titles", logo: "Named_Logos" }[type]}/V-Tetris%20(USA).png`,
        );
        return 1 + (link?.candidates.length ?? 0);
      });
    };
    expect(links(["boxart"])).toEqual([3]);
    expect(links(["boxart", "snap"])).toEqual([2, 2]);
    expect(links(["boxart", "snap", "title"])).toEqual([1, 1, 1]);
    expect(links(["boxart", "snap", "title", "logo"])).toEqual([1, 1, 1, 1]);
    for (const types of [["boxart"], ["boxart", "snap"], ["boxart", "snap", "title"], ["boxart", "snap", "title", "logo"]] as const)
      expect(links([...types]).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_MATCH_ARTWORK_LINKS);
  });

  it("gives no artwork for a platform without a thumbnails folder, nor when none is asked", () => {
    const [none] = matchRoms(context(undefined), [{ crc: "11111111" }], ["boxart"]);
    expect(none?.status).toBe("matched");
    expect(none && "artwork" in none).toBe(false);
    const [notAsked] = matchRoms(context("Nintendo - Virtual Boy"), [{ crc: "11111111" }], []);
    expect(notAsked && "artwork" in notAsked).toBe(false);
  });

  it("hands out one object per release and types, the types in their canonical order, and writes the same JSON", () => {
    const ctx = context("Nintendo - Virtual Boy");
    const items = [{ crc: "22222222" }, { crc: "22222222" }, { name: "V-Tetris (USA).vb" }];
    const job = new MatchJob(ctx, { systemId: "virtual-boy", items, artworkTypes: ["title", "boxart"] });
    const body = job.answer();
    const artworks = body.results.map((r) => (r.status === "matched" ? r.artwork : undefined));
    expect(artworks[0]).toBe(artworks[1]);
    expect(artworks[0]).toBe(artworks[2]);
    expect(Object.keys(artworks[0] ?? {})).toEqual(["verified", "boxart", "title"]);
    expect(JSON.parse(job.answerJson())).toEqual(JSON.parse(JSON.stringify(body)));
  });
});

import { describe, expect, it } from "vitest";
import type { ContentKind } from "../../../src/catalog/identity/content-kind.ts";
import { findBaseGames, type LinkableWork } from "../../../src/catalog/import/base-games.ts";
import { titleKey } from "../../../src/catalog/names/title-key.ts";

function work(title: string, kind: ContentKind = "game"): LinkableWork {
  return { kind, title, titleKeys: [titleKey(title)], alternateTitles: [], releases: [] };
}

/** Each add-on's base game title, or null. */
function bases(games: LinkableWork[]): Record<string, string | null> {
  findBaseGames(games, "xbox-360");
  const out: Record<string, string | null> = {};
  for (const g of games) if (g.kind !== "game") out[g.title] = g.baseGame === undefined ? null : (games[g.baseGame]?.title ?? null);
  return out;
}

describe("findBaseGames", () => {
  it("links no add-on to a series name: a title other games continue with a number", () => {
    expect(
      bases([
        work("Rock Band"),
        work("Rock Band 2"),
        work("Rock Band 3"),
        work("Rock Band - 30 Seconds to Mars - Attack", "addon"),
        work("Rock Band - 3 Doors Down - Kryptonite", "addon"),
        work("Rock Band 3 - Pro Guitar Pack", "addon"),
      ]),
    ).toEqual({
      "Rock Band - 30 Seconds to Mars - Attack": null,
      "Rock Band - 3 Doors Down - Kryptonite": null,
      "Rock Band 3 - Pro Guitar Pack": "Rock Band 3",
    });
  });

  it("still links by a separator to a title one sequel at most continues, and by a longer word prefix", () => {
    expect(
      bases([
        work("Falcon"),
        work("Everybody's Golf"),
        work("Everybody's Golf 6"),
        work("Battlefield - Bad Company"),
        work("Battlefield - Bad Company 2"),
        work("Falcon - Mission Disk", "addon"),
        work("Everybody's Golf - Golf Club Set", "addon"),
        work("Battlefield - Bad Company Conquest", "addon"),
      ]),
    ).toEqual({
      "Falcon - Mission Disk": "Falcon",
      "Everybody's Golf - Golf Club Set": "Everybody's Golf",
      "Battlefield - Bad Company Conquest": "Battlefield - Bad Company",
    });
  });
});

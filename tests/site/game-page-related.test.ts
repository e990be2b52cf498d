import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { gamePage } from "../../src/site/game-page.ts";
import { artworkGame, artworkPlatform, artworkSiteContext } from "../helpers/artwork-game.ts";

const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:document"] });

describe("a game page with native-script titles and related records", () => {
  const record = {
    ...artworkGame(undefined, "Mega Man"),
    alternateTitles: [
      { title: "Rockman", regions: ["Japan"], source: "no-intro" },
      { title: "ロックマン", regions: ["Japan"], source: "retool-metadata", language: "ja" },
    ],
    related: [{ relation: "in-compilation" as const, id: 77, title: "Mega Man Anniversary Collection" }],
  };
  const page = gamePage(artworkSiteContext, record, artworkPlatform);

  it("marks a native-script title with its language, names it in JSON-LD, and links the compilation", async () => {
    const report = await validator.validateString(page);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    expect(page).toContain('<span lang="ja">ロックマン</span> (Japan)');
    expect(page).toMatch(/"alternateName":\["Rockman","ロックマン"\]/);
    expect(page).toContain('in the compilation <a href="/games/77/">Mega Man Anniversary Collection</a>');
    expect(page).toContain("BSD-3-Clause");
  });
});

describe("a game page with a pirate retitle", () => {
  const base = artworkGame(undefined, "Adventure Island");
  const [licensed] = base.releases;
  if (!licensed) throw new Error("the helper's record has a release");
  const record = {
    ...base,
    alternateTitles: [
      { title: "Takahashi Meijin no Bouken-jima", regions: ["Japan"], source: "no-intro" },
      { title: "Sonic", regions: ["Asia"], source: "dat" },
    ],
    releases: [
      ...base.releases,
      { ...licensed, name: "Takahashi Meijin no Bouken-jima (Japan)", regions: ["Japan"] },
      { ...licensed, name: "Sonic (Asia) (En) (Pirate)", regions: ["Asia"], flags: ["Pirate"] },
    ],
  };
  const page = gamePage(artworkSiteContext, record, artworkPlatform);

  it("lists it apart from the game's other names and leaves it out of JSON-LD", async () => {
    const report = await validator.validateString(page);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    expect(page).toContain("<dt>Also known as</dt><dd>Takahashi Meijin no Bouken-jima (Japan)</dd>");
    expect(page).toContain("<dt>Pirate retitles</dt><dd>Sonic (Asia)</dd>");
    expect(page).toMatch(/"alternateName":\["Takahashi Meijin no Bouken-jima"\]/);
  });
});

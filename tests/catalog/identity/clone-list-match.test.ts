import { describe, expect, it } from "vitest";
import { type CloneGroupInput, isTrialRelease, matchCloneTitles } from "../../../src/catalog/identity/clone-list-match.ts";
import type { ContentKind } from "../../../src/catalog/identity/content-kind.ts";
import { groupWorks, type WorkInput } from "../../../src/catalog/identity/group-works.ts";
import { titleKey } from "../../../src/catalog/names/title-key.ts";
import { parseGameName } from "../../../src/catalog/names/parse-game-name.ts";
import { workInput } from "../../helpers/work-input.ts";

const release = (name: string, kind: ContentKind = "game") => ({ name, parsed: parseGameName(name), kind });
const title = (searchTerm: string, extra: Partial<CloneGroupInput["titles"][number]> = {}) => ({
  searchTerm,
  nameType: "short" as const,
  categories: [],
  ...extra,
});

describe("matchCloneTitles", () => {
  it("applies a title's filters as Retool documents them: move to another group, recategorise, rank", () => {
    const groups = [
      {
        group: "Casper",
        titles: [
          title("Casper", {
            filters: [
              { regions: ["Japan"], group: "Casper (Japan)" },
              { matchString: /\(Beta\)/, categories: ["Preproduction"] },
            ],
          }),
          title("Casper - Budget", {
            filters: [
              { languages: ["Fr"], priority: 3 },
              { regionOrder: true, priority: 2 },
            ],
          }),
        ],
        categories: [],
      },
      { group: "Casper (Japan)", titles: [title("Kyasupa")], categories: [] },
      { group: "Bomberman", titles: [title("Bomberman", { filters: [{ regions: ["Europe"], group: "Somewhere Else" }] })], categories: [] },
    ];
    const matches = matchCloneTitles(
      [
        release("Casper (USA)"),
        release("Casper (Japan)"),
        release("Casper - Budget (France) (Fr)"),
        release("Casper - Budget (USA)"),
        release("Bomberman (Europe)"),
        release("Bomberman (USA)"),
      ],
      groups,
    );
    expect(matches).toEqual([
      [{ group: 0, title: 0 }],
      // Moved to the named group; the title that named it is still known.
      [{ group: 1, title: 0, titleGroup: 0 }],
      [{ group: 0, title: 1, priority: 3 }],
      // A region-order condition depends on a user's settings: it never holds here.
      [{ group: 0, title: 1 }],
      // A group the list does not hold is a group of its own: the release joins nothing.
      [],
      [{ group: 2, title: 0 }],
    ]);
    // A filter's categories replace the title's: a beta recategorised as preproduction is no retail game's.
    expect(matchCloneTitles([release("Casper (USA) (Beta)")], groups)).toEqual([[]]);
  });

  it("reports the group a filter sends a release to when no title keeps it in its own, and the catalog groups it there", () => {
    const groups = [
      { group: "MLB 2003", titles: [title("MLB 2003", { filters: [{ regions: ["Japan"], group: "MLB 2004" }] })], categories: [] },
      { group: "MLB 2004", titles: [title("MLB 2004", { filters: [{ regions: ["Japan"], group: "MLB 2005" }] })], categories: [] },
    ];
    const releases = [
      release("MLB 2003 (Japan)"),
      release("MLB 2004 (USA)"),
      release("MLB 2004 (Japan, Asia)"),
      release("MLB 2005 (USA)"),
      release("MLB 2003 (USA)"),
    ];
    const moved = new Map<number, string>();
    const matches = matchCloneTitles(releases, groups, moved);
    expect(matches[0]).toEqual([{ group: 1, title: 0, titleGroup: 0 }]);
    // "MLB 2005" is no group of the list: Retool groups Japan's "MLB 2004" with the title "MLB 2005".
    expect(matches[2]).toEqual([]);
    expect([...moved]).toEqual([
      [0, "MLB 2004"],
      [2, "MLB 2005"],
    ]);
  });

  it("moves a release by a filter only when it has every region and language the filter lists, as Retool does", () => {
    const groups = [
      {
        group: "Junior Brain Trainer",
        titles: [title("Junior Brain Trainer", { filters: [{ languages: ["Fr", "Nl", "Sv", "No", "Da", "Fi"], group: "Maths" }] })],
        categories: [],
      },
      { group: "Maths", titles: [title("Junior Brain Trainer - Maths Edition")], categories: [] },
      {
        group: "Altered Beast",
        titles: [title("Altered Beast", { filters: [{ regions: ["Japan", "USA"], group: "Maths" }] })],
        categories: [],
      },
    ];
    const matches = matchCloneTitles(
      [
        release("Junior Brain Trainer (USA) (En,Fr,De,Es,It)"),
        release("Junior Brain Trainer (Europe) (Fr,Nl,Sv,No,Da,Fi)"),
        release("Altered Beast (USA)"),
        release("Altered Beast (Japan, USA)"),
      ],
      groups,
    );
    expect(matches).toEqual([
      [{ group: 0, title: 0 }],
      [{ group: 1, title: 0, titleGroup: 0 }],
      [{ group: 2, title: 0 }],
      [{ group: 1, title: 0, titleGroup: 2 }],
    ]);
  });

  it("names a release by its title without tags, case and punctuation aside, a plus sign kept", () => {
    const plus = [{ titles: [title("Korg DS-10+ Synthesizer"), title("Korg DS-10+ Synthesizer Limited Edition")], categories: [] }];
    expect(
      matchCloneTitles([release("Korg DS-10 Synthesizer (USA)"), release("Korg DS-10+ Synthesizer (USA) (NDSi Enhanced)")], plus),
    ).toEqual([[], [{ group: 0, title: 0 }]]);

    const groups = [{ titles: [title("Mega Man"), title("Rockman")], categories: [] }];
    const matches = matchCloneTitles([release("Rockman (Japan)"), release("Mega Man (USA)"), release("Mega Man 2 (USA)")], groups);
    expect(matches).toEqual([[{ group: 0, title: 1 }], [{ group: 0, title: 0 }], []]);
  });

  it("prefers the term that names the release's other tags over its plain title", () => {
    const groups = [
      { titles: [title("Tetris")], categories: [] },
      { titles: [title("Tetris (Tengen)")], categories: [] },
    ];
    const matches = matchCloneTitles([release("Tetris (USA) (Tengen) (Unl)"), release("Tetris (USA)")], groups);
    expect(matches).toEqual([[{ group: 1, title: 0 }], [{ group: 0, title: 0 }]]);
  });

  it("matches full names exactly, and regular expressions unless they name too many releases", () => {
    const groups = [
      {
        titles: [title("Blockage (World) (NESDev)", { nameType: "full" }), title("^Blockage \\(Europe", { nameType: "regex" })],
        categories: [],
      },
      { titles: [title(".+", { nameType: "regex" })], categories: [] },
    ];
    const many = Array.from({ length: 20 }, (_, i) => release(`Filler ${i} (USA)`));
    const matches = matchCloneTitles([release("Blockage (World) (NESDev)"), release("Blockage (Europe) (Beta)"), ...many], groups);
    expect(matches[0]).toEqual([{ group: 0, title: 0 }]);
    expect(matches[1]).toEqual([{ group: 0, title: 1 }]);
    expect(matches.slice(2).every((m) => m.length === 0)).toBe(true);
  });

  it("never names a demo, kiosk or trial release", () => {
    const groups = [{ titles: [title("Star Sprout"), title("Hoshi no Me")], categories: [] }];
    const releases = [release("Star Sprout (USA) (Demo)"), release("Star Sprout (USA) (Kiosk)"), release("Hoshi no Me (Japan)")];
    expect(releases.map(isTrialRelease)).toEqual([true, true, false]);
    expect(matchCloneTitles(releases, groups)).toEqual([[], [], [{ group: 0, title: 1 }]]);
  });

  it("keeps a group categorised as video, demos or bonus discs out of game records, and lets it name other kinds", () => {
    const groups = [{ titles: [title("Castle Cobalt")], categories: ["Video"] }];
    const matches = matchCloneTitles([release("Castle Cobalt (USA)"), release("Castle Cobalt (USA) (Video)", "video")], groups);
    expect(matches).toEqual([[], [{ group: 0, title: 0 }]]);
  });
});

describe("groupWorks with clone lists and TOSEC aka titles", () => {
  const input = (title: string, extra: { kind?: ContentKind; cloneGroups?: number[]; akaKeys?: string[]; groupKey?: string } = {}) =>
    workInput({
      title,
      kind: extra.kind ?? "game",
      groupKey: extra.groupKey ?? `${extra.kind ?? "game"}:${title.toLowerCase()}`,
      titleKey: title.toLowerCase(),
      cloneGroups: extra.cloneGroups ?? [],
      akaKeys: extra.akaKeys ?? [],
    });

  it("joins a group's titles into one work with clone-list evidence, never across kinds", () => {
    const works = groupWorks([
      input("mega man", { cloneGroups: [0] }),
      input("rockman", { cloneGroups: [0] }),
      input("rockman", { kind: "video", cloneGroups: [0] }),
      input("mega man 2"),
    ]);
    expect(works.groups).toEqual([[0, 1], [2], [3]]);
    expect(works.evidence[0]).toEqual(["clone-list"]);
  });

  it("keeps apart a group's bundle and another licence's reskin, never a budget re-release", () => {
    const clone = (title: string, over: Partial<WorkInput> = {}) =>
      workInput({ title, titleKey: titleKey(title), groupKey: titleKey(title), cloneGroups: [0], ...over });
    // "X + 1989" holds a second game: a larger edition, whichever regions sold the two.
    const bundle = groupWorks([
      clone("Prince of Persia - The Forgotten Sands", { regions: ["USA"] }),
      clone("Prince of Persia - The Forgotten Sands + 1989", { regions: ["Europe"] }),
    ]);
    expect(bundle.groups).toHaveLength(2);
    // One engine under two licences (the metadata's franchises) is two games.
    const reskin = groupWorks([
      clone("Garfield Labyrinth", { regions: ["Europe"], franchise: "Garfield" }),
      clone("Mickey Mouse IV - Mahou no Labyrinth", { regions: ["Japan"], franchise: "Mickey Mouse" }),
      clone("Mickey Mouse IV", { regions: ["USA"], franchise: "Mickey Mouse" }),
    ]);
    expect(reskin.groups).toEqual([[0], [1, 2]]);
    // A budget re-release in the game's market keeps the game's title inside a longer one: still the game.
    const budget = groupWorks([
      clone("Neo Atlas II", { regions: ["Japan"] }),
      clone("SuperLite 1500 Series - Neo Atlas II", { regions: ["Japan"] }),
    ]);
    expect(budget.groups).toEqual([[0, 1]]);
  });

  it("joins a TOSEC title to the title its [aka …] tag names", () => {
    const works = groupWorks([input("adventures on gx-12", { akaKeys: ["adventures of tron"] }), input("adventures of tron")]);
    expect(works.groups).toEqual([[0, 1]]);
    expect(works.evidence[0]).toEqual(["aka-title"]);
  });
});

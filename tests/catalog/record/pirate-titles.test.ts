import { describe, expect, it } from "vitest";
import type { GameRecord, ReleaseRecord } from "../../../src/catalog/record/game-record.ts";
import { pirateOnlyTitles } from "../../../src/catalog/record/pirate-titles.ts";

const release = (name: string, flags: string[] = []): ReleaseRecord => ({
  name,
  regions: ["Asia"],
  languages: [],
  status: "release",
  flags,
  source: "no-intro",
  roms: [],
});

type Titled = Pick<GameRecord, "alternateTitles" | "releases">;

describe("titles only a record's pirate releases carry", () => {
  const record: Titled = {
    alternateTitles: [
      { title: "Takahashi Meijin no Bouken-jima", regions: ["Japan"], source: "no-intro" },
      { title: "Sonic", regions: ["Asia"], source: "dat" },
      { title: "高橋名人の冒険島", source: "retool-metadata", language: "ja" },
    ],
    releases: [
      release("Adventure Island (USA)"),
      release("Takahashi Meijin no Bouken-jima (Japan)"),
      release("Takahashi Meijin no Bouken-jima (Asia) (Ja) (Pirate)", ["Pirate"]),
      release("Sonic (Asia) (En) (Pirate)", ["Pirate"]),
    ],
  };

  it("names a retitle that only pirate releases carry, not a title a licensed release also carries", () => {
    expect([...pirateOnlyTitles(record)]).toEqual(["Sonic"]);
  });

  it("reads a DAT name's title whatever its tags and article, and never a native-script name", () => {
    const moved: Titled = {
      alternateTitles: [
        { title: "The Pirate Game", source: "no-intro" },
        { title: "海賊", source: "retool-metadata", language: "ja" },
      ],
      releases: [release("Real Game (USA)"), release("Pirate Game, The [p1]", ["Pirate"]), release("海賊 (China) (Pirate)", ["Pirate"])],
    };
    expect([...pirateOnlyTitles(moved)]).toEqual(["The Pirate Game"]);
  });

  it("names none when the record has no pirate release or no alternate title", () => {
    expect(pirateOnlyTitles({ ...record, releases: record.releases.filter((r) => !r.flags.includes("Pirate")) }).size).toBe(0);
    expect(pirateOnlyTitles({ releases: record.releases }).size).toBe(0);
  });
});

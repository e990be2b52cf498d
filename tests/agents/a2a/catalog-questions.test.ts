import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { understand } from "../../../src/agents/a2a/catalog-questions.ts";
import type { PlatformEntry } from "../../../src/catalog/record/game-record.ts";
import { releaseFeedSchema } from "../../../src/releases/release-feed-schema.ts";
import { releaseFeedFile } from "../../helpers/paths.ts";

const feed = releaseFeedSchema.parse(JSON.parse(readFileSync(releaseFeedFile, "utf8")));
const platforms: Record<string, string> = {
  snes: "snes",
  "super nintendo": "snes",
  gba: "gba",
  "game boy advance": "gba",
  "game boy": "gb",
};
const queries = {
  platform: (name: string) => (platforms[name.toLowerCase()] ? ({ id: platforms[name.toLowerCase()] } as PlatformEntry) : undefined),
  releaseFeed: () => feed,
};

describe("reading a free-text request", () => {
  it.each([
    ["find chrono trigger on snes", { kind: "search", query: "chrono trigger", system: "snes" }],
    ["Find Chrono Trigger on the Super Nintendo?", { kind: "search", query: "Chrono Trigger", system: "Super Nintendo" }],
    ["search for the legend of starfall", { kind: "search", query: "the legend of starfall" }],
    ["glimmer tactics for game boy advance", { kind: "search", query: "glimmer tactics", system: "game boy advance" }],
    ["chrono trigger snes", { kind: "search", query: "chrono trigger", system: "snes" }],
    ["Murder on the Orient Express on snes", { kind: "search", query: "Murder on the Orient Express", system: "snes" }],
    ["Murder on the Orient Express", { kind: "search", query: "Murder on the Orient Express" }],
    ["which platforms do you have?", { kind: "platforms" }],
    ["latest release for Android TV", { kind: "releases", platform: "android-tv" }],
    ["is Ludex Player available on iOS?", { kind: "releases", platform: "ios" }],
    ["is the app out for android", { kind: "releases", platform: "android" }],
    ["what is the current beta version?", { kind: "releases" }],
    ["do you have glimmer tactics", { kind: "search", query: "glimmer tactics" }],
    ["can you find chrono trigger", { kind: "search", query: "chrono trigger" }],
    ["Where in the World Is Carmen Sandiego on snes", { kind: "search", query: "Where in the World Is Carmen Sandiego", system: "snes" }],
    ["find where in the world is carmen sandiego", { kind: "search", query: "where in the world is carmen sandiego" }],
    ["Can't Stop", { kind: "search", query: "Can't Stop" }],
    ["what's the weather in Paris?", { kind: "outside" }],
    ["What\u2019s the weather in Paris?", { kind: "outside" }],
    ["how do I bake bread", { kind: "outside" }],
    ["tell me a joke", { kind: "outside" }],
    ["  ", { kind: "unclear" }],
    ["what changed since 2026-01-31?", { kind: "changes", since: "2026-01-31T00:00:00Z" }],
    ["what changed since 2026-01-31T08:30?", { kind: "changes", since: "2026-01-31T08:30:00Z" }],
    // A catalog version is random text and may end like a time ("…KT9"): it is passed on untouched.
    ["what changed since 3Sz5i9sr9o1uBKT9?", { kind: "changes", since: "3Sz5i9sr9o1uBKT9" }],
    ["what changed since PzzzSMo4_kUINPv-?", { kind: "changes", since: "PzzzSMo4_kUINPv-" }],
    ["what changed since -zzzSMo4_kUINPv_", { kind: "changes", since: "-zzzSMo4_kUINPv_" }],
  ])("%s", (text, expected) => {
    expect(understand(text, queries)).toEqual(expected);
  });
});

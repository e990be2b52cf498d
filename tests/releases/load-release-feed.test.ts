import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Problem } from "../../src/core/problem.ts";
import { loadReleaseFeed } from "../../src/releases/load-release-feed.ts";
import { releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";

function withFeed(mutate: (feed: Record<string, unknown>) => void): string {
  const feed = JSON.parse(readFileSync(releaseFeedFile, "utf8")) as Record<string, unknown>;
  mutate(feed);
  const file = path.join(tempDir(), "release-feed.json");
  writeFileSync(file, JSON.stringify(feed));
  return file;
}

function problemOf(file: string): Problem {
  try {
    loadReleaseFeed(file);
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error("expected a Problem");
}

describe("loadReleaseFeed", () => {
  it("accepts the authored feed", () => {
    const feed = loadReleaseFeed(releaseFeedFile);
    expect(feed.channels.map((c) => c.id)).toContain("stable");
    expect(feed.platforms.length).toBeGreaterThan(0);
  });

  it("names the bad field of an invalid status", () => {
    const file = withFeed((feed) => {
      (feed.platforms as Record<string, unknown>[])[1] = { ...(feed.platforms as Record<string, unknown>[])[1], status: "soon" };
    });
    const problem = problemOf(file);
    expect(problem.type).toBe("invalid-release-feed");
    expect(problem.detail).toMatch(/platforms\[1\]\.status/);
    expect(problem.extensions.errors).toEqual([expect.objectContaining({ pointer: "platforms[1].status" })]);
  });

  it("names every bad field at once: a bad version, an unknown channel, a negative vote count, an unknown key", () => {
    const file = withFeed((feed) => {
      (feed.channels as Record<string, unknown>[])[0] = { ...(feed.channels as Record<string, unknown>[])[0], version: "two" };
      (feed.platforms as Record<string, unknown>[])[0] = { ...(feed.platforms as Record<string, unknown>[])[0], channel: "nightly" };
      (feed.communityRequests as Record<string, unknown>[])[0] = { ...(feed.communityRequests as Record<string, unknown>[])[0], votes: -3 };
      feed.extra = true;
    });
    const pointers = (problemOf(file).extensions.errors as { pointer: string }[]).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(["channels[0].version", "communityRequests[0].votes", ""]));
  });

  it("reports a channel that is not declared and an https-only store link", () => {
    const file = withFeed((feed) => {
      const platform = (feed.platforms as Record<string, unknown>[])[0] as Record<string, unknown>;
      platform.storeLinks = [{ store: "Web", url: "http://insecure.example/app" }];
    });
    expect(problemOf(file).detail).toMatch(/platforms\[0\]\.storeLinks\[0\]\.url/);
  });

  it("reports malformed JSON with the file name", () => {
    const file = path.join(tempDir(), "release-feed.json");
    writeFileSync(file, "{ nope");
    expect(problemOf(file).detail).toMatch(/^release-feed\.json: /);
  });
});

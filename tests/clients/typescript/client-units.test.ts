import { detectHeader, type MatchItem, PlatformGuesser, planBatches, retryAfterMs } from "@ludex/client";
import { describe, expect, it } from "vitest";
import platformsTable from "../../../data/platforms.json" with { type: "json" };

const guesser = new PlatformGuesser(
  platformsTable.platforms.map((p) => ({ id: p.slug, name: p.name, libretroName: p.libretroName, aliases: p.aliases })),
);

describe("planBatches", () => {
  const items = (groups: readonly (string | undefined)[]): MatchItem[] =>
    groups.map((group, i) => ({ name: `f${i}`, ...(group ? { group } : {}) }));

  it("splits items into requests of at most the limit, in order", () => {
    expect(planBatches(items(Array(250).fill(undefined))).map((b) => b.length)).toEqual([100, 100, 50]);
    expect(planBatches(items([]))).toEqual([]);
  });

  it("keeps a group in one request, even when its items are apart, and splits a group larger than a request", () => {
    const spread = items(["a", undefined, "b", "a", undefined, "b"]);
    expect(planBatches(spread, 3)).toEqual([
      [0, 3, 1],
      [2, 5, 4],
    ]);
    const big = items(Array(7).fill("big"));
    expect(planBatches(big, 3)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });
});

describe("retryAfterMs", () => {
  it("reads delta-seconds and HTTP dates, and nothing else", () => {
    expect(retryAfterMs("7")).toBe(7000);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:30 GMT", Date.parse("2026-01-01T00:00:00Z"))).toBe(30_000);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:30 GMT", Date.parse("2026-01-02T00:00:00Z"))).toBe(0);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe("PlatformGuesser", () => {
  it("takes the nearest folder that names a platform: slugs, aliases, ES-DE's folder names", () => {
    expect(guesser.guess("snes/Game.zip")).toBe("snes");
    expect(guesser.guess("Super Nintendo Entertainment System/Game.bin")).toBe("snes");
    expect(guesser.guess("atari7800/Game.bin")).toBe("atari-7800");
    expect(guesser.guess("atarilynx/x.bin")).toBe("lynx");
    expect(guesser.guess("genesis/x.bin")).toBe("megadrive");
    expect(guesser.guess("roms/psx/Game (USA)/Game (USA).cue")).toBe("psx");
  });

  it("falls back on the extension (of the zip member when given), else gives up", () => {
    expect(guesser.guess("misc/Game.sfc")).toBe("snes");
    expect(guesser.guess("misc/Game.zip", "Game.a78")).toBe("atari-7800");
    expect(guesser.guess("misc/Game.bin")).toBeUndefined();
    expect(guesser.guess("Game")).toBeUndefined();
  });
});

describe("detectHeader", () => {
  const head = (text: string, at = 0): Uint8Array => {
    const bytes = new Uint8Array(512);
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
    return bytes;
  };

  it("tells each documented header by its signature or size, and only on its own platform", () => {
    expect(detectHeader(head("NES\x1a"), 40976, "a.nes", "nes")?.kind).toBe("ines");
    expect(detectHeader(head("ATARI7800", 1), 32896, "a.a78", undefined)?.kind).toBe("a78");
    expect(detectHeader(head("LYNX"), 131136, "a.lnx", undefined)?.kind).toBe("lnx");
    expect(detectHeader(head(""), 1024 * 256 + 512, "a.smc", undefined)?.kind).toBe("snes-copier");
    expect(detectHeader(head(""), 1024 * 256, "a.smc", "snes")).toBeUndefined();
    expect(detectHeader(head(""), 1024 * 256 + 512, "a.bin", undefined)).toBeUndefined();
    expect(detectHeader(head("NES\x1a"), 40976, "a.nes", "snes")).toBeUndefined();
    // A file no longer than its header has nothing after it to hash.
    expect(detectHeader(head("NES\x1a"), 16, "a.nes", "nes")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { foreignNoIntroDumps, visitSha1s } from "../../../src/catalog/import/foreign-dumps.ts";

const A = "a".repeat(40);
const B = "0123456789ABCDEF0123456789abcdef01234567";

function sha1s(text: string): string[] {
  const out: string[] = [];
  visitSha1s(Buffer.from(text), (s) => out.push(s));
  return out;
}

describe("visitSha1s", () => {
  it("reads clrmamepro and Logiqx SHA-1s, quoted or not, lowercased", () => {
    expect(sha1s(`rom ( name x sha1 ${A} )\nrom ( sha1 "${B}" )\n<rom sha1="${B}"/>`)).toEqual([A, B.toLowerCase(), B.toLowerCase()]);
  });

  it("skips values that are not 40 hex digits and words that only start with sha1", () => {
    expect(sha1s(`sha1 ${A}0 sha1 ${A.slice(1)} sha1sum ${A} sha1 ${"g".repeat(40)}`)).toEqual([]);
  });
});

describe("foreignNoIntroDumps", () => {
  const source = (platform: string, collection: string, text: string): { platform: string; collection: string; data: Buffer } => ({
    platform,
    collection,
    data: Buffer.from(text),
  });

  it("names, per platform, the deferring collection's dumps that No-Intro lists on another platform only", () => {
    const found = foreignNoIntroDumps([
      source("gb", "lost-level-archive", `sha1 ${A}\nsha1 ${B}`),
      source("gb", "no-intro", `sha1 ${B}`),
      source("gbc", "no-intro", `sha1 ${A}`),
      source("gbc", "homebrew", `sha1 ${B}`),
    ]);
    expect([...found]).toEqual([["gb", [A]]]);
  });

  it("is empty without a deferring collection", () => {
    expect(foreignNoIntroDumps([source("gbc", "no-intro", `sha1 ${A}`)]).size).toBe(0);
  });
});

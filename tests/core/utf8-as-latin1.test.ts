import { describe, expect, it } from "vitest";
import { utf8AsLatin1 } from "../../src/core/utf8-as-latin1.ts";

describe("utf8AsLatin1", () => {
  it("gives one char per UTF-8 byte, which latin1 writes back as those bytes", () => {
    for (const text of ["", 'plain ASCII {"a":1}', "Pokémon", "Quest™", "ドラゴンクエスト", "emoji 🎮 and \u0000 and \u007f\u0080"]) {
      const bytes = utf8AsLatin1(text);
      expect(Buffer.from(bytes, "latin1")).toEqual(Buffer.from(text, "utf8"));
      expect([...bytes].every((c) => c.charCodeAt(0) < 256)).toBe(true);
    }
  });

  it("returns ASCII text as it is, and joined pieces stay the UTF-8 of the joined text", () => {
    const ascii = "Super Mario Bros. (World)";
    expect(utf8AsLatin1(ascii)).toBe(ascii);
    const pieces = ['{"t":"', "Pokémon", " ", "ドラゴン™", '"}'];
    expect(Buffer.from(pieces.map(utf8AsLatin1).join(""), "latin1").toString("utf8")).toBe(pieces.join(""));
  });
});

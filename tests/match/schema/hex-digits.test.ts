import { describe, expect, it } from "vitest";
import { HEX_DIGIT, UPPER_HEX } from "../../../src/match/schema/hex-digits.ts";

describe("HEX_DIGIT", () => {
  it("gives every UTF-16 code unit its hex value, with UPPER_HEX added for A-F, and -1 for anything else", () => {
    for (let c = 0; c < 65536; c++) {
      const char = String.fromCharCode(c);
      const expected = /^[0-9a-f]$/.test(char)
        ? Number.parseInt(char, 16)
        : /^[A-F]$/.test(char)
          ? UPPER_HEX | Number.parseInt(char, 16)
          : -1;
      expect(HEX_DIGIT[c], `U+${c.toString(16)}`).toBe(expected);
    }
  });

  it("keeps UPPER_HEX apart from every digit's bits, so an OR of values tells both apart", () => {
    for (let v = 0; v < 16; v++) expect(v & UPPER_HEX).toBe(0);
  });
});

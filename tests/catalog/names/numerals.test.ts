import { describe, expect, it } from "vitest";
import { arabicWord, numeralKey, titleNumbers } from "../../../src/catalog/names/numerals.ts";

describe("arabicWord", () => {
  it.each([
    ["ii", "2"],
    ["iv", "4"],
    ["vii", "7"],
    ["ix", "9"],
    ["xiii", "13"],
    ["xx", "20"],
  ])("reads the roman numeral %s as %s", (word, arabic) => {
    expect(arabicWord(word)).toBe(arabic);
  });

  // "X" and "I" stay words: "Mega Man X" is not the tenth game, and "I" is a pronoun as often.
  it.each(["x", "i", "mega", "7", "vid", "mix", "civ"])("leaves %s as it is", (word) => {
    expect(arabicWord(word)).toBe(word);
  });
});

describe("numeralKey", () => {
  it("writes each roman-numeral word of a title key in digits", () => {
    expect(numeralKey("final fantasy vii")).toBe("final fantasy 7");
    expect(numeralKey("rocky iv vs rocky ii")).toBe("rocky 4 vs rocky 2");
  });

  it("returns the same key when no word is a numeral, and never touches letters inside words", () => {
    const key = "mega man x legends";
    expect(numeralKey(key)).toBe(key);
    expect(numeralKey("civilization vivid")).toBe("civilization vivid");
  });
});

describe("titleNumbers", () => {
  it("lists the numbers a title names, in order, whichever way they are written", () => {
    expect(titleNumbers("final fantasy vii")).toBe("7");
    expect(titleNumbers("final fantasy 7")).toBe("7");
    expect(titleNumbers("street fighter ii turbo")).toBe("2");
    expect(titleNumbers("fifa 98 road to world cup")).toBe("98");
    expect(titleNumbers("1942")).toBe("1942");
  });

  it("drops leading zeros, so 007 and 7 name the same number", () => {
    expect(titleNumbers("agent 007")).toBe("7");
  });

  it("is empty for a title without numbers, and for X and I", () => {
    expect(titleNumbers("the legend of zelda")).toBe("");
    expect(titleNumbers("mega man x")).toBe("");
    expect(titleNumbers("i have no mouth")).toBe("");
  });

  it("tells a sequel from the first game and from another sequel", () => {
    expect(titleNumbers("mega man")).not.toBe(titleNumbers("mega man 2"));
    expect(titleNumbers("mega man ii")).toBe(titleNumbers("mega man 2"));
    expect(titleNumbers("mega man 4")).not.toBe(titleNumbers("mega man iii"));
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanMatchRequest } from "../../../src/match/engine/match-body-scan.ts";
import { CRC_WORD, ITEM_HASH_WORDS, MD5_WORD, SHA1_WORD } from "../../../src/match/engine/item-hash-words.ts";
import { fastMatchItem } from "../../../src/match/schema/fast-match-item.ts";
import { MAX_MATCH_ITEMS } from "../../../src/match/schema/match-schemas.ts";
import { hexWords } from "../../helpers/hex-words.ts";

/** What the general path makes of `text`: `JSON.parse`, then each item as `fastMatchItem` checks it. */
function generalPath(text: string): unknown {
  const body = JSON.parse(text) as { systemId: unknown; items: unknown[]; artworkTypes?: unknown };
  const items = body.items.map(fastMatchItem);
  return body.artworkTypes === undefined
    ? { systemId: body.systemId, items }
    : { systemId: body.systemId, items, artworkTypes: body.artworkTypes };
}

/** The scanner either gives up or agrees with the general path, which must then find every item valid. */
function expectAgreement(text: string): boolean {
  const scanned = scanMatchRequest(text);
  if (scanned === undefined) return false;
  const general = generalPath(text) as { items: unknown[] };
  expect(general.items.every((item) => item !== undefined)).toBe(true);
  const { hashWords, ...rest } = scanned;
  expect(rest).toStrictEqual(general);
  scanned.items.forEach((item, i) => {
    const at = i * ITEM_HASH_WORDS;
    if (item.sha1) expect([...hashWords.subarray(at + SHA1_WORD, at + SHA1_WORD + 5)]).toEqual(hexWords(item.sha1));
    if (item.md5) expect([...hashWords.subarray(at + MD5_WORD, at + MD5_WORD + 4)]).toEqual(hexWords(item.md5));
    if (item.crc) expect(hashWords[at + CRC_WORD]).toBe(hexWords(item.crc)[0]);
  });
  return true;
}

const hex = (length: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: length, maxLength: length });
/** Text a client might send: ASCII, accents, kana, emoji (surrogate pairs), quotes and backslashes that JSON escapes. */
const text = (min: number, max: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'abcXYZ 019().,-_/[]!é™ドラ😀"\\\n\t'), minLength: min, maxLength: max });
/** Items of the plain shape, each valid: every field optional, null for some. */
const plainItem = fc
  .record(
    {
      name: fc.oneof(text(1, 60), fc.constant(null)),
      size: fc.oneof(fc.nat(), fc.constant(0), fc.constant(Number.MAX_SAFE_INTEGER), fc.constant(null)),
      crc: fc.oneof(hex(8), fc.constant(null)),
      md5: fc.oneof(hex(32), fc.constant(null)),
      sha1: fc.oneof(hex(40), fc.constant(null)),
      serial: fc.oneof(text(1, 64), fc.constant(null)),
      group: fc.oneof(text(1, 200), fc.constant(null)),
    },
    { requiredKeys: [] },
  )
  .filter((item) => fastMatchItem(item) !== undefined);
const request = fc.record(
  {
    systemId: text(0, 20),
    items: fc.array(plainItem, { minLength: 0, maxLength: 8 }),
    artworkTypes: fc.array(fc.constantFrom("boxart", "snap", "title", "other"), { maxLength: 3 }),
  },
  { requiredKeys: ["systemId", "items"] },
);

describe("scanMatchRequest", () => {
  it("reads a plain body into exactly the items the general path checks", () => {
    const body = {
      systemId: "snes",
      items: [
        { sha1: "B1BC60A53605B913B80593CE10C152E85582E2B1", name: "Game (USA).sfc" },
        { md5: "0123456789abcdef0123456789abcdef" },
        { crc: "93165f19", size: 131072, group: "disc set" },
        { serial: "SLUS-00001", name: null },
      ],
      artworkTypes: ["boxart"],
    };
    expect(expectAgreement(JSON.stringify(body))).toBe(true);
    const scanned = scanMatchRequest(JSON.stringify(body));
    expect(scanned?.items[0]?.sha1).toBe("b1bc60a53605b913b80593ce10c152e85582e2b1");
    expect(scanned?.items[3]).toStrictEqual({
      name: undefined,
      size: undefined,
      crc: undefined,
      md5: undefined,
      sha1: undefined,
      serial: "SLUS-00001",
      group: undefined,
      headerless: undefined,
    });
  });

  it("reads strings up to each field's longest", () => {
    const items = [{ name: "x".repeat(1024) }, { serial: "x".repeat(64) }, { crc: "00000000", group: "x".repeat(200) }];
    expect(expectAgreement(JSON.stringify({ systemId: "snes", items }))).toBe(true);
  });

  it("agrees with JSON.parse and fastMatchItem on every plain body, compact or spaced, and reads those without escapes", () => {
    fc.assert(
      fc.property(request, fc.constantFrom(undefined, 2, "\t", " \r\n "), (body, space) => {
        const json = JSON.stringify(body, null, space);
        const accepted = expectAgreement(json);
        // Only a string JSON writes with an escape sequence (a quote, backslash or control char) is left to JSON.parse.
        expect(accepted).toBe(!json.includes("\\"));
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ["an escape sequence", String.raw`{"systemId":"snes","items":[{"name":"a\u0062"}]}`],
    ["a repeated item member", `{"systemId":"snes","items":[{"crc":"00000000","crc":"11111111"}]}`],
    ["a repeated top-level member", `{"systemId":"snes","systemId":"nes","items":[{"crc":"00000000"}]}`],
    ["an unknown item member (allowed, left to the schemas)", `{"systemId":"snes","items":[{"crc":"00000000","x":1}]}`],
    ["an unknown top-level member", `{"systemId":"snes","items":[{"crc":"00000000"}],"x":1}`],
    ["headerless hashes", `{"systemId":"nes","items":[{"headerless":{"crc":"00000000"}}]}`],
    ["a size with a leading zero", `{"systemId":"snes","items":[{"crc":"00000000","size":012}]}`],
    ["a size with a fraction", `{"systemId":"snes","items":[{"crc":"00000000","size":1.0}]}`],
    ["a size with an exponent", `{"systemId":"snes","items":[{"crc":"00000000","size":1e3}]}`],
    ["a negative size", `{"systemId":"snes","items":[{"crc":"00000000","size":-1}]}`],
    ["a size past the safe integers", `{"systemId":"snes","items":[{"crc":"00000000","size":9007199254740992}]}`],
    ["a size of 17 digits", `{"systemId":"snes","items":[{"crc":"00000000","size":12345678901234567}]}`],
    ["a size as a string", `{"systemId":"snes","items":[{"crc":"00000000","size":"12"}]}`],
    ["a short hash", `{"systemId":"snes","items":[{"crc":"0000000"}]}`],
    ["a long hash", `{"systemId":"snes","items":[{"crc":"000000000"}]}`],
    ["a hash that is not hex", `{"systemId":"snes","items":[{"sha1":"zz00000000000000000000000000000000000000"}]}`],
    ["an empty name", `{"systemId":"snes","items":[{"name":""}]}`],
    ["a name past 1024 chars", JSON.stringify({ systemId: "snes", items: [{ name: "x".repeat(1025) }] })],
    ["a serial past 64 chars", JSON.stringify({ systemId: "snes", items: [{ serial: "x".repeat(65) }] })],
    ["a group past 200 chars", JSON.stringify({ systemId: "snes", items: [{ crc: "00000000", group: "x".repeat(201) }] })],
    ["an item with nothing to match", `{"systemId":"snes","items":[{"size":12}]}`],
    ["an item that is not an object", `{"systemId":"snes","items":["x"]}`],
    ["a control char in a string", `{"systemId":"snes","items":[{"name":"a\tb"}]}`],
    ["a trailing comma", `{"systemId":"snes","items":[{"crc":"00000000"},]}`],
    ["a missing comma", `{"systemId":"snes","items":[{"crc":"00000000"}{"crc":"00000000"}]}`],
    ["a truncated body", `{"systemId":"snes","items":[{"crc":"00000000"}]`],
    ["text after the body", `{"systemId":"snes","items":[{"crc":"00000000"}]} x`],
    ["a misspelt null", `{"systemId":"snes","items":[{"crc":"00000000","name":nul}]}`],
    ["a systemId that is not a string", `{"systemId":7,"items":[{"crc":"00000000"}]}`],
    ["no items member", `{"systemId":"snes"}`],
    ["a body that is not an object", `[{"crc":"00000000"}]`],
    ["an empty body", ""],
    [
      "more artwork types than there are (the schema refuses them)",
      `{"systemId":"snes","items":[{"crc":"00000000"}],"artworkTypes":["boxart","snap","title","logo","boxart"]}`,
    ],
    [
      "more items than a request may hold (the schema refuses them)",
      JSON.stringify({ systemId: "snes", items: Array.from({ length: MAX_MATCH_ITEMS + 1 }, () => ({ crc: "00000000" })) }),
    ],
  ])("leaves a body with %s to the general path", (_, body) => {
    expect(scanMatchRequest(body)).toBeUndefined();
  });

  it("accepts nothing JSON.parse would refuse, and agrees on whatever it accepts, over mutated bodies", () => {
    const seed = JSON.stringify({
      systemId: "snes",
      items: [
        { sha1: "b1bc60a53605b913b80593ce10c152e85582e2b1", name: "Game (USA).sfc" },
        { crc: "93165F19", size: 131072 },
        { md5: null, serial: "X" },
      ],
      artworkTypes: ["boxart"],
    });
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(seed.length), fc.nat(3), fc.constantFrom(...' \t\n{}[]:,"\\0123456789.-eEnulfasx')), {
          minLength: 1,
          maxLength: 3,
        }),
        (edits) => {
          let body = seed;
          for (const [at, kind, char] of edits) {
            const where = at % (body.length + 1);
            body =
              kind === 0
                ? body.slice(0, where) + body.slice(where + 1)
                : kind === 1
                  ? body.slice(0, where) + char + body.slice(where)
                  : body.slice(0, where) + char + body.slice(where + 1);
          }
          let valid = true;
          try {
            JSON.parse(body);
          } catch {
            valid = false;
          }
          const scanned = scanMatchRequest(body);
          if (!valid) expect(scanned).toBeUndefined();
          else if (expectAgreement(body)) accepted++;
        },
      ),
      { numRuns: 3000 },
    );
    // Whitespace and digit edits keep many bodies plain: the agreement above was checked on real acceptances.
    expect(accepted).toBeGreaterThan(100);
  });
});

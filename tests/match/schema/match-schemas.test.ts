import { describe, expect, it } from "vitest";
import { artworkTypes } from "../../../src/catalog/artwork/artwork-types.ts";
import { acceptedMatchRequest, MAX_MATCH_ITEMS, matchRequestSchema } from "../../../src/match/schema/match-schemas.ts";

const item = { crc: "00000000" };
const envelopes: { systemId: string; items: unknown[]; artworkTypes?: string[] }[] = [
  { systemId: "snes", items: [item] },
  { systemId: "snes", items: Array(MAX_MATCH_ITEMS).fill(item) },
  { systemId: "snes", items: Array(MAX_MATCH_ITEMS + 1).fill(item) },
  { systemId: "snes", items: [] },
  { systemId: "", items: [item] },
  { systemId: "x".repeat(128), items: [item] },
  { systemId: "x".repeat(129), items: [item] },
  { systemId: "snes", items: [item], artworkTypes: [] },
  { systemId: "snes", items: [item], artworkTypes: ["boxart"] },
  { systemId: "snes", items: [item], artworkTypes: [...artworkTypes] },
  { systemId: "snes", items: [item], artworkTypes: [...artworkTypes, "boxart"] },
  { systemId: "snes", items: [item], artworkTypes: ["boxart", "poster"] },
  { systemId: "snes", items: [item], artworkTypes: ["boxart", "boxart"] },
];

describe("acceptedMatchRequest", () => {
  it.each(envelopes.map((envelope, n) => [n, envelope] as const))(
    "gives what the schema gives, or leaves it to the schema to refuse (%i)",
    (_, envelope) => {
      const parsed = matchRequestSchema.safeParse(envelope);
      const accepted = acceptedMatchRequest(envelope);
      expect(accepted === undefined).toBe(!parsed.success);
      if (parsed.success) expect(accepted).toStrictEqual(parsed.data);
    },
  );

  it("accepts every envelope the body scanner reads as usual", () => {
    expect(acceptedMatchRequest({ systemId: "nes", items: [{ sha1: "a".repeat(40) }], artworkTypes: ["boxart"] })).toEqual({
      systemId: "nes",
      items: [{ sha1: "a".repeat(40) }],
      artworkTypes: ["boxart"],
    });
  });
});

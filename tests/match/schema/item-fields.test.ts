import { describe, expect, it } from "vitest";
import { ITEM_HASH_WORDS } from "../../../src/match/engine/item-hash-words.ts";
import { HEX_FIELDS, ITEM_FIELDS, itemOf } from "../../../src/match/schema/item-fields.ts";
import { matchItemSchema } from "../../../src/match/schema/match-schemas.ts";

describe("the item field table", () => {
  it("names the schema's members, in its order", () => {
    expect(Object.keys(matchItemSchema.shape)).toEqual(ITEM_FIELDS.map((field) => field.name));
  });

  it("is what itemOf builds a checked item from: each value under its member's name, every member present", () => {
    ITEM_FIELDS.forEach((field, i) => {
      const values = ITEM_FIELDS.map(() => undefined as unknown);
      values[i] = `value of ${field.name}`;
      const item = itemOf(values);
      expect(Object.keys(item)).toEqual(ITEM_FIELDS.map((f) => f.name));
      expect(Object.entries(item).filter(([, value]) => value !== undefined)).toEqual([[field.name, `value of ${field.name}`]]);
    });
  });

  it("lays the hex members' words side by side within an item's hash words", () => {
    const words = HEX_FIELDS.flatMap((field) => Array.from({ length: field.digits / 8 }, (_, k) => field.word + k)).sort((a, b) => a - b);
    expect(words).toEqual(Array.from({ length: ITEM_HASH_WORDS }, (_, k) => k));
  });

  it("gives every row one shape, so that the readers walking it meet one", () => {
    const shapes = new Set(ITEM_FIELDS.map((field) => Object.keys(field).join()));
    expect(shapes.size).toBe(1);
  });
});

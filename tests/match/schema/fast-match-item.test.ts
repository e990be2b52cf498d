import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastMatchItem } from "../../../src/match/schema/fast-match-item.ts";
import { matchItemSchema } from "../../../src/match/schema/match-schemas.ts";

const hexChar = fc.constantFrom(..."0123456789abcdefABCDEFxg /:@G`é");
const hexish = (n: number): fc.Arbitrary<string> =>
  fc.oneof(fc.string({ unit: hexChar, minLength: n, maxLength: n }), fc.string({ unit: hexChar, minLength: 0, maxLength: n + 2 }));
const value = (specific: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: specific },
    fc.constant(null),
    fc.constant(undefined),
    fc.integer(),
    fc.string(),
    fc.boolean(),
    fc.array(fc.integer()),
  );
const item = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record(
      {
        name: value(fc.string({ minLength: 0, maxLength: 1030 })),
        size: value(fc.oneof(fc.nat(), fc.integer({ min: -5, max: -1 }), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2))),
        crc: value(hexish(8)),
        md5: value(hexish(32)),
        sha1: value(hexish(40)),
        serial: value(fc.string({ minLength: 0, maxLength: 70 })),
        group: value(fc.oneof(fc.string({ minLength: 0, maxLength: 210 }), fc.constantFrom("", "x".repeat(200), "x".repeat(201)))),
        headerless: value(
          fc.record({ crc: value(hexish(8)), md5: value(hexish(32)), sha1: value(hexish(40)), extra: fc.anything() }, { requiredKeys: [] }),
        ),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    ),
  },
  fc.anything(),
);

describe("fastMatchItem", () => {
  it("accepts exactly what matchItemSchema accepts, with the same normalised fields", () => {
    fc.assert(
      fc.property(item, (raw) => {
        const fast = fastMatchItem(raw);
        const slow = matchItemSchema.safeParse(raw);
        expect(fast !== undefined).toBe(slow.success);
        if (fast && slow.success) {
          for (const key of ["name", "size", "crc", "md5", "sha1", "serial", "group"] as const)
            expect(fast[key] ?? null).toEqual(slow.data[key] ?? null);
          for (const key of ["crc", "md5", "sha1"] as const)
            expect(fast.headerless?.[key] ?? null).toEqual(slow.data.headerless?.[key] ?? null);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

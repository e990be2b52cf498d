import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogParams, catalogQuery } from "../../../src/catalog/routes/catalog-schemas.ts";
import { idOnlyQuery } from "../../../src/catalog/routes/id-query.ts";
import { parseQuery } from "../../../src/catalog/routes/query-params.ts";

/** What the schema path gives for a query string: its value, or the problem's status. */
function schemaResult(search: string): unknown {
  try {
    return parseQuery(new URL(`http://ludex.invalid/api/v1/games/${search}`).searchParams, catalogQuery, catalogParams);
  } catch {
    return "invalid";
  }
}

const digitString = (min: number, max: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
const idQueries: fc.Arbitrary<string> = fc.oneof(
  digitString(0, 18).map((d) => `?id=${d}`),
  fc.bigInt({ min: 0n, max: 10n ** 17n }).map((n) => `?id=${n}`),
  fc.constantFrom(
    "?id=9007199254740991",
    "?id=9007199254740992",
    "?id=0",
    "?id=00001",
    "?id=%31",
    "?id=1&",
    "?id=1&limit=5",
    "?id=1&id=2",
    "?id=+1",
    "?id=1e3",
    "?id= 7",
    "?ID=1",
    "?id=",
    "",
  ),
  fc.tuple(fc.constantFrom("?id=", "?"), fc.string({ maxLength: 8 })).map(([head, tail]) => `${head}${tail}`),
);

describe("idOnlyQuery", () => {
  it("reads ?id=<digits> exactly as the schema does, and leaves everything else to it", () => {
    fc.assert(
      fc.property(idQueries, (search) => {
        const fast = idOnlyQuery(search);
        if (fast !== undefined) expect(fast).toEqual(schemaResult(search));
      }),
      { numRuns: 2000 },
    );
  });

  it("takes the plain look-ups and no other query", () => {
    expect(idOnlyQuery("?id=42")).toEqual({ id: 42, limit: 30, offset: 0 });
    expect(idOnlyQuery("?id=0042")).toEqual({ id: 42, limit: 30, offset: 0 });
    expect(idOnlyQuery("?id=9007199254740991")?.id).toBe(Number.MAX_SAFE_INTEGER);
    for (const search of ["?id=0", "?id=9007199254740992", "?id=%31", "?id=1&limit=5", "?id=1&id=2", "?system=snes", ""])
      expect(idOnlyQuery(search)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { negotiateEncoding } from "../../src/http/negotiate-encoding.ts";

describe("negotiateEncoding", () => {
  it("prefers brotli on ties whatever order the variants are listed in", () => {
    expect(negotiateEncoding("gzip, br", ["gzip", "br"])).toBe("br");
    expect(negotiateEncoding("gzip, br", ["br", "gzip"])).toBe("br");
    expect(negotiateEncoding("*", ["gzip", "br"])).toBe("br");
  });

  it("follows the client's q-values and exclusions", () => {
    expect(negotiateEncoding("gzip;q=1, br;q=0.5", ["gzip", "br"])).toBe("gzip");
    expect(negotiateEncoding("br;q=0, *", ["br", "gzip"])).toBe("gzip");
    expect(negotiateEncoding("x-gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("identity", ["br", "gzip"])).toBeUndefined();
    expect(negotiateEncoding(undefined, ["br"])).toBeUndefined();
  });

  it("answers a remembered header for whatever variants each resource has", () => {
    const header = "br;q=0.5, gzip";
    expect(negotiateEncoding(header, ["br"])).toBe("br");
    expect(negotiateEncoding(header, ["br", "gzip"])).toBe("gzip");
    expect(negotiateEncoding(header, ["br"])).toBe("br");
    expect(negotiateEncoding(header, [])).toBeUndefined();
  });

  it("still parses headers once more distinct ones arrive than it remembers", () => {
    for (let i = 0; i < 200; i++) {
      expect(negotiateEncoding(`gzip;q=0.${(i % 9) + 1}, br;q=0.${((i + 4) % 9) + 1}, x-${i}`, ["br", "gzip"])).toBe(
        (i % 9) + 1 > ((i + 4) % 9) + 1 ? "gzip" : "br",
      );
    }
  });
});

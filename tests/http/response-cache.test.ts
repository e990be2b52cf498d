import { randomBytes } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { codedEtag, compressBody } from "../../src/http/compress-body.ts";
import { createResponseCache } from "../../src/http/response-cache.ts";

const answer = (text: string) => ({ status: 200, etag: '"v1-search"', body: text, compressible: true });

describe("the response cache", () => {
  it("computes an answer once, and compresses it once per coding: the bytes and ETag of compressing it per request", () => {
    const cache = createResponseCache();
    const text = JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Game ${i}` })) });
    let computed = 0;
    const compute = () => {
      computed++;
      return answer(text);
    };
    const first = cache.get('"v1-search"', compute);
    const again = cache.get('"v1-search"', compute);
    expect(computed).toBe(1);
    expect(again).toBe(first);
    const br = first.encode?.("br");
    expect(br?.body.equals(compressBody(Buffer.from(text), "br", "kept"))).toBe(true);
    expect(br?.etag).toBe(codedEtag('"v1-search"', "br"));
    expect(brotliDecompressSync(br?.body ?? Buffer.alloc(0)).toString()).toBe(text);
    expect(first.encode?.("br")).toBe(br);
    expect(first.encode?.("gzip")?.etag).toBe(codedEtag('"v1-search"', "gzip"));
  });

  it("counts compressed variants against its size, evicting older answers for them", () => {
    // Random hex: brotli makes about half of it, so the variant does not fit beside "b".
    const text = randomBytes(5_000).toString("hex");
    const cache = createResponseCache(16_000);
    const first = cache.get('"a"', () => ({ ...answer(text), etag: '"a"' }));
    let computed = 0;
    const b = () => {
      computed++;
      return { ...answer("y".repeat(1_500)), etag: '"b"' };
    };
    cache.get('"b"', b);
    cache.get('"b"', b);
    expect(computed).toBe(1);
    const br = first.encode?.("br");
    expect(br?.body.length).toBeGreaterThan(4_600);
    cache.get('"b"', b);
    expect(computed).toBe(2);
  });

  it("neither keeps nor compresses ahead an answer that is not a 200", () => {
    const cache = createResponseCache();
    let computed = 0;
    const problem = () => {
      computed++;
      return { status: 422, body: "{}", etag: '"p"', compressible: true };
    };
    expect(cache.get('"p"', problem).encode).toBeUndefined();
    cache.get('"p"', problem);
    expect(computed).toBe(2);
  });
});

import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../../helpers/http.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";

let server: RunningServer;
let whole: Buffer;
let etag = "";
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
  const res = await http(server.url("/api/v1/dumps/?system=psx"));
  whole = res.body;
  etag = res.headers.etag ?? "";
});

const rangeHeader = fc.oneof(
  fc.tuple(fc.nat(5000), fc.nat(5000)).map(([a, b]) => `bytes=${a}-${b}`),
  fc.nat(5000).map((a) => `bytes=${a}-`),
  fc.nat(5000).map((n) => `bytes=-${n}`),
  fc.constantFrom(
    "bytes=0-0,5-9",
    "bytes=",
    "bytes=-",
    "items=0-5",
    "bytes=5-1",
    "bytes=abc",
    "bytes=99999999999999999999-",
    "bytes=0-1,0-1,0-1",
  ),
  fc.string(),
);

describe("dump downloads under any Range header", () => {
  it("answer 200 (whole file), 206 (exactly the bytes asked for) or 416, never anything else", async () => {
    await fc.assert(
      fc.asyncProperty(
        rangeHeader,
        fc.constantFrom(undefined, "etag", '"stale-1"', "Thu, 01 Jan 1970 00:00:00 GMT"),
        async (range, ifRange) => {
          const headers: Record<string, string> = { range };
          if (ifRange) headers["if-range"] = ifRange === "etag" ? etag : ifRange;
          const res = await http(server.url("/api/v1/dumps/?system=psx"), { headers });
          expect([200, 206, 416]).toContain(res.status);
          if (res.status === 200) expect(res.body.equals(whole)).toBe(true);
          if (res.status === 206) {
            expect(ifRange === undefined || ifRange === "etag").toBe(true);
            const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers["content-range"] ?? "");
            expect(m?.[3]).toBe(String(whole.length));
            expect(res.body.equals(whole.subarray(Number(m?.[1]), Number(m?.[2]) + 1))).toBe(true);
          }
          if (res.status === 416) expect(res.headers["content-range"]).toBe(`bytes */${whole.length}`);
        },
      ),
      { numRuns: 200 },
    );
  });
});

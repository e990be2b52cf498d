import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { attribution, retoolAttribution } from "../../src/catalog/record/attribution.ts";
import { siteFiles } from "../../src/site/site-paths.ts";
import { http } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * One build deployed under several base URLs: a server started with another PUBLIC_BASE_URL than
 * the build's publishes its own base in every absolute URL of the documents the build wrote with
 * the build's (change index, dump listing, sitemaps), and the pages carry no absolute URL of their
 * site at all. The discovery documents are checked the same way in tests/discovery/.
 */

/** The base the sample catalog was built for (tests/global-setup.ts). */
const builtFor = "https://ludex.test";
const serving = "https://games.example.org";
/** Absolute URLs of other origins a document may carry: the data source and its licence. */
const thirdParty = new Set<string>([attribution.url, attribution.licenseUrl, retoolAttribution.url, retoolAttribution.licenseUrl]);

let buildDir = "";
let other: RunningServer;
let same: RunningServer;
let gameId = 0;

beforeAll(async () => {
  buildDir = inject("sampleCatalog").buildDir;
  [other, same] = await Promise.all([
    startTestServer({ LUDEX_BUILD_DIR: buildDir, PUBLIC_BASE_URL: serving }),
    startTestServer({ LUDEX_BUILD_DIR: buildDir, PUBLIC_BASE_URL: builtFor }),
  ]);
  const list = (await http(other.url("/api/v1/games/?system=snes&limit=1"))).json<{ results: { id: number }[] }>();
  gameId = list.results[0]?.id ?? 0;
  expect(gameId).toBeGreaterThan(0);
});

/** Every string value of a JSON document that is an absolute http(s) URL. */
function absoluteUrls(value: unknown): string[] {
  if (typeof value === "string") return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(absoluteUrls);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(absoluteUrls);
  return [];
}

describe("a server with another PUBLIC_BASE_URL than the build's", () => {
  it("names its own base in every absolute URL of the change index and the dump listing", async () => {
    for (const p of ["/api/v1/changes/", "/api/v1/dumps/"]) {
      const res = await http(other.url(p));
      expect(res.status, p).toBe(200);
      const urls = absoluteUrls(res.json()).filter((u) => !thirdParty.has(u));
      expect(urls.length, p).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${serving}/`), `${p}: ${url}`).toBe(true);
      expect(res.body.toString("utf8"), p).not.toContain(builtFor);
      // Revalidation and precompressed variants work on the rendered copy.
      expect((await http(other.url(p), { headers: { "if-none-match": res.headers.etag ?? "" } })).status, p).toBe(304);
    }
  });

  it("names its own base in every URL of the sitemap index and its parts", async () => {
    const index = (await http(other.url("/sitemap.xml"))).body.toString("utf8");
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) {
      expect(part.startsWith(`${serving}/sitemaps/`), part).toBe(true);
      const res = await http(other.url(part.slice(serving.length)));
      expect(res.status, part).toBe(200);
      const xml = res.body.toString("utf8");
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
      expect(locs.length, part).toBeGreaterThan(0);
      for (const loc of locs) expect(loc.startsWith(`${serving}/`), loc).toBe(true);
      expect(xml, part).not.toContain(builtFor);
    }
  });

  it("serves pages that name their own site by path only (no absolute URL of the build's base)", async () => {
    for (const p of ["/", `/games/${gameId}/`, "/platforms/snes/", "/search/?q=starfall"]) {
      const html = (await http(other.url(p))).body.toString("utf8");
      expect(html, p).not.toContain(builtFor);
      expect(html, p).not.toContain("og:url");
    }
  });

  it("sends each page's canonical URL under its own base, and none for search and 404 pages", async () => {
    for (const p of ["/", `/games/${gameId}/`, "/platforms/snes/"]) {
      expect((await http(other.url(p))).headers.link, p).toBe(`<${serving}${p}>; rel="canonical"`);
      expect((await http(same.url(p))).headers.link, p).toBe(`<${builtFor}${p}>; rel="canonical"`);
    }
    for (const p of ["/search/", "/search/?q=starfall", "/games/999999999/"])
      expect((await http(other.url(p))).headers.link, p).toBeUndefined();
  });

  it("leaves the build's own copies (for static hosts) and, at the build's base, answers their bytes", async () => {
    const files: [string, string][] = [
      ["/api/v1/changes/", "static/api/v1/changes/index.json"],
      ["/api/v1/dumps/", "static/api/v1/dumps/index.json"],
      ["/sitemap.xml", siteFiles.sitemap],
    ];
    for (const [p, file] of files) {
      const built = readFileSync(path.join(buildDir, file));
      expect(built.toString("utf8"), file).toContain(builtFor);
      expect((await http(same.url(p))).body.equals(built), p).toBe(true);
    }
  });
});

import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { HtmlValidate } from "html-validate";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import type { GameRecord, PlatformEntry } from "../../src/catalog/record/game-record.ts";
import { faviconIco, faviconSvg } from "../../src/site/favicon.ts";
import { siteFiles } from "../../src/site/site-paths.ts";
import { http, type RawResponse } from "../helpers/http.ts";
import { releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";
import { buildSettings } from "../helpers/build-settings.ts";

/**
 * The website over HTTP on the sample catalog: every page type is valid HTML with its metadata,
 * game pages carry JSON-LD naming the record's game, every sitemap URL answers 200, other URL
 * forms redirect to the canonical one, and bad ids and searches get 404 and 422 pages, never 500.
 */

const base = "https://ludex.test";
// Standards and document rules; style rules are not the point here.
const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:document"] });

let server: RunningServer;
let gameId = 0;

beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
  const list = (await http(server.url("/api/v1/games/?system=snes&limit=1"))).json<{ results: { id: number }[] }>();
  gameId = list.results[0]?.id ?? 0;
  expect(gameId).toBeGreaterThan(0);
});

const text = (res: RawResponse): string => res.body.toString("utf8");
const all = (html: string, re: RegExp): string[] => [...html.matchAll(re)].map((m) => m[1] ?? "");

async function expectPage(url: string, status = 200): Promise<string> {
  const res = await http(server.url(url));
  expect(res.status, url).toBe(status);
  expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
  const html = text(res);
  const report = await validator.validateString(html);
  const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`));
  expect(messages, url).toEqual([]);
  expect(all(html, /<h1[\s>]/g), `${url}: one h1`).toHaveLength(1);
  expect(html, url).toMatch(/<title>[^<]+<\/title>/);
  expect(html, url).toMatch(/<meta name="description" content="[^"]{20,}">/);
  expect(html, url).toMatch(/<meta property="og:title" content="[^"]+">/);
  expect(html, url).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  // The canonical travels as a Link header only (page-layout.ts), so the bytes name no origin.
  expect(html, url).not.toContain('rel="canonical"');
  for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img, url).toMatch(/ width="\d+" height="\d+"/);
  // No request leaves for another origin than the artwork host.
  const loaded = [...all(html, /<(?:img|script)[^>]* src="([^"]+)"/g), ...all(html, /<link rel="stylesheet" href="([^"]+)"/g)];
  for (const src of loaded) expect(src.startsWith("/") || src.startsWith("https://thumbnails.libretro.com/"), `${url}: ${src}`).toBe(true);
  return html;
}

/** The target of the canonical Link header the server sends with a page (RFC 6596 §3, RFC 8288). */
async function canonicalOf(url: string, on: RunningServer = server): Promise<string | undefined> {
  const link = (await http(on.url(url))).headers.link;
  return link === undefined ? undefined : (/^<([^>]+)>; rel="canonical"$/.exec(link)?.[1] ?? `not canonical: ${link}`);
}

function jsonLd(html: string): Record<string, unknown> {
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(raw).toBeDefined();
  return JSON.parse(raw ?? "null") as Record<string, unknown>;
}

describe("pages", () => {
  it("/ explains ludex, has a search box, the platforms by manufacturer with counts, API links and attribution", async () => {
    const html = await expectPage("/");
    // Absolute under the serving instance's PUBLIC_BASE_URL, sent at serve time.
    expect(await canonicalOf("/")).toBe(`${base}/`);
    expect(html).toMatch(/<form class="searchform" role="search" action="\/search\/" method="get"/);
    expect(html).toContain('<h3 id="maker-nes">Nintendo <span class="count">');
    expect(html).toMatch(/<a href="\/platforms\/snes\/">Super Nintendo Entertainment System<\/a><span class="count">\d+<\/span>/);
    for (const href of [
      "/docs/",
      "/api/v1/community/",
      "https://github.com/libretro/libretro-database",
      "https://creativecommons.org/licenses/by-sa/4.0/",
    ])
      expect(html).toContain(`href="${href}"`);
    // The old landing page glued words together ("licensedCC BY-SA 4.0").
    expect(html.replace(/<[^>]+>/g, "")).toContain("licensed CC BY-SA 4.0");
  });

  it("a game page shows the record, links its JSON, and its VideoGame JSON-LD names the same game", async () => {
    const html = await expectPage(`/games/${gameId}/`);
    const record = (await http(server.url(`/api/v1/games/?id=${gameId}`))).json<GameRecord>();
    expect(await canonicalOf(`/games/${gameId}/`)).toBe(`${base}/games/${gameId}/`);
    expect(html).toContain(`<meta property="og:type" content="video.game">`);
    // og:url would have to be absolute: left out, so consumers take the page's own URL.
    expect(html).not.toContain("og:url");
    const ld = jsonLd(html);
    expect(ld["@type"]).toBe("VideoGame");
    expect(ld.name).toBe(record.title);
    expect(ld.gamePlatform).toBe(record.systemName);
    expect(ld.url).toBe(`/games/${gameId}/`);
    expect(html).toContain(`href="/api/v1/games/?id=${gameId}"`);
    for (const release of record.releases) {
      expect(html).toContain(`<h3>${release.name.replaceAll("&", "&amp;")}</h3>`);
      for (const rom of release.roms) if (rom.sha1) expect(html).toContain(`<code data-copy="SHA-1">${rom.sha1}</code>`);
    }
    expect(html).toContain("https://thumbnails.libretro.com/");
  });

  it("a game with developer, publisher, genres, year and artwork has each of them in its JSON-LD, as in its record", async () => {
    // Chosen on purpose: the sample's games do not all have every member, and a test on one
    // without them would skip the branches it is meant to check.
    const platforms = (await http(server.url("/api/v1/games/"))).json<{ platforms: PlatformEntry[] }>().platforms;
    let chosen: { record: GameRecord; platform: PlatformEntry } | undefined;
    for (const platform of platforms) {
      const list = (await http(server.url(`/api/v1/games/?system=${platform.id}&limit=100`))).json<{ results: { id: number }[] }>();
      for (const { id } of list.results) {
        const record = (await http(server.url(`/api/v1/games/?id=${id}`))).json<GameRecord>();
        if (record.developer && record.publisher && record.genres?.length && record.releaseYear !== undefined && record.releases[0])
          chosen ??= { record, platform };
      }
    }
    if (!chosen)
      throw new Error(
        "the sample catalog has no game with developer, publisher, genres, year and a release: the test has nothing to check",
      );
    const { record, platform } = chosen;
    const html = await expectPage(`/games/${record.id}/`);
    const ld = jsonLd(html);
    expect(ld.name).toBe(record.title);
    expect(ld.genre).toEqual(record.genres);
    expect(ld.publisher).toEqual({ "@type": "Organization", name: record.publisher });
    expect(ld.author).toEqual({ "@type": "Organization", name: record.developer });
    const month = record.releaseMonth === undefined ? "" : `-${String(record.releaseMonth).padStart(2, "0")}`;
    expect(ld.datePublished).toBe(`${record.releaseYear}${month}`);
    // The box art of the first release, where libretro-thumbnails keeps it (& and the like become _).
    const file = (record.releases[0]?.name ?? "").replace(/[&*/:`"<>?\\|]/g, "_");
    const image = `https://thumbnails.libretro.com/${encodeURIComponent(platform.libretroName)}/Named_Boxarts/${encodeURIComponent(file)}.png`;
    expect(ld.image).toBe(image);
    expect(html).toContain(`<meta property="og:image" content="${image.replaceAll("&", "&amp;")}">`);
    expect(/<div class="art"><figure><div class="frame"><img src="([^"]+)"/.exec(html)?.[1]).toBe(image.replaceAll("&", "&amp;"));
  });

  it("a platform page lists its games by title with a letter index and an ItemList", async () => {
    const html = await expectPage("/platforms/snes/");
    const platforms = (await http(server.url("/api/v1/games/"))).json<{ platforms: { id: string; gameCount: number }[] }>().platforms;
    const snes = platforms.find((p) => p.id === "snes");
    const items = all(html, /<li(?: id="[^"]+")?><a href="\/games\/(\d+)\/">/g);
    expect(items).toHaveLength(snes?.gameCount ?? -1);
    const ld = jsonLd(html);
    expect(ld["@type"]).toBe("ItemList");
    expect((ld.itemListElement as unknown[]).length).toBe(items.length);
    expect(html).toMatch(/<nav aria-label="Index by letter">/);
    // Every letter link points at an anchor that exists.
    for (const id of all(html, /<a href="#(letter-[A-Z0])"/g)) expect(html).toContain(`id="${id}"`);
  });

  it("search works as a plain GET form, grouped like the API", async () => {
    const html = await expectPage("/search/?q=starfall");
    const api = (await http(server.url("/api/v1/agent/games/?q=starfall&limit=30"))).json<{ results: { id: number }[] }>();
    expect(api.results.length).toBeGreaterThan(0);
    expect(all(html, /<li class="hit"><a href="\/games\/(\d+)\/">/g).map(Number)).toEqual(api.results.map((r) => r.id));
    expect(html).toContain('value="starfall"');
    const scoped = await expectPage("/search/?q=starfall&system=Super%20Famicom");
    expect(scoped).toContain('<option value="snes" selected>');
    await expectPage("/search/");
    // Search pages, with a query or without, are no page to index: no canonical.
    expect(await canonicalOf("/search/")).toBeUndefined();
    expect(await canonicalOf("/search/?q=starfall")).toBeUndefined();
  });
});

describe("favicon", () => {
  it("/favicon.svg and /favicon.ico answer from the build's files with their media types, document caching and revalidation", async () => {
    for (const [p, type, body] of [
      ["/favicon.svg", "image/svg+xml", Buffer.from(faviconSvg)],
      ["/favicon.ico", "image/x-icon", faviconIco],
    ] as const) {
      const res = await http(server.url(p));
      expect(res.status, p).toBe(200);
      expect(res.headers["content-type"], p).toBe(type);
      expect(res.headers["cache-control"], p).toBe("public, max-age=300, s-maxage=3600, stale-while-revalidate=86400");
      expect(res.body.equals(body), p).toBe(true);
      const again = await http(server.url(p), { headers: { "if-none-match": res.headers.etag ?? "" } });
      expect(again.status, p).toBe(304);
    }
    // An ICO directory with one 16×16 32-bit image whose bytes are all in the file.
    expect([faviconIco.readUInt16LE(0), faviconIco.readUInt16LE(2), faviconIco.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([faviconIco[6], faviconIco[7], faviconIco.readUInt16LE(12)]).toEqual([16, 16, 32]);
    expect(faviconIco.readUInt32LE(18) + faviconIco.readUInt32LE(14)).toBe(faviconIco.length);
    expect((await http(server.url("/favicon.svg/x"))).status).toBe(404);
  });
});

describe("stored pages", () => {
  it("sends the stored page as it is to a client without gzip and gzip-compressed to one that accepts it, with a weak ETag", async () => {
    const stored = readFileSync(path.join(inject("sampleCatalog").buildDir, siteFiles.game(gameId)));
    const zipped = await http(server.url(`/games/${gameId}/`), { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).equals(stored)).toBe(true);
    expect(zipped.body.length).toBeLessThan(stored.length / 2);
    expect(zipped.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const plain = await http(server.url(`/games/${gameId}/`));
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(stored)).toBe(true);
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag}`);
    expect(plain.headers.vary).toBe("Accept-Encoding");
    for (const [etag, encoding] of [
      [plain.headers.etag, "identity"],
      [zipped.headers.etag, "gzip"],
    ]) {
      const again = await http(server.url(`/games/${gameId}/`), {
        headers: { "if-none-match": etag ?? "", "accept-encoding": encoding ?? "" },
      });
      expect(again.status, encoding).toBe(304);
    }
  });
});

describe("sitemap", () => {
  it("is an index of parts of at most 50,000 URLs with lastmod, named by robots.txt; every URL answers 200", async () => {
    const robots = text(await http(server.url("/robots.txt")));
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
    const index = text(await http(server.url("/sitemap.xml")));
    const parts = all(index, /<loc>([^<]+)<\/loc>/g);
    expect(all(index, /<lastmod>(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)<\/lastmod>/g)).toHaveLength(parts.length);
    let urls: string[] = [];
    for (const part of parts) {
      expect(part.startsWith(`${base}/sitemaps/`)).toBe(true);
      const res = await http(server.url(part.slice(base.length)));
      expect(res.status).toBe(200);
      const locs = all(text(res), /<loc>([^<]+)<\/loc>/g);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      urls = urls.concat(locs);
    }
    const platforms = (await http(server.url("/api/v1/games/"))).json<{ platforms: { gameCount: number }[] }>().platforms;
    expect(urls.filter((u) => u.includes("/games/"))).toHaveLength(platforms.reduce((n, p) => n + p.gameCount, 0));
    for (const url of urls) expect((await http(server.url(url.slice(base.length)))).status, url).toBe(200);
  });
});

describe("other URL forms and bad input", () => {
  it("redirects other forms to the canonical URL with 301", async () => {
    const cases: [string, string][] = [
      [`/games/${gameId}`, `/games/${gameId}/`],
      [`/games/${gameId}/the-legend-of-starfall/`, `/games/${gameId}/`],
      [`/games/${gameId}/x/y`, `/games/${gameId}/`],
      ["/platforms/snes", "/platforms/snes/"],
      ["/platforms/Super%20Famicom/", "/platforms/snes/"],
      ["/platforms/snes/page/1/", "/platforms/snes/"],
      ["/search?q=starfall", "/search/?q=starfall"],
    ];
    for (const [from, to] of cases) {
      const res = await http(server.url(from));
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it("answers unknown or malformed ids and slugs with the 404 page, never a 500", async () => {
    for (const p of [
      "/games/0/",
      "/games/-1/",
      "/games/abc/",
      "/games/99999999999999999999/",
      "/games/999999999/",
      "/games/1e3/",
      "/games/%00/",
      "/games/",
      "/platforms/nope/",
      "/platforms/snes/page/999/",
      "/platforms/snes/page/0/",
      "/platforms/%ZZ/",
      "/sitemaps/nope.xml",
      "/site/nope.css",
    ]) {
      const html = await expectPage(p, 404);
      expect(html, p).toContain("<h1>Page not found</h1>");
      expect(html, p).toContain('<meta name="robots" content="noindex">');
      expect(await canonicalOf(p), p).toBeUndefined();
    }
  });

  it("explains the limit when a search query is too long or has control characters (422 page)", async () => {
    const cases: [string, RegExp][] = [
      [`/search/?q=${"a".repeat(121)}`, /limit is 120/],
      ["/search/?q=star%01fall", /control characters/],
      ["/search/?q=star%0Afall", /control characters/],
      ["/search/?q=a&q=b", /more than once/],
      ["/search/?q=starfall&system=atari-jaguar-9000", /no platform/],
    ];
    for (const [p, explanation] of cases) {
      const html = await expectPage(p, 422);
      expect(html, p).toMatch(explanation);
      expect(html, p).toContain("at most 120 characters");
    }
    // A 120-character query is fine.
    await expectPage(`/search/?q=${"a".repeat(120)}`);
  });
});

describe("build", () => {
  it("rewrites nothing when nothing changed: pages keep their bytes, mtimes and so their ETags", async () => {
    const { dbFile } = inject("sampleCatalog");
    const buildDir = path.join(tempDir("ludex-site-build-"), "build");
    const first = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(base) });
    expect(first.site.platformsRendered).toBe(first.manifest.counts.platforms);
    expect(first.site.filesWritten).toBeGreaterThan(first.manifest.counts.games);
    // Pages are stored plain, without a gzip sibling (src/site/render-platform.ts).
    const file = path.join(buildDir, siteFiles.game(gameId));
    expect(existsSync(`${file}.gz`)).toBe(false);
    const stored = (): { bytes: Buffer; mtime: number } => ({ bytes: readFileSync(file), mtime: statSync(file).mtimeMs });
    const before = stored();
    await new Promise((r) => setTimeout(r, 1100));
    const second = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(base) });
    expect(second.site.platformsRendered).toBe(0);
    expect(second.site.filesWritten).toBe(0);
    expect(stored()).toEqual(before);
    // Another origin changes no page (they name their site by path only), only the sitemaps.
    const moved = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings("https://games.example") });
    expect(moved.site.platformsRendered).toBe(0);
    expect(stored()).toEqual(before);
    expect(readFileSync(path.join(buildDir, siteFiles.sitemap), "utf8")).toContain("<loc>https://games.example/sitemaps/");
    // Another path changes every link between pages: every page is rendered again.
    const nested = buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings("https://games.example/ludex") });
    expect(nested.site.platformsRendered).toBe(first.manifest.counts.platforms);
    expect(readFileSync(file, "utf8")).toContain('<link rel="icon" href="/ludex/favicon.svg"');
  });
});

const real = inject("realCatalog");

describe.skipIf(real === null)(`on the real catalog${real === null ? " (skipped: real data absent)" : ""}`, () => {
  it("every sitemap part answers, and a sample of its URLs (every platform, 300 games) answer 200 with their page", async () => {
    const realServer = await startTestServer({ LUDEX_BUILD_DIR: real?.buildDir ?? "" });
    const get = (url: string): Promise<RawResponse> => http(realServer.url(url.slice(base.length)));
    const parts = all(text(await get(`${base}/sitemap.xml`)), /<loc>([^<]+)<\/loc>/g);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    const games: string[] = [];
    const pages: string[] = [];
    for (const part of parts) {
      const res = await get(part);
      expect(res.status, part).toBe(200);
      const locs = all(text(res), /<loc>([^<]+)<\/loc>/g);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      for (const loc of locs) (loc.includes("/games/") ? games : pages).push(loc);
    }
    expect(games.length).toBeGreaterThan(100_000);
    const step = Math.floor(games.length / 300);
    const sample = [...pages.filter((u) => !u.includes("/page/")), ...games.filter((_, i) => i % step === 0)];
    for (const url of sample) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.link, url).toBe(`<${url}>; rel="canonical"`);
    }
  });
});

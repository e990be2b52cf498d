import { buildSettings } from "../helpers/build-settings.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { HtmlValidate } from "html-validate";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import type { GameRecord, PlatformEntry } from "../../src/catalog/record/game-record.ts";
import { PLATFORM_PAGE_SIZE } from "../../src/site/platform-page.ts";
import { http } from "../helpers/http.ts";
import { releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * Platform listings over several pages: every page of a platform lists its share of the games in
 * title order, once each, with previous/next links; each letter of the index links to the page
 * (and the anchor) where that letter's first game is. The sample catalog's 11 SNES games are
 * paged by 4 in a build of its own; on the real catalog, the largest platform at the real page
 * size (200).
 */

const base = "https://ludex.test";
const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:document"] });
const letters = ["#", ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
// The listing's order (src/site/render-platform.ts sorts by it, then by id).
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

const decode = (text: string): string =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&");

/** A title's index letter, as a reader would file it: its first letter without accents, or # for digits and signs. */
function letterOf(title: string): string {
  const c = title.normalize("NFKD").charAt(0).toUpperCase();
  return /^[A-Z]$/.test(c) ? c : "#";
}

interface ListedGame {
  readonly id: number;
  readonly title: string;
  /** The letter anchor on its `<li>`, if it starts a letter. */
  readonly anchor: string | undefined;
  readonly page: number;
}

/**
 * Walks every page of a platform's listing and checks pages, pager, order and letter index.
 * `gameCount` is the platform's records of kind `game`, the only ones its listing lists.
 */
async function checkListing(server: RunningServer, platform: PlatformEntry, pageSize: number, gameCount: number): Promise<ListedGame[]> {
  const slug = platform.id;
  const pageUrl = (n: number): string => (n === 1 ? `/platforms/${slug}/` : `/platforms/${slug}/page/${n}/`);
  const pages = Math.ceil(gameCount / pageSize);
  expect(pages, `${slug}: several pages`).toBeGreaterThan(1);
  const html: string[] = [];
  const games: ListedGame[] = [];
  for (let n = 1; n <= pages; n++) {
    const res = await http(server.url(pageUrl(n)));
    expect(res.status, pageUrl(n)).toBe(200);
    const text = res.body.toString("utf8");
    html.push(text);
    expect(res.headers.link, pageUrl(n)).toBe(`<${server.config.publicBaseUrl}${pageUrl(n)}>; rel="canonical"`);
    expect(text, pageUrl(n)).toContain(`<span>Page ${n} of ${pages}</span>`);
    expect(text, pageUrl(n)).toContain(`<ol class="games" start="${(n - 1) * pageSize + 1}">`);
    // The pager: previous on every page but the first, next on every page but the last.
    const prev = /<a href="([^"]+)" rel="prev">/.exec(text)?.[1];
    const next = /<a href="([^"]+)" rel="next">/.exec(text)?.[1];
    expect(prev, pageUrl(n)).toBe(n > 1 ? pageUrl(n - 1) : undefined);
    expect(next, pageUrl(n)).toBe(n < pages ? pageUrl(n + 1) : undefined);
    const items = [...text.matchAll(/<li(?: id="([^"]+)")?><a href="\/games\/(\d+)\/">([^<]*)<\/a>/g)];
    expect(items.length, pageUrl(n)).toBe(n < pages ? pageSize : gameCount - (pages - 1) * pageSize);
    for (const m of items) games.push({ id: Number(m[2]), title: decode(m[3] ?? ""), anchor: m[1], page: n });
  }
  // One page past the end is not found.
  expect((await http(server.url(pageUrl(pages + 1)))).status).toBe(404);

  // Every game once, in title order across the pages.
  expect(new Set(games.map((g) => g.id)).size).toBe(gameCount);
  for (let i = 1; i < games.length; i++) {
    const [a, b] = [games[i - 1], games[i]];
    if (!a || !b) continue;
    expect(collator.compare(a.title, b.title) || a.id - b.id, `${a.title} before ${b.title}`).toBeLessThan(0);
  }

  // The letter index: the first game of each letter carries its anchor, and nothing else does.
  const firstOf = new Map<string, ListedGame>();
  for (const g of games) if (!firstOf.has(letterOf(g.title))) firstOf.set(letterOf(g.title), g);
  const anchored = games.filter((g) => g.anchor !== undefined);
  expect(anchored.map((g) => g.id)).toEqual([...firstOf.values()].map((g) => g.id));
  for (const [letter, g] of firstOf) expect(g.anchor).toBe(letter === "#" ? "letter-0" : `letter-${letter}`);

  // On every page, each letter with games links to the page of its first game (a bare anchor on
  // that page itself); letters without games are not links.
  for (let n = 1; n <= pages; n++) {
    const nav = /<nav aria-label="Index by letter">([\s\S]*?)<\/nav>/.exec(html[n - 1] ?? "")?.[1] ?? "";
    const links = new Map([...nav.matchAll(/<a href="([^"]*)#(letter-[A-Z0])"/g)].map((m) => [m[2] ?? "", m[1] ?? ""]));
    for (const letter of letters) {
      const target = firstOf.get(letter);
      const id = letter === "#" ? "letter-0" : `letter-${letter}`;
      if (!target) {
        expect(links.has(id), `${slug} page ${n}: ${letter} has no games`).toBe(false);
        continue;
      }
      expect(links.get(id), `${slug} page ${n}: letter ${letter}`).toBe(target.page === n ? "" : pageUrl(target.page));
      expect(html[target.page - 1], `${slug}: anchor ${id}`).toContain(`<li id="${id}"><a href="/games/${target.id}/">`);
    }
  }
  return games;
}

describe("a platform over the page size, in a build paged by 4", () => {
  let server: RunningServer;
  let snes: PlatformEntry | undefined;

  beforeAll(async () => {
    const buildDir = path.join(tempDir("ludex-site-pages-"), "build");
    buildCatalog({ dbFile: inject("sampleCatalog").dbFile, buildDir, releaseFeedFile, ...buildSettings(base), sitePageSize: 4 });
    server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
    const platforms = (await http(server.url("/api/v1/games/"))).json<{ platforms: PlatformEntry[] }>().platforms;
    snes = platforms.find((p) => p.id === "snes");
  });

  it("lists the 11 SNES games on 3 pages, with pager, title order and a letter index that points at the right page", async () => {
    expect(snes?.gameCount).toBe(11);
    if (!snes) return;
    const games = await checkListing(server, snes, 4, snes.gameCount);
    // Letters spread over several pages, so some letter links lead to another page.
    expect(new Set(games.filter((g) => g.anchor).map((g) => g.page)).size).toBeGreaterThan(1);
  });

  it("serves page 2 as valid HTML, lists every page in the sitemap, and redirects page/1/ and the slash-less form", async () => {
    const page2 = (await http(server.url("/platforms/snes/page/2/"))).body.toString("utf8");
    const report = await validator.validateString(page2);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    expect(page2).toContain("<h1>Super Nintendo Entertainment System, page 2 of 3</h1>");
    const pagesXml = (await http(server.url("/sitemaps/pages.xml"))).body.toString("utf8");
    for (const n of [2, 3]) expect(pagesXml).toContain(`<loc>${base}/platforms/snes/page/${n}/</loc>`);
    expect(pagesXml).not.toContain("/platforms/snes/page/4/");
    for (const [from, to] of [
      ["/platforms/snes/page/1/", "/platforms/snes/"],
      ["/platforms/snes/page/2", "/platforms/snes/page/2/"],
    ]) {
      const res = await http(server.url(from ?? ""));
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });
});

const real = inject("realCatalog");

describe.skipIf(real === null)(`the largest platform of the real catalog${real === null ? " (skipped: real data absent)" : ""}`, () => {
  it(`pages its games by ${PLATFORM_PAGE_SIZE}, with pager, title order and a letter index that points at the right page`, async () => {
    const buildDir = real?.buildDir ?? "";
    const server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
    const platforms = (await http(server.url("/api/v1/games/"))).json<{ platforms: PlatformEntry[] }>().platforms;
    const largest = [...platforms].sort((a, b) => b.gameCount - a.gameCount)[0];
    if (!largest) throw new Error("the real catalog has no platform");
    // The platform's games, from its records as the build wrote them: add-ons and the other kinds are listed apart.
    const manifest = JSON.parse(readFileSync(path.join(buildDir, "manifest.json"), "utf8")) as {
      platforms: Record<string, { shard: string }>;
    };
    const shard = readFileSync(path.join(buildDir, manifest.platforms[largest.id]?.shard ?? ""), "utf8");
    const gameCount = shard.split("\n").filter((line) => line !== "" && (JSON.parse(line) as GameRecord).kind === "game").length;
    expect(gameCount).toBeGreaterThan(PLATFORM_PAGE_SIZE * 2);
    const games = await checkListing(server, largest, PLATFORM_PAGE_SIZE, gameCount);
    expect(new Set(games.filter((g) => g.anchor).map((g) => g.page)).size).toBeGreaterThan(1);
  }, 120_000);
});

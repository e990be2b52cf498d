import { createServer, type Server } from "node:http";
import path from "node:path";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import { buildSettings } from "../helpers/build-settings.ts";
import { chromiumArgs, chromiumPath } from "../helpers/chromium.ts";
import { freePort } from "../helpers/free-port.ts";
import { http } from "../helpers/http.ts";
import { platformsFile, releaseFeedFile, sampleSource } from "../helpers/paths.ts";
import { png } from "../helpers/png.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * Lighthouse 13 (its default mobile settings) on the four page kinds, home, a platform, a game
 * and search results, in one headless Debian Chromium: best practices, SEO and accessibility
 * score 1 on each, except SEO on the search page, whose one failing audit is `is-crawlable`: the
 * results carry `<meta name="robots" content="noindex">` (src/site/search-page.ts) and
 * robots.txt disallows /search/, both on purpose.
 *
 * The sample catalog is built here rather than taken from the shared fixture, for two reasons.
 * Its artwork host is a server of this test answering a real PNG for every thumbnail URL, as
 * libretro-thumbnails does for a game that has its pictures: the shared fixture's host is
 * unreachable here, and every image it fails to load is a console error, which Lighthouse
 * counts against best practices. And PUBLIC_BASE_URL is the server's own origin, as in a
 * deployment, so the canonical `Link` header, the sitemap named in robots.txt and the sitemaps
 * name the origin Lighthouse crawls. Lighthouse counts http://127.0.0.1 as a secure origin
 * (`is-on-https`), as browsers do for loopback, so no audit is excused for serving without TLS.
 */

/** `--headless` here: Playwright adds it itself for the other browser tests. */
const chromeFlags = ["--headless", ...chromiumArgs];
const categories = ["best-practices", "seo", "accessibility"] as const;

/** What the artwork server answers: the size of a libretro-thumbnails snap (SNES screens are shown 4:3). */
const thumbnail = png(320, 240);

let server: RunningServer;
let artwork: Server;
const artworkRequests: string[] = [];
let chrome: LaunchedChrome;
let gamePath = "";

/** Listens on a free loopback port: the port. */
function listen(target: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    target.once("error", reject);
    target.listen(0, "127.0.0.1", () => {
      const address = target.address();
      if (typeof address === "object" && address) resolve(address.port);
      else reject(new Error("no port"));
    });
  });
}

beforeAll(async () => {
  artwork = createServer((req, res) => {
    artworkRequests.push(req.url ?? "");
    if (req.method === "GET" && req.url?.endsWith(".png")) {
      res.writeHead(200, { "content-type": "image/png", "content-length": thumbnail.length, "cache-control": "max-age=86400" });
      res.end(thumbnail);
    } else {
      res.writeHead(404).end();
    }
  });
  const artworkBaseUrl = `http://127.0.0.1:${await listen(artwork)}`;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = tempDir("ludex-lighthouse-");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  importCatalog({ sources: [sampleSource], dbFile, platformsFile });
  buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(base), artworkBaseUrl });
  server = await startTestServer({ PUBLIC_BASE_URL: base, LUDEX_BUILD_DIR: buildDir, LUDEX_ARTWORK_BASE_URL: artworkBaseUrl }, { port });
  expect(server.origin).toBe(base);

  const list = (await http(server.url("/api/v1/agent/games/?q=legend%20of%20starfall&system=snes"))).json<{ results: { id: number }[] }>();
  const id = list.results[0]?.id ?? 0;
  expect(id).toBeGreaterThan(0);
  gamePath = `/games/${id}/`;

  chrome = await launch({ chromePath: chromiumPath, chromeFlags, logLevel: "silent" });
});

afterAll(async () => {
  chrome?.kill();
  await new Promise<void>((resolve) => (artwork ? artwork.close(() => resolve()) : resolve()));
});

/** One Lighthouse run of `sitePath` in the shared Chromium: its report. */
async function audit(sitePath: string): Promise<Result> {
  const runner = await lighthouse(server.url(sitePath), { port: chrome.port, logLevel: "error", onlyCategories: [...categories] });
  if (!runner) throw new Error(`Lighthouse gave no result for ${sitePath}`);
  return runner.lhr;
}

/** The audits of a category that count towards its score and did not pass: `id: title`. */
function failing(report: Result, category: (typeof categories)[number]): string[] {
  const failed: string[] = [];
  for (const ref of report.categories[category]?.auditRefs ?? []) {
    const result = report.audits[ref.id];
    if (ref.weight > 0 && result && result.score !== null && result.score < 1) failed.push(`${ref.id}: ${result.title}`);
  }
  return failed;
}

/** What Lighthouse found for the failing audits of a category: the first items of each one's details, for the failure message. */
function findings(report: Result, failed: readonly string[]): string {
  return failed
    .map((line) => {
      const details = report.audits[line.slice(0, line.indexOf(":"))]?.details;
      const items = details && "items" in details ? details.items.slice(0, 3) : [];
      return `${line}\n  ${JSON.stringify(items).slice(0, 1000)}`;
    })
    .join("\n");
}

/** Checks every category; `seoFailures` are the SEO audits the page fails on purpose. */
function expectScores(report: Result, name: string, seoFailures: readonly string[] = []): void {
  expect(report.runtimeError, `${name}: Lighthouse runtime error`).toBeUndefined();
  for (const category of categories) {
    const expected = category === "seo" ? seoFailures : [];
    const failed = failing(report, category);
    const warnings = report.runWarnings.length > 0 ? `\nrun warnings: ${report.runWarnings.join("; ")}` : "";
    expect(failed, `${name}: failing ${category} audits\n${findings(report, failed)}${warnings}`).toEqual(expected);
    if (expected.length === 0) expect(report.categories[category]?.score, `${name}: ${category} score`).toBe(1);
  }
}

/** A Lighthouse run takes 5 to 10 s here; the margin is for a busy machine. */
describe("Lighthouse on the four page kinds", { timeout: 90_000 }, () => {
  it("home page", async () => {
    expectScores(await audit("/"), "home");
  });

  it("platform page", async () => {
    expectScores(await audit("/platforms/snes/"), "platform");
  });

  it("game page, its artwork loaded from the artwork host", async () => {
    const before = artworkRequests.length;
    expectScores(await audit(gamePath), "game");
    expect(artworkRequests.slice(before).some((url) => url.includes("/Named_Boxarts/"))).toBe(true);
  });

  it("search results: everything but is-crawlable, failed by the deliberate noindex and robots.txt", async () => {
    const report = await audit("/search/?q=starfall");
    expectScores(report, "search", ["is-crawlable: Page is blocked from indexing"]);
    const blockers = (report.audits["is-crawlable"]?.details as { items?: { source?: unknown }[] } | undefined)?.items ?? [];
    const sources = JSON.stringify(blockers.map((item) => item.source));
    expect(sources, "the noindex meta element").toContain('name=\\"robots\\"');
    expect(sources, "the robots.txt rule").toContain("/robots.txt");
    expect(report.categories.seo?.score).toBeLessThan(1);
  });
});

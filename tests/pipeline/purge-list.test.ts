import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCatalog, type BuildSummary } from "../../src/pipeline/build-pipeline.ts";
import { PURGE_FILE, PURGE_TEXT_FILE, type PurgeList } from "../../src/pipeline/purge-list.ts";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import { buildSettings } from "../helpers/build-settings.ts";
import { http } from "../helpers/http.ts";
import { platformsFile, releaseFeedFile, sampleSource } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

const base = "https://ludex.test";
const snesDat = path.join("metadat", "no-intro", "Nintendo - Super Nintendo Entertainment System.dat");

/** An API URL path and its form without the trailing slash, which the server answers alike. */
const both = (p: string): string[] => [p, p.replace("/?", "?").replace(/\/$/, "")];

/**
 * Every public URL the build's static/ folder backs, found from its files by rules written here
 * apart from the build's own (src/site/site-paths.ts), so that the test checks them. A file no
 * rule knows fails the test: a new kind of file must be added here and to the purge list.
 */
function publicUrls(buildDir: string): Set<string> {
  const urls = new Set<string>();
  const unknown: string[] = [];
  const staticDir = path.join(buildDir, "static");
  const fixed: Record<string, string[]> = {
    "api/v1/games/index.json": [...both("/api/v1/games/"), ...both("/api/v1/agent/games/?platforms=1")],
    "api/v1/community/index.json": both("/api/v1/community/"),
    "api/v1/dumps/index.json": both("/api/v1/dumps/"),
    "api/v1/changes/index.json": both("/api/v1/changes/"),
    "openapi.json": ["/openapi.json"],
    "llms.txt": ["/llms.txt"],
    "llms-full.txt": ["/llms-full.txt"],
    "robots.txt": ["/robots.txt"],
    ".well-known/api-catalog": ["/.well-known/api-catalog"],
    "index.html": ["/"],
    "sitemap.xml": ["/sitemap.xml"],
    "favicon.svg": ["/favicon.svg"],
    "favicon.ico": ["/favicon.ico"],
    "merged-ids.json": [],
  };
  const rules: [RegExp, (m: RegExpExecArray) => string[]][] = [
    [/^records\/\d+\/(\d+)\.json$/, (m) => both(`/api/v1/games/?id=${m[1]}`)],
    [/^games\/\d+\/(\d+)\.html$/, (m) => [`/games/${m[1]}/`]],
    [/^platforms\/([^/]+)\/index\.html$/, (m) => [`/platforms/${m[1]}/`]],
    [/^platforms\/([^/]+)\/page-(\d+)\.html$/, (m) => [`/platforms/${m[1]}/page/${m[2]}/`]],
    [/^platforms\/([^/]+)\/([a-z-]+)-page-(\d+)\.html$/, (m) => [`/platforms/${m[1]}/${m[2]}/page/${m[3]}/`]],
    [/^platforms\/([^/]+)\/([a-z-]+)\.html$/, (m) => [`/platforms/${m[1]}/${m[2]}/`]],
    [/^sitemaps\/([a-z0-9-]+)\.xml$/, (m) => [`/sitemaps/${m[1]}.xml`]],
    [/^api\/v1\/dumps\/([a-z0-9-]+)\.ndjson\.gz$/, (m) => both(`/api/v1/dumps/?system=${m[1]}`)],
    [/^site\/([^/]+\.(?:css|js))$/, (m) => [`/site/${m[1]}`]],
  ];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const rel = path.relative(staticDir, full).split(path.sep).join("/");
      const known = fixed[rel] ?? rules.map(([re, to]) => re.exec(rel) && to(re.exec(rel) as RegExpExecArray)).find(Boolean);
      if (known) for (const url of known) urls.add(url);
      // Precompressed siblings are other encodings of a URL listed from the plain file.
      else if (!/\.(gz|br)$/.test(rel)) unknown.push(rel);
    }
  };
  walk(staticDir);
  expect(unknown, "files of static/ that no URL rule of this test knows").toEqual([]);
  return urls;
}

/** Status and body of each URL, from the real server (identity encoding: the bytes a CDN would keep, decoded). */
async function fetchAll(server: RunningServer, urls: Iterable<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const url of urls) {
    const res = await http(server.url(url));
    out.set(url, `${res.status}\n${res.body.toString("base64")}`);
  }
  return out;
}

/** The URLs whose answer differs between two fetches of `urls` (a URL missing from `before` had no file then, so it was a 404). */
function changedUrls(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((u) => before.get(u) !== after.get(u)).map((u) => base + u);
}

const readPurge = (buildDir: string): PurgeList => JSON.parse(readFileSync(path.join(buildDir, PURGE_FILE), "utf8")) as PurgeList;

describe("purge list (purge.json) against the bytes of every public URL before and after a build", () => {
  const dir = tempDir("ludex-purge-");
  const source = path.join(dir, "sample");
  const dbFile = path.join(dir, "catalog.db");
  const buildDir = path.join(dir, "build");
  let server: RunningServer;
  let first: BuildSummary;
  let starfallId = 0;

  const rebuild = (): BuildSummary => {
    importCatalog({ sources: [source], dbFile, platformsFile });
    return buildCatalog({ dbFile, buildDir, releaseFeedFile, sitePageSize: 3, ...buildSettings(base) });
  };
  const editSnes = (edit: (text: string) => string): void => {
    const file = path.join(source, snesDat);
    writeFileSync(file, edit(readFileSync(file, "utf8")));
  };
  /** Edits the DAT, rebuilds, and returns the purge list with the URLs whose bytes changed. */
  const update = async (edit: (text: string) => string): Promise<{ purge: PurgeList; changed: string[]; summary: BuildSummary }> => {
    const urlsBefore = publicUrls(buildDir);
    const before = await fetchAll(server, urlsBefore);
    // The next second, so that the build's time (whole seconds) is its own.
    await new Promise((r) => setTimeout(r, 1100));
    editSnes(edit);
    const summary = rebuild();
    server.ludex.catalog.reload();
    const after = await fetchAll(server, new Set([...urlsBefore, ...publicUrls(buildDir)]));
    const purge = readPurge(buildDir);
    expect(summary.purge).toEqual(purge);
    return { purge, changed: changedUrls(before, after), summary };
  };

  beforeAll(async () => {
    cpSync(sampleSource, source, { recursive: true });
    first = rebuild();
    server = await startTestServer({ LUDEX_BUILD_DIR: buildDir, PUBLIC_BASE_URL: base });
    const found = (await http(server.url("/api/v1/games/?system=snes&q=starfall"))).json<{ results: { id: number }[] }>();
    starfallId = found.results[0]?.id ?? 0;
  });

  it("says `everything` after a first build, with no URL to list", () => {
    expect(first.purge.everything).toBe(true);
    expect(first.purge.reason).toMatch(/first build/);
    expect(first.purge.urls).toEqual([]);
    expect(readFileSync(path.join(buildDir, PURGE_TEXT_FILE), "utf8")).toBe("");
  });

  it("names exactly the URLs of a one-game change: its record and page, the dump, the feeds; and the platform's tag", async () => {
    expect(starfallId).toBeGreaterThan(0);
    // One rom of one release of The Legend of Starfall gets another crc.
    const { purge, changed } = await update((text) => text.replace("crc 910A157D", "crc 0BADF00D"));
    expect(purge.everything).toBe(false);
    expect(purge.previousCatalogVersion).toBe(first.manifest.catalogVersion);
    expect([...purge.urls].sort()).toEqual(changed.sort());
    expect(purge.urls).toEqual(
      expect.arrayContaining([
        `${base}/api/v1/games/?id=${starfallId}`,
        `${base}/api/v1/games?id=${starfallId}`,
        `${base}/games/${starfallId}/`,
        `${base}/api/v1/dumps/?system=snes`,
        `${base}/api/v1/changes/`,
      ]),
    );
    expect(purge.tags).toEqual(["catalog", "changes", `g:${starfallId}`, "p:snes"]);
    expect(readFileSync(path.join(buildDir, PURGE_TEXT_FILE), "utf8")).toBe(`${purge.urls.join("\n")}\n`);
  });

  it("names exactly the URLs of an added and a removed game: listing pages, sitemaps, home page and platform list", async () => {
    const added = `game (\n\tname "Ludex Purge Test (World)"\n\tregion "World"\n\trom ( name "Ludex Purge Test (World).sfc" size 1024 crc 1DEC0DED md5 ${"1d".repeat(16).toUpperCase()} sha1 ${"1d".repeat(20).toUpperCase()} )\n)\n`;
    const { purge, changed, summary } = await update((text) => {
      const blocks = text.split(/\n(?=game \()/);
      const kept = blocks.filter(
        (b) => !b.includes('name "Legend of Starfall, The (USA) (Beta)"\n') && !b.includes('name "Sunset Serenade (Japan)"\n'),
      );
      return `${kept.join("\n").trimEnd()}\n${added}`;
    });
    expect(purge.everything).toBe(false);
    expect([...purge.urls].sort()).toEqual(changed.sort());
    expect(summary.recordsWritten.length).toBeGreaterThan(0);
    const urls = new Set(purge.urls);
    for (const p of ["/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/games-1.xml", "/platforms/snes/", "/"]) {
      // Which of these change depends on what moved between pages; each one listed changed, which the equality above checks.
      if (changed.includes(base + p)) expect(urls.has(base + p), p).toBe(true);
    }
    expect(purge.tags).toContain("p:snes");
    expect(purge.tags.filter((t) => t.startsWith("p:"))).toEqual(["p:snes"]);
  });

  it("lists nothing after a build with no change", async () => {
    const { purge, changed } = await update((text) => text);
    expect(changed).toEqual([]);
    expect(purge.urls).toEqual([]);
    expect(purge.tags).toEqual([]);
  });
});

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { HtmlValidate } from "html-validate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { importCatalog } from "../../src/catalog/import/import-catalog.ts";
import type { GameRecord } from "../../src/catalog/record/game-record.ts";
import { listingSegments, siteFiles } from "../../src/site/site-paths.ts";
import { buildSettings } from "../helpers/build-settings.ts";
import { launchChromium } from "../helpers/chromium.ts";
import { http } from "../helpers/http.ts";
import { platformsFile, projectRoot, releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * The website shows games first and what every record is, on a catalog imported from DATs this
 * test writes: on SNES, "Rockman X (Japan)" (SHVC-RX) and "Mega Man X (USA)" (SNS-RX-USA) of the
 * same size are one game with an alternate title, which has two DLC, an update and a theme;
 * "Aerial Assault" has 21 DLC (more than a game page lists), a game with a long title has one,
 * and there is a BIOS; an arcade set is in MAME 2003 and FinalBurn Neo. Platform listings list
 * games only and count and link the other kinds, which have listings of their own; game pages
 * say what a record is and link an add-on's base game.
 */

const base = "https://ludex.test";
const validator = new HtmlValidate({ extends: ["html-validate:standard", "html-validate:document"] });
const PAGE_SIZE = 10;
const AERIAL_DLC = 21;
/** A title long enough to wrap at 360 px wherever it is shown, an add-on's base game included. */
const LONG = "Zeta Quest - Chronicles of the Northern Kingdoms Remastered Collectors Edition";

const hex = (seed: number, digits: number): string => seed.toString(16).padStart(digits, "0").slice(-digits);
const rom = (name: string, seed: number, size: number): string =>
  `rom ( name "${name}" size ${size} crc ${hex(seed, 8)} md5 ${hex(seed, 32)} sha1 ${hex(seed, 40)} )`;
const clr = (system: string, games: string[]): string =>
  `clrmamepro (\n\tname "${system}"\n)\n\n${games.map((g) => `game (\n${g}\n)\n`).join("\n")}`;
const entry = (name: string, seed: number, size: number, extra = ""): string =>
  `\tname "${name}"\n\tregion "${/\((Japan|USA)/.exec(name)?.[1] ?? "USA"}"\n${extra}\t${rom(`${name}.sfc`, seed, size)}`;

const snes = "Nintendo - Super Nintendo Entertainment System";

/** The SNES DAT: with `full`, Aerial Assault's DLC and the theme too. */
function snesDat(full: boolean): string {
  const games = [
    entry("Rockman X (Japan)", 1, 1_572_864, '\tserial "SHVC-RX"\n'),
    entry("Mega Man X (USA)", 2, 1_572_864, '\tserial "SNS-RX-USA"\n'),
    entry("Mega Man X - Bonus Stage Pack (USA) (DLC)", 3, 2048),
    entry("Mega Man X - Armor Pack (USA) (DLC)", 4, 2048),
    entry("Mega Man X (USA) (Update)", 5, 4096),
    entry("Aerial Assault (USA)", 6, 524_288),
    entry(`${LONG} (USA)`, 7, 524_288),
    entry(`${LONG} - Bonus Chapter (USA) (DLC)`, 9, 512),
    entry("[BIOS] Satellaview BS-X (Japan)", 10, 1_048_576),
  ];
  if (full) {
    games.push(entry("Mega Man X - Sigma Theme (USA) (Theme)", 8, 1024));
    for (let i = 1; i <= AERIAL_DLC; i++)
      games.push(entry(`Aerial Assault - Extra Plane ${String(i).padStart(2, "0")} (USA) (DLC)`, 100 + i, 512));
  }
  return clr(snes, games);
}

const text = (body: Buffer): string => body.toString("utf8");
const all = (html: string, re: RegExp): string[] => [...html.matchAll(re)].map((m) => m[1] ?? "");
/** Game ids a page links in its main list (`ol.games` items). */
const listed = (html: string): number[] => all(html, /<li(?: id="[^"]+")?><a href="\/games\/(\d+)\/">/g).map(Number);

let server: RunningServer;
let root = "";
let dbFile = "";
let buildDir = "";
const ids = new Map<string, number>();
const records = new Map<number, GameRecord>();

async function page(url: string, status = 200): Promise<string> {
  const res = await http(server.url(url));
  expect(res.status, url).toBe(status);
  const html = text(res.body);
  const report = await validator.validateString(html);
  expect(
    report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`)),
    url,
  ).toEqual([]);
  return html;
}

function jsonLd(html: string): Record<string, unknown> {
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(raw).toBeDefined();
  return JSON.parse(raw ?? "null") as Record<string, unknown>;
}

/** Every record of a platform as the API serves it, by reading the build's shard. */
function shardRecords(slug: string): GameRecord[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, "manifest.json"), "utf8")) as {
    platforms: Record<string, { shard: string }>;
  };
  const shard = manifest.platforms[slug]?.shard ?? "";
  return readFileSync(path.join(buildDir, shard), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as GameRecord);
}

beforeAll(async () => {
  root = path.join(tempDir("ludex-site-kinds-"), "libretro-database");
  // dat/ and metadat/ make it a libretro-database checkout, whose folders name each DAT's source.
  for (const dir of ["dat", "metadat/no-intro", "metadat/mame-split", "metadat/fbneo-split"])
    mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, "metadat/no-intro", `${snes}.dat`), snesDat(true));
  const sf2 = `\tname "Street Fighter II - The World Warrior (World 910522)"\n\trom ( name sf2.zip size 100 crc 0000abcd )`;
  writeFileSync(path.join(root, "metadat/mame-split", "MAME 2003.dat"), clr("MAME 2003", [sf2]));
  writeFileSync(path.join(root, "metadat/fbneo-split", "FBNeo - Arcade Games.dat"), clr("FBNeo - Arcade Games", [sf2]));
  dbFile = path.join(tempDir("ludex-site-kinds-db-"), "catalog.db");
  buildDir = path.join(tempDir("ludex-site-kinds-build-"), "build");
  importCatalog({ sources: [root], dbFile, platformsFile });
  buildCatalog({ dbFile, buildDir, releaseFeedFile, ...buildSettings(base), sitePageSize: PAGE_SIZE });
  server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
  for (const record of [...shardRecords("snes"), ...shardRecords("arcade")]) {
    records.set(record.id, record);
    ids.set(`${record.title}/${record.kind}`, record.id);
  }
});

const id = (title: string, kind = "game"): number => {
  const found = ids.get(`${title}/${kind}`);
  if (found === undefined) throw new Error(`no ${kind} ${title} in the test catalog`);
  return found;
};

describe("the imported catalog the pages are built from", () => {
  it("has one Mega Man X with Rockman X as alternate title, its add-ons linked, and the arcade set in two collections", () => {
    const mmx = records.get(id("Mega Man X"));
    expect(mmx?.alternateTitles).toEqual([expect.objectContaining({ title: "Rockman X", regions: ["Japan"] })]);
    expect(mmx?.addons?.byKind).toEqual({ addon: 2, update: 1, cosmetic: 1 });
    expect(records.get(id("Mega Man X - Bonus Stage Pack", "addon"))?.baseGameId).toBe(mmx?.id);
    expect(records.get(id("Aerial Assault"))?.addons?.total).toBe(AERIAL_DLC);
    expect(records.get(id("Street Fighter II - The World Warrior"))?.releases[0]?.collections).toEqual(
      expect.arrayContaining(["fbneo", "mame-2003"]),
    );
    expect(records.get(id("Street Fighter II - The World Warrior"))?.releases[0]?.collections).toHaveLength(2);
  });
});

describe("platform pages", () => {
  it("list the games only, count them as games, and count and link the other kinds", async () => {
    const html = await page("/platforms/snes/");
    expect(listed(html).sort((a, b) => a - b)).toEqual([id("Aerial Assault"), id("Mega Man X"), id(LONG)].sort((a, b) => a - b));
    for (const kind of ["addon", "update", "cosmetic"])
      for (const r of records.values()) if (r.kind === kind) expect(html).not.toContain(`href="/games/${r.id}/"`);
    expect(html).toContain("<dt>Games</dt><dd>3</dd>");
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      `Listed apart from the games: ${AERIAL_DLC + 3} add-ons, 1 update, 1 theme or avatar and 1 BIOS.`,
    );
    for (const segment of ["add-ons", "updates", "themes-and-avatars"]) expect(html).toContain(`href="/platforms/snes/${segment}/"`);
    expect(html).not.toContain('href="/platforms/snes/videos/"');
    const ld = jsonLd(html);
    expect(ld.numberOfItems).toBe(3);
    expect(ld.name).toBe("Super Nintendo Entertainment System games");
  });

  it("list each other kind apart, paged like the games, each add-on with the game it belongs to", async () => {
    const addons = [...records.values()].filter((r) => r.kind === "addon");
    expect(addons).toHaveLength(AERIAL_DLC + 3);
    const pages = Math.ceil(addons.length / PAGE_SIZE);
    const seen: number[] = [];
    for (let n = 1; n <= pages; n++) {
      const url = n === 1 ? "/platforms/snes/add-ons/" : `/platforms/snes/add-ons/page/${n}/`;
      const html = await page(url);
      expect((await http(server.url(url))).headers.link, url).toBe(`<${base}${url}>; rel="canonical"`);
      expect(html).toContain(`<h1>Super Nintendo Entertainment System add-ons${n > 1 ? `, page ${n} of ${pages}` : ""}</h1>`);
      expect(html).toContain(`<span>Page ${n} of ${pages}</span>`);
      expect(html).toContain('<a href="/platforms/snes/">Super Nintendo Entertainment System</a>');
      for (const item of listed(html)) {
        seen.push(item);
        const baseTitle = records.get(records.get(item)?.baseGameId ?? 0)?.title;
        expect(baseTitle, `add-on ${item}`).toBeDefined();
        expect(html).toMatch(new RegExp(`<a href="/games/${item}/">[^<]+</a><span class="count">for ${baseTitle}`));
      }
    }
    expect(seen.sort((a, b) => a - b)).toEqual(addons.map((a) => a.id).sort((a, b) => a - b));
    const update = await page("/platforms/snes/updates/");
    expect(listed(update)).toEqual([id("Mega Man X", "update")]);
    expect(update).toContain("<h1>Super Nintendo Entertainment System updates</h1>");
    expect(update.replace(/<[^>]+>/g, "")).toContain(
      `Also on this platform: 3 games, ${AERIAL_DLC + 3} add-ons, 1 theme or avatar and 1 BIOS.`,
    );
  });

  it("redirect the other forms of a kind's listing and answer 404 for kinds and pages the platform lacks", async () => {
    for (const [from, to] of [
      ["/platforms/snes/add-ons", "/platforms/snes/add-ons/"],
      ["/platforms/snes/add-ons/page/1/", "/platforms/snes/add-ons/"],
      ["/platforms/snes/add-ons/page/2", "/platforms/snes/add-ons/page/2/"],
    ] as const) {
      const res = await http(server.url(from));
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    for (const url of [
      "/platforms/snes/videos/",
      "/platforms/snes/add-ons/page/4/",
      "/platforms/snes/add-ons/page/0/",
      "/platforms/snes/add-on/",
      "/platforms/snes/add-ons/x/",
      "/platforms/snes/page/2/",
    ])
      expect((await http(server.url(url))).status, url).toBe(404);
  });

  it("the home page counts games only per platform and the other kinds apart", async () => {
    const html = await page("/");
    expect(html).toMatch(/<a href="\/platforms\/snes\/">Super Nintendo Entertainment System<\/a><span class="count">3<\/span>/);
    expect(html).toMatch(/<a href="\/platforms\/arcade\/">Arcade<\/a><span class="count">1<\/span>/);
    expect(html).toContain(
      `catalog of 4 video games on 2 platforms (and ${AERIAL_DLC + 6} add-ons, updates and other items, listed apart)`,
    );
  });
});

describe("record pages", () => {
  it("a base game shows its alternate titles and its add-ons, and its JSON-LD names them", async () => {
    const mmx = id("Mega Man X");
    const html = await page(`/games/${mmx}/`);
    expect(html).toContain("<dt>Also known as</dt><dd>Rockman X (Japan)</dd>");
    expect(html).toContain('<h2 id="addons">Add-ons and other content</h2>');
    for (const [title, kind] of [
      ["Mega Man X - Bonus Stage Pack", "addon"],
      ["Mega Man X - Armor Pack", "addon"],
      ["Mega Man X", "update"],
      ["Mega Man X - Sigma Theme", "cosmetic"],
    ] as const)
      expect(html).toContain(`<a href="/games/${id(title, kind)}/">${title}</a>`);
    expect(html.replace(/<[^>]+>/g, "")).toContain("2 add-ons, 1 update and 1 theme or avatar.");
    expect(html).not.toContain('<p class="kind">');
    const ld = jsonLd(html);
    expect(ld["@type"]).toBe("VideoGame");
    expect(ld.alternateName).toEqual(["Rockman X"]);
    expect(ld.hasPart).toContainEqual({
      "@type": "VideoGame",
      "@id": `/games/${id("Mega Man X - Armor Pack", "addon")}/`,
      name: "Mega Man X - Armor Pack",
    });
    expect(ld.hasPart).toContainEqual(
      expect.objectContaining({ "@type": "SoftwareApplication", "@id": `/games/${id("Mega Man X", "update")}/` }),
    );
  });

  it("a base game with more add-ons than its record lists shows the first 20 and links the whole list", async () => {
    const html = await page(`/games/${id("Aerial Assault")}/`);
    expect(all(html, /<ul class="addons">([\s\S]*?)<\/ul>/g)[0]?.match(/<li>/g)).toHaveLength(20);
    expect(html.replace(/<[^>]+>/g, "")).toContain(`20 of ${AERIAL_DLC} add-ons shown; all are in this platform's list of add-ons.`);
    expect(html).toContain('list of <a href="/platforms/snes/add-ons/">add-ons</a>');
  });

  it("an add-on says what it is and links its base game, in the page and in its JSON-LD", async () => {
    const dlc = id("Mega Man X - Bonus Stage Pack", "addon");
    const html = await page(`/games/${dlc}/`);
    expect(html).toContain(`<p class="kind">Add-on for <a href="/games/${id("Mega Man X")}/">Mega Man X</a></p>`);
    expect(html).toContain('<a href="/platforms/snes/add-ons/">Add-ons</a></p>');
    expect(html).toContain("<title>Mega Man X - Bonus Stage Pack (Super Nintendo Entertainment System add-on) &mdash; ludex</title>");
    const ld = jsonLd(html);
    expect(ld["@type"]).toBe("VideoGame");
    expect(ld.isPartOf).toEqual([
      { "@type": "VideoGame", "@id": `/games/${id("Mega Man X")}/` },
      expect.objectContaining({ "@type": "Dataset" }),
    ]);
    expect(ld).not.toHaveProperty("alternateName");
    const update = await page(`/games/${id("Mega Man X", "update")}/`);
    expect(update).toContain(`<p class="kind">Update for <a href="/games/${id("Mega Man X")}/">Mega Man X</a></p>`);
    const updateLd = jsonLd(update);
    expect(updateLd["@type"]).toBe("SoftwareApplication");
    expect(updateLd.availableOnDevice).toBe("Super Nintendo Entertainment System");
    expect(updateLd).not.toHaveProperty("gamePlatform");
    expect(update).toContain('<meta property="og:type" content="website">');
  });

  it("a record of a kind that has no base game says it is not a game", async () => {
    const bios = [...records.values()].find((r) => r.kind === "bios");
    expect(bios).toBeDefined();
    const html = await page(`/games/${bios?.id}/`);
    expect(html).toContain('<p class="kind">BIOS, not a game.</p>');
    expect(html).toContain('<a href="/platforms/snes/bios/">BIOS files</a></p>');
    expect(jsonLd(html)["@type"]).toBe("SoftwareApplication");
    expect(listed(await page("/platforms/snes/bios/"))).toEqual([bios?.id]);
  });

  it("an arcade release says which emulator collections list its set", async () => {
    const html = await page(`/games/${id("Street Fighter II - The World Warrior")}/`);
    expect(html).toMatch(/<p class="collections">Set <code>sf2<\/code>, in (FinalBurn Neo and MAME 2003|MAME 2003 and FinalBurn Neo)<\/p>/);
  });
});

describe("sitemaps and files", () => {
  it("list every record's page and every listing page, and each answers 200", async () => {
    const pagesXml = text((await http(server.url("/sitemaps/pages.xml"))).body);
    for (const url of [
      "/platforms/snes/add-ons/",
      "/platforms/snes/add-ons/page/3/",
      "/platforms/snes/updates/",
      "/platforms/snes/themes-and-avatars/",
    ])
      expect(pagesXml).toContain(`<loc>${base}${url}</loc>`);
    expect(pagesXml).not.toContain("/platforms/snes/add-ons/page/4/");
    const gamesXml = text((await http(server.url("/sitemaps/games-1.xml"))).body);
    const locs = all(gamesXml, /<loc>([^<]+)<\/loc>/g);
    expect(locs.map((u) => Number(/\/games\/(\d+)\//.exec(u)?.[1])).sort((a, b) => a - b)).toEqual(
      [...records.keys()].sort((a, b) => a - b),
    );
    for (const url of [...all(pagesXml, /<loc>([^<]+)<\/loc>/g), ...locs])
      expect((await http(server.url(url.slice(base.length)))).status, url).toBe(200);
  });

  it("removes the listing pages of kinds and pages that are gone on the next build", async () => {
    // Its own build, from its own copy of the catalog: the other tests keep theirs.
    const db = path.join(tempDir("ludex-site-kinds-db2-"), "catalog.db");
    const dir = path.join(tempDir("ludex-site-kinds-build2-"), "build");
    importCatalog({ sources: [root], dbFile: db, platformsFile });
    buildCatalog({ dbFile: db, buildDir: dir, releaseFeedFile, ...buildSettings(base), sitePageSize: PAGE_SIZE });
    const file = (kind: "addon" | "cosmetic", n = 1): string => path.join(dir, siteFiles.listing("snes", kind, n));
    expect(existsSync(file("addon", 3))).toBe(true);
    expect(existsSync(file("cosmetic"))).toBe(true);
    const changed = path.join(tempDir("ludex-site-kinds-changed-"), "libretro-database");
    for (const dir of ["dat", "metadat/no-intro"]) mkdirSync(path.join(changed, dir), { recursive: true });
    writeFileSync(path.join(changed, "metadat/no-intro", `${snes}.dat`), snesDat(false));
    // Most of the platform's add-ons go: an update held for review unless accepted (src/catalog/import/import-review.ts).
    importCatalog({ sources: [changed], dbFile: db, platformsFile, accept: true });
    buildCatalog({ dbFile: db, buildDir: dir, releaseFeedFile, ...buildSettings(base), sitePageSize: PAGE_SIZE });
    expect(existsSync(file("addon", 1))).toBe(true);
    for (const gone of [file("addon", 2), file("addon", 3), file("cosmetic")]) expect(existsSync(gone), gone).toBe(false);
    const pagesXml = readFileSync(path.join(dir, siteFiles.sitemapPart("pages")), "utf8");
    expect(pagesXml).toContain(`<loc>${base}/platforms/snes/add-ons/</loc>`);
    expect(pagesXml).not.toContain("/platforms/snes/add-ons/page/2/");
    expect(pagesXml).not.toContain("/themes-and-avatars/");
  });

  it("nginx serves the same kind listings from their files as the Node route", () => {
    const template = readFileSync(path.join(projectRoot, "deploy", "nginx", "ludex.conf.template"), "utf8");
    const alternations = all(template, /\/platforms\/\([^)]*\)\/\(([a-z|-]+)\)\//g);
    expect(alternations).toHaveLength(2);
    for (const alternation of alternations) expect(alternation.split("|").sort()).toEqual(Object.values(listingSegments).sort());
  });
});

describe("in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([360, 1280])("the base game's page and the add-on listing have no serious axe violation at %i px", async (width) => {
    const resultsDir = path.join(projectRoot, "test-results");
    mkdirSync(resultsDir, { recursive: true });
    for (const [name, url] of [
      ["game-addons", `/games/${id("Mega Man X")}/`],
      ["addon", `/games/${id("Mega Man X - Bonus Stage Pack", "addon")}/`],
      ["platform-addons", "/platforms/snes/add-ons/"],
      ["platform-addons-3", "/platforms/snes/add-ons/page/3/"],
      ["long-addon", `/games/${id(`${LONG} - Bonus Chapter`, "addon")}/`],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      const tab = await context.newPage();
      // Artwork requests are cut: the pages show their image fallback.
      await tab.route("**/*", (route) => (route.request().url().startsWith(server.origin) ? route.continue() : route.abort()));
      await tab.goto(server.url(url));
      const size = await tab.evaluate<{ scroll: number; client: number }>(
        "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
      );
      expect(size.scroll, `${name}: horizontal scrolling at ${width} px`).toBeLessThanOrEqual(size.client);
      const axe = await new AxeBuilder({ page: tab }).analyze();
      const serious = axe.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(serious, `${name} at ${width} px`).toEqual([]);
      await tab.screenshot({ path: path.join(resultsDir, `site-kinds-${name}-${width}px.png`), fullPage: true });
      await context.close();
    }
  });
});

import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../helpers/chromium.ts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { projectRoot } from "../helpers/paths.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * The website in Chromium (Debian's /usr/bin/chromium) at 390 px and 1280 px: home, a platform,
 * a game, and search with and without JavaScript. Each page has no serious or critical axe
 * violation, no horizontal scrolling, and loads nothing from other origins than the artwork host
 * (whose requests are cut here, so the pages show their image fallback). Screenshots go to
 * test-results/ (git-ignored).
 */

const resultsDir = path.join(projectRoot, "test-results");
const widths = [390, 1280] as const;
const artworkHost = "https://thumbnails.libretro.com/";

let server: RunningServer;
let browser: Browser;
let gameId = 0;

beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
  const list = (await http(server.url("/api/v1/agent/games/?q=starfall"))).json<{ results: { id: number; system: string }[] }>();
  gameId = list.results.find((r) => r.system === "snes")?.id ?? 0;
  expect(gameId).toBeGreaterThan(0);
  browser = await launchChromium();
  mkdirSync(resultsDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

interface Opened {
  readonly page: Page;
  /** Requests to other origins than the server's (all cut off). */
  readonly foreign: string[];
  /** Requests the page made to the server's API. */
  readonly api: string[];
}

async function open(width: number, url: string, javaScript = true, withoutSiteScript = false): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  const foreign: string[] = [];
  const api: string[] = [];
  await page.route("**/*", async (route) => {
    const target = route.request().url();
    if (withoutSiteScript && /\/site\/search\.[^/]+\.js$/.test(target)) {
      await route.abort();
    } else if (target.startsWith(server.origin)) {
      if (target.includes("/api/")) api.push(target);
      await route.continue();
    } else {
      foreign.push(target);
      await route.abort();
    }
  });
  const res = await page.goto(server.url(url));
  expect(res?.status(), url).toBe(200);
  return { page, foreign, api };
}

async function check(opened: Opened, name: string, width: number): Promise<void> {
  const { page, foreign } = opened;
  await page.waitForLoadState("load");
  const size = await page.evaluate<{ scroll: number; client: number }>(
    "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
  );
  expect(size.scroll, `${name}: horizontal scrolling at ${width} px`).toBeLessThanOrEqual(size.client);
  for (const url of foreign) expect(url.startsWith(artworkHost), `${name}: request to ${url}`).toBe(true);
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, `${name} at ${width} px`).toEqual([]);
  await page.screenshot({ path: path.join(resultsDir, `site-${name}-${width}px.png`), fullPage: true });
}

describe.each(widths)("at %i px", (width) => {
  it("home page", async () => {
    const opened = await open(width, "/");
    expect(await opened.page.locator("h1").innerText()).toBe("ludex");
    expect(await opened.page.locator("#platforms ~ .grid a[href='/platforms/snes/']").count()).toBe(1);
    await check(opened, "home", width);
    await opened.page.context().close();
  });

  it("platform page", async () => {
    const opened = await open(width, "/platforms/snes/");
    expect(await opened.page.locator("ol.games li").count()).toBeGreaterThan(0);
    await check(opened, "platform", width);
    await opened.page.context().close();
  });

  it("game page, with the image fallback when artwork is missing", async () => {
    const opened = await open(width, `/games/${gameId}/`);
    const { page } = opened;
    expect(await page.locator("h1").count()).toBe(1);
    expect(opened.foreign.some((u) => u.startsWith(artworkHost))).toBe(true);
    // Every image has its size set (no layout shift) and, when it fails, shows its placeholder text.
    const images = page.locator(".art img");
    expect(await images.count()).toBe(3);
    for (const img of await images.all()) {
      expect(await img.getAttribute("width")).toMatch(/^\d+$/);
      expect(await img.getAttribute("height")).toMatch(/^\d+$/);
    }
    await expect
      .poll(() => page.evaluate<string>("getComputedStyle(document.querySelector('.art img'), '::after').content"))
      .toBe('"No box art"');
    await check(opened, "game", width);
    await page.context().close();
  });

  it("search without JavaScript: the form is a plain GET", async () => {
    const opened = await open(width, "/search/", false);
    const { page } = opened;
    await page.locator("main input[name=q]").fill("starfall");
    await Promise.all([page.waitForURL(/\/search\/\?q=starfall/), page.locator("main input[name=q]").press("Enter")]);
    expect(await page.locator(".results .hit").count()).toBeGreaterThan(0);
    expect(opened.api).toEqual([]);
    await page.screenshot({ path: path.join(resultsDir, `site-search-nojs-${width}px.png`), fullPage: true });
    const resultUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.context().close();
    // Playwright's evaluation (axe, the width check) needs JavaScript: the same answer, with the site's script cut off.
    const served = await open(width, resultUrl, true, true);
    expect(await served.page.locator(".results .hit").count()).toBeGreaterThan(0);
    await check(served, "search-nojs-axe", width);
    await served.page.context().close();
  });

  it("search with JavaScript: results update as you type, from the API", async () => {
    const opened = await open(width, "/search/");
    const { page } = opened;
    // A mark on the document: a page load (a form submission) would lose it.
    await page.evaluate("window.ludexTestMark = 1");
    await page.locator("main input[name=q]").pressSequentially("starf", { delay: 40 });
    // On a loaded machine a pause between keys can outlast the debounce and search a prefix first:
    // wait for the search of the whole word, then for results.
    await expect.poll(() => opened.api.some((u) => u.includes("/api/v1/agent/games/?q=starf"))).toBe(true);
    await expect.poll(() => page.locator(".results .hit").count()).toBeGreaterThan(0);
    expect(await page.evaluate<number | undefined>("window.ludexTestMark")).toBe(1);
    expect(page.url()).toContain("/search/?q=starf");
    expect(await page.locator(".results .hit a").first().getAttribute("href")).toMatch(/^\/games\/\d+\/$/);
    await check(opened, "search-js", width);
    await page.context().close();
  });
});

describe("keyboard", () => {
  it("reaches the header search box with Tab and searches with Enter", async () => {
    const { page } = await open(1280, "/");
    let focused = "";
    for (let i = 0; i < 10 && focused !== "site-q"; i++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate<string>("document.activeElement ? document.activeElement.id : ''");
    }
    expect(focused).toBe("site-q");
    await page.keyboard.type("starfall");
    await Promise.all([page.waitForURL(/\/search\/\?q=starfall/), page.keyboard.press("Enter")]);
    expect(await page.locator(".results .hit").count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

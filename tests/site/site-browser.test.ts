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
 * The website in Chromium (Debian's /usr/bin/chromium) at 360 px (the narrowest width the issue
 * names), 390 px and 1280 px: home, a platform, a game, search with and without JavaScript, and
 * the 404 and 422 pages. Each page has no serious or critical axe violation, no horizontal
 * scrolling, and loads nothing from other origins than the artwork host (whose requests are cut
 * here, so the game page tries every artwork candidate and shows its placeholders). A game page
 * is usable by keyboard alone, copy buttons included. No page reports a Content-Security-Policy
 * violation (src/http/security-headers.ts), search-as-you-type included. Screenshots go to
 * test-results/ (git-ignored).
 */

const resultsDir = path.join(projectRoot, "test-results");
const widths = [360, 390, 1280] as const;
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
  /** Console messages about the Content-Security-Policy (Chromium logs each blocked load or script). */
  readonly cspConsole: string[];
}

/** Records each `securitypolicyviolation` event; init scripts run outside the page's CSP. @see https://www.w3.org/TR/CSP3/#violation-events */
const recordViolations = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(e.effectiveDirective + " " + e.blockedURI));`;

async function open(width: number, url: string, javaScript = true, withoutSiteScript = false, status = 200): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, javaScriptEnabled: javaScript });
  await context.addInitScript(recordViolations);
  const page = await context.newPage();
  const foreign: string[] = [];
  const api: string[] = [];
  const cspConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspConsole.push(message.text());
  });
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
  expect(res?.status(), url).toBe(status);
  return { page, foreign, api, cspConsole };
}

async function check(opened: Opened, name: string, width: number): Promise<void> {
  const { page, foreign, cspConsole } = opened;
  await page.waitForLoadState("load");
  const violations = await page.evaluate<string[] | undefined>("window.__cspViolations");
  if (violations !== undefined) expect(violations, `${name}: CSP violations`).toEqual([]);
  expect(cspConsole, `${name}: CSP console messages`).toEqual([]);
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

  it("game page, with the artwork placeholders when every artwork URL fails", async () => {
    const opened = await open(width, `/games/${gameId}/`);
    const { page } = opened;
    expect(await page.locator("h1").count()).toBe(1);
    expect(opened.foreign.some((u) => u.startsWith(artworkHost))).toBe(true);
    // The artwork script, served by the site, tries every candidate and then shows each type's
    // placeholder in a frame of the same size (src/site/artwork-script.ts).
    expect(await page.locator('script[src^="/site/artwork."]').count()).toBe(1);
    await expect.poll(() => page.locator(".art .missing").allInnerTexts()).toEqual(["No box art", "No title screen", "No snapshot"]);
    expect(await page.locator(".art img").count()).toBe(0);
    const frames = await page.evaluate<string[]>(
      `[...document.querySelectorAll(".art .frame")].map((f) => { const r = f.getBoundingClientRect(); return r.width + "x" + r.height; })`,
    );
    expect(frames).toHaveLength(3);
    expect(new Set(frames).size).toBe(1);
    expect(new Set(opened.foreign).size).toBeGreaterThan(3);
    expect(await opened.page.evaluate("Array.isArray(window.__cspViolations)"), "violations recorded").toBe(true);
    await check(opened, "game", width);
    await page.context().close();
  });

  it("search without JavaScript: the form is a plain GET, answered with the results in the served HTML", async () => {
    const opened = await open(width, "/search/", false);
    const { page } = opened;
    await page.locator("main input[name=q]").fill("starfall");
    await Promise.all([page.waitForURL(/\/search\/\?q=starfall/), page.locator("main input[name=q]").press("Enter")]);
    // A form submission, not a script: the browser navigated to the form's GET URL.
    const url = new URL(page.url());
    expect(url.pathname).toBe("/search/");
    expect([...url.searchParams.entries()]).toEqual([
      ["q", "starfall"],
      ["system", ""],
    ]);
    const shown: (string | null)[] = [];
    for (const link of await page.locator(".results .hit a").all()) shown.push(await link.getAttribute("href"));
    expect(shown.length).toBeGreaterThan(0);
    // The server's HTML for that URL already holds the same results: nothing was added by a script.
    const served = (await http(server.url(url.pathname + url.search))).body.toString("utf8");
    expect([...served.matchAll(/<li class="hit"><a href="([^"]+)">/g)].map((m) => m[1])).toEqual(shown);
    await page.screenshot({ path: path.join(resultsDir, `site-search-nojs-${width}px.png`), fullPage: true });
    const resultUrl = url.pathname + url.search;
    await page.context().close();
    // Playwright's evaluation (axe, the width check) needs JavaScript: the same answer, with the site's script cut off.
    const withoutScript = await open(width, resultUrl, true, true);
    expect(await withoutScript.page.locator(".results .hit").count()).toBe(shown.length);
    await check(withoutScript, "search-nojs-axe", width);
    await withoutScript.page.context().close();
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
    expect(await opened.page.evaluate("Array.isArray(window.__cspViolations)"), "violations recorded").toBe(true);
    await check(opened, "search-js", width);
    await page.context().close();
  });

  it("404 page for an unknown game", async () => {
    const opened = await open(width, "/games/999999999/", true, false, 404);
    expect(await opened.page.locator("h1").innerText()).toBe("Page not found");
    await check(opened, "404", width);
    await opened.page.context().close();
  });

  it("422 page for a search over the length limit", async () => {
    const opened = await open(width, `/search/?q=${"a".repeat(121)}`, true, false, 422);
    expect(await opened.page.locator("[role=alert]").innerText()).toMatch(/limit is 120/);
    await check(opened, "422", width);
    await opened.page.context().close();
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

  it("tabs through a game page: every link and control, each hash's Copy button, focus always visible", async () => {
    const { page } = await open(1280, `/games/${gameId}/`);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
    const hashes = await page.locator("code[data-copy]").count();
    expect(hashes).toBeGreaterThan(0);
    await expect.poll(() => page.locator("button.copy").count()).toBe(hashes);
    const focusable = await page.locator("a[href], button, input, select").count();
    interface Focused {
      tag: string;
      label: string;
      outline: string;
      copyOf: string;
    }
    const seen: Focused[] = [];
    // Tab until focus leaves the page's last control (one round, plus a little).
    for (let i = 0; i < focusable + 3; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate<Focused | null>(`(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const previous = el.previousElementSibling;
        return {
          tag: el.tagName.toLowerCase(),
          label: el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40),
          outline: style.outlineStyle + " " + style.outlineWidth,
          copyOf: el.classList.contains("copy") && previous ? previous.textContent : "",
        };
      })()`);
      if (focused) seen.push(focused);
    }
    // Focus is visible on everything the keyboard reaches (the site's :focus-visible outline).
    for (const f of seen) expect(f.outline, `${f.tag} ${f.label}`).toMatch(/^solid [1-9]/);
    // Every hash has its Copy button in the tab order, named by the kind of hash.
    const copies = seen.filter((f) => f.copyOf !== "");
    expect(new Set(copies.map((f) => f.copyOf)).size).toBe(new Set(await page.locator("code[data-copy]").allInnerTexts()).size);
    for (const f of copies) expect(f.label).toMatch(/^Copy (CRC32|MD5|SHA-1)$/);
    // Enter on the first Copy button copies its hash.
    const first = page.locator("button.copy").first();
    const hash = await page.locator("code[data-copy]").first().innerText();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".copy-status").first().innerText()).toBe("Copied");
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(hash);
    await page.screenshot({ path: path.join(resultsDir, "site-game-keyboard-1280px.png") });
    await page.context().close();
  });
});

describe("the CSP violation check", () => {
  it("finds none on the Astro pages, whose inline styles are allowed by hash", async () => {
    for (const url of ["/docs/", "/docs/api/", "/docs/performance/", "/problems/"]) {
      const context = await browser.newContext();
      await context.addInitScript(recordViolations);
      const page = await context.newPage();
      const cspConsole: string[] = [];
      page.on("console", (message) => {
        if (/Content.Security.Policy/i.test(message.text())) cspConsole.push(message.text());
      });
      await page.goto(server.url(url));
      await page.waitForLoadState("load");
      expect(await page.evaluate<string[]>("window.__cspViolations"), url).toEqual([]);
      expect(cspConsole, url).toEqual([]);
      // The inline stylesheet applied: the site header is laid out by it, not the browser default.
      expect(await page.evaluate<string>("getComputedStyle(document.body).margin"), url).toBe("0px");
      await context.close();
    }
  });

  it("sees a violation when the policy forbids the page's own script", async () => {
    const context = await browser.newContext();
    await context.addInitScript(recordViolations);
    const page = await context.newPage();
    await page.route(`${server.origin}/search/**`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), "content-security-policy": "default-src 'none'; style-src 'self'" },
      });
    });
    await page.goto(server.url("/search/?q=starfall"));
    await page.waitForLoadState("load");
    await expect.poll(() => page.evaluate<string[]>("window.__cspViolations")).toContainEqual(expect.stringMatching(/^script-src/));
    await context.close();
  });
});

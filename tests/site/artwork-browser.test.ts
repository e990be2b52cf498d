import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameArtwork } from "../../src/catalog/record/game-record.ts";
import { gamePage } from "../../src/site/game-page.ts";
import { siteAssets } from "../../src/site/site-assets.ts";
import { artworkGame, artworkHost, artworkPlatform, artworkSiteContext, unverifiedArtwork } from "../helpers/artwork-game.ts";
import { launchChromium } from "../helpers/chromium.ts";
import { png } from "../helpers/png.ts";

/**
 * The game page's artwork fallback in Chromium (Debian's /usr/bin/chromium), on a page rendered
 * from a made-up unverified record and served, with the stylesheet and scripts, through
 * Playwright's routes; the artwork host's answers are stubbed per URL. A box art whose first URL
 * answers 404 ends on the next candidate, loaded; one whose every URL fails ends in the "No box
 * art" placeholder at the same size; an image that failed before the deferred script ran falls
 * back too; without JavaScript the first URL shows, and a failure shows the stylesheet's
 * placeholder. The page has no serious axe violation and its images take no keyboard focus.
 */

const origin = "https://ludex.test";
const pageUrl = `${origin}/games/7/`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const picture = png(8, 6);

/** How the stub answers one artwork URL: the picture, a 404, or whatever a test holds back. */
type Answer = "png" | 404 | ((route: Route) => Promise<void>);

interface Opened {
  readonly page: Page;
  /** Artwork URLs the page asked for, in order. */
  readonly requested: string[];
  /** Requests to anything but the test origin and the artwork host (all cut off). */
  readonly foreign: string[];
}

interface OpenOptions {
  readonly javaScript?: boolean;
  /** Held until it resolves before the artwork script is served. */
  readonly scriptGate?: (page: Page) => Promise<void>;
  readonly initScript?: string;
}

async function open(artwork: GameArtwork, answers: ReadonlyMap<string, Answer>, options: OpenOptions = {}): Promise<Opened> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    javaScriptEnabled: options.javaScript ?? true,
  });
  const page = await context.newPage();
  if (options.initScript) await page.addInitScript(options.initScript);
  const requested: string[] = [];
  const foreign: string[] = [];
  const html = gamePage(artworkSiteContext, artworkGame(artwork), artworkPlatform);
  const assets = new Map([
    [`/site/${siteAssets.css.file}`, { body: siteAssets.css.body, type: "text/css; charset=utf-8" }],
    [`/site/${siteAssets.copyScript.file}`, { body: siteAssets.copyScript.body, type: "text/javascript; charset=utf-8" }],
    [`/site/${siteAssets.artworkScript.file}`, { body: siteAssets.artworkScript.body, type: "text/javascript; charset=utf-8" }],
  ]);
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url === pageUrl) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    if (url.startsWith(`${origin}/`)) {
      const path = new URL(url).pathname;
      const asset = assets.get(path);
      if (!asset) return route.fulfill({ status: 404, body: "" });
      if (path.startsWith("/site/artwork.") && options.scriptGate) await options.scriptGate(page);
      return route.fulfill({ status: 200, contentType: asset.type, body: asset.body });
    }
    if (url.startsWith(`${artworkHost}/`)) {
      requested.push(url);
      const answer = answers.get(url) ?? 404;
      if (typeof answer === "function") return answer(route);
      return answer === "png"
        ? route.fulfill({ status: 200, contentType: "image/png", body: picture })
        : route.fulfill({ status: 404, contentType: "text/plain", body: "not found" });
    }
    foreign.push(url);
    return route.abort();
  });
  const res = await page.goto(pageUrl);
  expect(res?.status()).toBe(200);
  return { page, requested, foreign };
}

interface ImageState {
  readonly src: string;
  readonly naturalWidth: number;
  readonly fallback: string | null;
}

function boxartImage(page: Page): Promise<ImageState | null> {
  return page.evaluate<ImageState | null>(`(() => {
    const img = document.querySelector(".art figure:first-child img");
    return img ? { src: img.currentSrc, naturalWidth: img.naturalWidth, fallback: img.getAttribute("data-fallback") } : null;
  })()`);
}

interface Box {
  readonly width: number;
  readonly height: number;
}

/** The size of each artwork figure's frame, in page order. */
function frameSizes(page: Page): Promise<Box[]> {
  return page.evaluate<Box[]>(
    `[...document.querySelectorAll(".art .frame")].map((f) => { const r = f.getBoundingClientRect(); return { width: r.width, height: r.height }; })`,
  );
}

async function expectAxeClean(page: Page, name: string): Promise<void> {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, name).toEqual([]);
}

/** Tabs through the whole page: focus never lands in the artwork and reaches the footer's last link. */
async function expectKeyboardPassesArtwork(page: Page): Promise<void> {
  const focusable = await page.locator("a[href], button, input, select").count();
  const seen: { inArt: boolean; text: string }[] = [];
  for (let i = 0; i < focusable + 2; i++) {
    await page.keyboard.press("Tab");
    seen.push(
      await page.evaluate<{ inArt: boolean; text: string }>(
        `(() => { const el = document.activeElement; return { inArt: !!(el && el.closest(".art")), text: el ? el.textContent.trim() : "" }; })()`,
      ),
    );
  }
  expect(seen.filter((s) => s.inArt)).toEqual([]);
  expect(seen.map((s) => s.text)).toContain("Sitemap");
  expect(await page.locator(".art [tabindex]").count()).toBe(0);
}

describe("artwork fallback", () => {
  it("a box art whose first URL answers 404 ends on the next candidate, loaded; the last one is never asked for", async () => {
    const artwork = unverifiedArtwork();
    const [first, second, third] = [artwork.boxart?.url ?? "", ...(artwork.boxart?.candidates ?? [])];
    const answers = new Map<string, Answer>([
      [first, 404],
      [second ?? "", "png"],
      [artwork.title?.url ?? "", "png"],
      [artwork.snap?.url ?? "", "png"],
    ]);
    const { page, requested, foreign } = await open(artwork, answers);
    await expect.poll(() => boxartImage(page)).toEqual({ src: second, naturalWidth: 8, fallback: third });
    expect(requested.filter((u) => u.includes("Named_Boxarts"))).toEqual([first, second]);
    expect(foreign).toEqual([]);
    const sizes = await frameSizes(page);
    expect(new Set(sizes.map((s) => `${s.width}x${s.height}`)).size).toBe(1);
    await expectAxeClean(page, "second candidate");
    await expectKeyboardPassesArtwork(page);
    await page.context().close();
  });

  it("a box art whose every URL fails ends in the placeholder text, its figure the size it was", async () => {
    const artwork = unverifiedArtwork();
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async (route: Route): Promise<void> => {
      await held;
      await route.fulfill({ status: 404, body: "" });
    };
    const boxarts = [artwork.boxart?.url ?? "", ...(artwork.boxart?.candidates ?? [])];
    const answers = new Map<string, Answer>([
      [boxarts[0] ?? "", hold],
      [artwork.title?.url ?? "", "png"],
      [artwork.snap?.url ?? "", "png"],
    ]);
    const { page, requested } = await open(artwork, answers);
    await expect.poll(() => requested.includes(boxarts[0] ?? "")).toBe(true);
    const before = await frameSizes(page);
    expect(before).toHaveLength(3);
    release();
    await expect.poll(() => page.locator(".art figure").first().locator(".missing").count()).toBe(1);
    expect(await page.locator(".art figure").first().innerText()).toBe("No box art\nBox art");
    expect(await page.locator(".art figure").first().locator("img").count()).toBe(0);
    expect(await frameSizes(page)).toEqual(before);
    expect(requested.filter((u) => u.includes("Named_Boxarts"))).toEqual(boxarts);
    // The other types loaded and stay images.
    expect(await page.locator(".art img").count()).toBe(2);
    await expectAxeClean(page, "placeholder");
    await expectKeyboardPassesArtwork(page);
    await page.context().close();
  });

  it("an image that failed before the deferred script ran falls back as well", async () => {
    const artwork = unverifiedArtwork();
    const [first, second] = [artwork.boxart?.url ?? "", ...(artwork.boxart?.candidates ?? [])];
    const answers = new Map<string, Answer>([
      [first, 404],
      [second ?? "", "png"],
    ]);
    // The script is served only once the page has seen the first box art fail.
    const scriptGate = async (page: Page): Promise<void> => {
      await expect.poll(() => page.evaluate<string[]>("window.artworkErrors"), { timeout: 10_000 }).toContain(first);
    };
    const initScript = `window.artworkErrors = [];
      document.addEventListener("error", (e) => { if (e.target instanceof HTMLImageElement) window.artworkErrors.push(e.target.src); }, true);`;
    const { page } = await open(artwork, answers, { scriptGate, initScript });
    await expect
      .poll(() => boxartImage(page).then((s) => s && { src: s.src, naturalWidth: s.naturalWidth }))
      .toEqual({
        src: second,
        naturalWidth: 8,
      });
    await page.context().close();
  });
});

describe("without JavaScript", () => {
  it("shows the first candidate and asks for no other", async () => {
    const artwork = unverifiedArtwork();
    const first = artwork.boxart?.url ?? "";
    const { page, requested } = await open(artwork, new Map([[first, "png"]]), { javaScript: false });
    await page.waitForLoadState("load");
    await expect.poll(() => boxartImage(page)).toMatchObject({ src: first, naturalWidth: 8 });
    expect(requested.filter((u) => u.includes("Named_Boxarts"))).toEqual([first]);
    await page.context().close();
  });

  it("shows the stylesheet's placeholder when the first candidate fails, at the size of the other figures", async () => {
    const artwork = unverifiedArtwork();
    const first = artwork.boxart?.url ?? "";
    const { page, requested } = await open(artwork, new Map(), { javaScript: false });
    await page.waitForLoadState("load");
    await expect
      .poll(() => page.evaluate<string>("getComputedStyle(document.querySelector('.art img'), '::after').content"))
      .toBe('"No box art"');
    expect(await page.locator(".art img").count()).toBe(3);
    expect(requested.filter((u) => u.includes("Named_Boxarts"))).toEqual([first]);
    const sizes = await frameSizes(page);
    expect(sizes).toHaveLength(3);
    expect(new Set(sizes.map((s) => `${s.width}x${s.height}`)).size).toBe(1);
    await page.context().close();
  });
});

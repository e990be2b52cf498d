import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/chromium.ts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { OpenApiDocument } from "../../src/http/openapi-types.ts";
import { documentOperations } from "../../src/discovery/schema-text.ts";
import { http } from "../helpers/http.ts";
import { projectRoot } from "../helpers/paths.ts";
import { startDiscoveryServer, type DiscoveryServer } from "./discovery-server.ts";

/**
 * The human docs at /docs/ in Chromium: every operation of /openapi.json is listed, the guide's
 * sections are there, and the page reads on a 390 px wide phone without horizontal scrolling.
 * Screenshots are kept in test-results/ (git-ignored; created when missing).
 */

const base = "https://ludex.test";
const resultsDir = path.join(projectRoot, "test-results");

let siteDir: string;
let server: DiscoveryServer;
let browser: Browser;
let doc: OpenApiDocument;

beforeAll(async () => {
  // Its own Astro build of the current pages (about two seconds), so that the test never checks a
  // stale dist/site. Inside the project: the build output must resolve node_modules.
  mkdirSync(path.join(projectRoot, ".ludex"), { recursive: true });
  siteDir = mkdtempSync(path.join(projectRoot, ".ludex", "test-site-"));
  const build = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules", "astro", "bin", "astro.mjs"), "build", "--outDir", siteDir],
    {
      cwd: projectRoot,
      encoding: "utf8",
      env: { ...process.env, PUBLIC_BASE_URL: base, ASTRO_TELEMETRY_DISABLED: "1" },
      timeout: 120_000,
    },
  );
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  server = await startDiscoveryServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, PUBLIC_BASE_URL: base }, { siteDir });
  doc = (await http(server.url("/openapi.json"))).json<OpenApiDocument>();
  browser = await launchChromium();
  mkdirSync(resultsDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

describe("/docs/", () => {
  it("lists every operation of openapi.json, with the OAuth guide and the agent endpoints, readable on a phone", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const res = await page.goto(server.url("/docs/"));
    expect(res?.status()).toBe(200);
    expect(await page.locator('meta[name="viewport"]').getAttribute("content")).toContain("width=device-width");

    const operations = documentOperations(doc);
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const { method, path: p, operation } of operations) {
      const article = page.locator(`[data-operation-id="${operation.operationId}"]`);
      expect(await article.count(), operation.operationId).toBe(1);
      const text = await article.innerText();
      expect(text).toContain(method.toUpperCase());
      expect(text).toContain(p);
      expect(text).toContain(operation.operationId);
      for (const status of Object.keys(operation.responses))
        expect(await article.locator(`[data-status="${status}"]`).count(), `${operation.operationId} ${status}`).toBe(1);
      expect(await page.locator(`nav a[href="#op-${operation.operationId}"]`).count()).toBe(1);
    }
    for (const id of ["oauth", "agents", "limits", "attribution", "policy", "schemas"])
      expect(await page.locator(`section#${id} h2`).isVisible(), id).toBe(true);
    const oauth = await page.locator("section#oauth").innerText();
    expect(oauth).toContain("code_challenge_method=S256");
    expect(oauth).toMatch(/Never ask for, collect, type or store their password/);
    expect(await page.locator("section#agents").innerText()).toContain(`${base}/mcp/`);

    // Evaluated in the page (a string: the DOM is not in this project's TypeScript libs).
    const widths = await page.evaluate<{ scroll: number; client: number }>(
      "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
    );
    expect(widths.scroll, "horizontal scrolling at 390 px").toBeLessThanOrEqual(widths.client);
    await page.screenshot({ path: path.join(resultsDir, "docs-page-390px.png"), fullPage: true });
    await page.close();
  });

  it("also renders at desktop width", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url("/docs/"));
    await expect.poll(() => page.locator("[data-operation-id]").count()).toBe(documentOperations(doc).length);
    await page.screenshot({ path: path.join(resultsDir, "docs-page-1280px.png") });
    await page.close();
  });
});

describe("/docs/<guide>/: the guides of docs/", () => {
  const guides = readdirSync(path.join(projectRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -".md".length));

  it("/docs/ links every guide of docs/*.md", async () => {
    expect(guides).toContain("api");
    const html = (await http(server.url("/docs/"))).body.toString("utf8");
    for (const guide of guides) expect(html, guide).toContain(`href="${base}/docs/${guide}/"`);
  });

  it("each guide is a page of the site, with the CSP of the Astro pages, no inline style or script, and links that reach a page and a heading", async () => {
    const pages = new Map<string, string>();
    for (const guide of guides) {
      const res = await http(server.url(`/docs/${guide}/`));
      expect(res.status, guide).toBe(200);
      expect(res.headers["content-type"], guide).toContain("text/html");
      expect(res.headers["content-security-policy"], guide).toContain("default-src 'none'");
      const html = res.body.toString("utf8");
      expect(html, guide).toMatch(/<h1[^>]*>/);
      expect(html, `${guide}: a style attribute the CSP would refuse`).not.toMatch(/<[^>]+ style="/);
      expect(html, `${guide}: a script`).not.toContain("<script");
      pages.set(guide, html);
    }
    const broken: string[] = [];
    for (const [guide, html] of pages) {
      for (const [, target, anchor] of html.matchAll(/href="\.\.\/([\w-]+)\/(?:#([^"]*))?"/g)) {
        const linked = target ? pages.get(target) : undefined;
        if (!linked) broken.push(`${guide} → ${target}`);
        else if (anchor && !linked.includes(` id="${anchor}"`)) broken.push(`${guide} → ${target}#${anchor}`);
      }
      expect(html, `${guide} still links a .md file`).not.toMatch(/href="[\w-]+\.md[#"]/);
    }
    expect(broken).toEqual([]);
  });

  it("reads on a phone: the API guide at 390 px scrolls only inside its tables and code", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const res = await page.goto(server.url("/docs/api/"));
    expect(res?.status()).toBe(200);
    const widths = await page.evaluate<{ scroll: number; client: number }>(
      "({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })",
    );
    expect(widths.scroll, "horizontal scrolling at 390 px").toBeLessThanOrEqual(widths.client);
    expect(violations).toEqual([]);
    await page.screenshot({ path: path.join(resultsDir, "docs-api-guide-390px.png"), fullPage: true });
    await page.close();
  });
});

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { zipSync } from "fflate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium } from "../../helpers/chromium.ts";
import { projectRoot } from "../../helpers/paths.ts";
import { type RunningServer, startTestServer } from "../../helpers/test-server.ts";
import { testRomsCatalog, testRomsFolder } from "../../helpers/test-roms-catalog.ts";

/**
 * The built client (clients/typescript/dist) as a browser loads it: ES modules, bare imports
 * mapped to the dependencies' browser builds, served from another origin than the ludex server
 * it calls (CORS), fingerprinting Blobs with Web Crypto and WebAssembly.
 */
const files: Readonly<Record<string, string>> = {
  "/m/openapi-fetch.js": "node_modules/openapi-fetch/dist/index.mjs",
  "/m/hash-wasm.js": "node_modules/hash-wasm/dist/index.esm.js",
  "/m/fflate.js": "node_modules/fflate/esm/browser.js",
};

const page = `<!doctype html><html><head><meta charset="utf-8"><title>ludex client</title>
<script type="importmap">{"imports":{"openapi-fetch":"/m/openapi-fetch.js","hash-wasm":"/m/hash-wasm.js","fflate":"/m/fflate.js"}}</script>
<script type="module">import * as client from "/client/index.js"; globalThis.ludexClient = client;</script>
</head><body></body></html>`;

let ludex: RunningServer;
let site: Server;
let siteOrigin: string;
let browser: Browser;

describe.skipIf(!chromiumAvailable)("the client in Chromium", () => {
  beforeAll(async () => {
    ludex = await startTestServer({ LUDEX_BUILD_DIR: testRomsCatalog().buildDir, LUDEX_MATCH_RATE_LIMIT: "off" });
    site = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://site");
      const mapped =
        files[url.pathname] ?? (url.pathname.startsWith("/client/") ? `clients/typescript/dist/${url.pathname.slice(8)}` : undefined);
      if (url.pathname === "/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
      } else if (mapped && !mapped.includes("..")) {
        res.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(path.join(projectRoot, mapped)));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const address = site.address();
    siteOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it("fingerprints a headered file and a zip's members, and matches them against ludex", async () => {
    const lnx = readFileSync(path.join(testRomsFolder, "lynx", "Pebble Pilots (USA).lnx"));
    const zip = zipSync({
      "Tidepool Tales (USA).gb": readFileSync(path.join(testRomsFolder, "gb", "Tidepool Tales (USA).gb")),
      "notes.txt": new Uint8Array([1, 2, 3]),
    });
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    await tab.goto(siteOrigin);
    await tab.waitForFunction("globalThis.ludexClient !== undefined");
    const answer = await tab.evaluate(
      async ({ base, lnx, zip }) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's module, typed in the test by what it returns.
        const client = (globalThis as any).ludexClient;
        const lynx = await client.fingerprint(new Blob([new Uint8Array(lnx)]), { name: "Pebble Pilots (USA).lnx" });
        const members = await client.fingerprintZip(new Blob([new Uint8Array(zip)]).stream());
        const api = new client.LudexClient({ baseUrl: base });
        const lynxMatch = await api.matchRomFiles({ systemId: "lynx", items: [client.matchItemOf(lynx)] });
        const gbMatch = await api.matchRomFiles({ systemId: "gb", items: members.map((m: unknown) => client.matchItemOf(m)) });
        const search = await api.search({ q: "pebble pilots" });
        return {
          lynx,
          members,
          lynxMatch,
          gbMatch,
          title: search.results[0]?.title,
          webCrypto: typeof crypto.subtle?.digest === "function",
        };
      },
      { base: ludex.origin, lnx: [...lnx], zip: [...zip] },
    );
    await tab.close();
    expect(errors).toEqual([]);
    expect(answer.webCrypto).toBe(true);
    const sha1 = (b: Uint8Array): string => createHash("sha1").update(b).digest("hex");
    expect(answer.lynx).toMatchObject({ size: lnx.length, sha1: sha1(lnx), headerless: { header: "lnx", sha1: sha1(lnx.subarray(64)) } });
    expect(answer.members.map((m: { member: string }) => m.member)).toEqual(["Tidepool Tales (USA).gb", "notes.txt"]);
    expect(answer.lynxMatch.results[0]).toMatchObject({ status: "matched", match: { title: "Pebble Pilots", headerless: true } });
    expect(answer.gbMatch.results.map((r: { status: string }) => r.status)).toEqual(["matched", "notFound"]);
    expect(answer.title).toBe("Pebble Pilots");
  });
});

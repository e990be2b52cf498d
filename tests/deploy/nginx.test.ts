import { buildSettings } from "../helpers/build-settings.ts";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { renderNginxConfig } from "../../src/deploy/nginx-config.ts";
import { http, type RawResponse } from "../helpers/http.ts";
import { buildCatalog } from "../../src/pipeline/build-pipeline.ts";
import { projectRoot, releaseFeedFile } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";
import { waitForPort } from "../helpers/wait-for-port.ts";
import { freePort } from "../helpers/free-port.ts";
import { siteAssets } from "../../src/site/site-assets.ts";

const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

/** Headers that must agree between a direct and an nginx-fronted answer. */
const compared = [
  "location",
  "content-type",
  "cache-control",
  "etag",
  "last-modified",
  "vary",
  "access-control-allow-origin",
  "content-encoding",
  "allow",
  "link",
  "retry-after",
  "content-range",
  "content-length",
  "content-disposition",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "strict-transport-security",
  "surrogate-key",
  "cache-tag",
];

function comparable(res: RawResponse): { status: number; headers: Record<string, string | undefined>; body: string } {
  const headers: Record<string, string | undefined> = {};
  for (const h of compared) headers[h] = res.headers[h];
  return { status: res.status, headers, body: res.body.toString("base64") };
}

describe.skipIf(nginxBinary === undefined)(
  `nginx in front of ludex${nginxBinary ? "" : " (skipped: nginx is not installed; .ci/run installs nginx-light)"}`,
  () => {
    let node: RunningServer;
    let nginx: ChildProcess;
    let front = "";
    let recordId = 0;

    beforeAll(async () => {
      // The sample catalog built with listing pages of 4 games, so that /platforms/snes/page/2/
      // and /page/3/ exist (the sample's 11 SNES games fit one page of the real size, 200).
      const buildDir = path.join(tempDir("ludex-nginx-build-"), "build");
      buildCatalog({
        dbFile: inject("sampleCatalog").dbFile,
        buildDir,
        releaseFeedFile,
        ...buildSettings(),
        sitePageSize: 4,
      });
      node = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
      const port = await freePort();
      const prefix = tempDir("ludex-nginx-");
      mkdirSync(path.join(prefix, "logs"));
      const server = renderNginxConfig(path.join(projectRoot, "deploy", "nginx", "ludex.conf.template"), {
        listen: `127.0.0.1:${port}`,
        upstream: new URL(node.origin).host,
        buildDir,
        publicBaseUrl: node.config.publicBaseUrl,
        artworkBaseUrl: node.config.artworkBaseUrl,
      });
      writeFileSync(
        path.join(prefix, "nginx.conf"),
        `daemon off;\nmaster_process off;\nworker_processes 1;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;\n  fastcgi_temp_path ${prefix}/fastcgi;\n  uwsgi_temp_path ${prefix}/uwsgi;\n  scgi_temp_path ${prefix}/scgi;\n${server}\n}\n`,
      );
      const check = spawnSync(nginxBinary ?? "", ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
      expect(check.status, check.stderr).toBe(0);
      nginx = spawn(nginxBinary ?? "", ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { stdio: "ignore" });
      await waitForPort(port);
      front = `http://127.0.0.1:${port}`;
      const list = (await http(node.url("/api/v1/games/?system=snes&limit=1"))).json<{ results: { id: number }[] }>();
      recordId = list.results[0]?.id ?? 0;
    });

    afterAll(() => {
      nginx?.kill("SIGTERM");
    });

    const cases = (): { path: string; headers?: Record<string, string>; method?: string }[] => [
      { path: `/api/v1/games/?id=${recordId}` },
      { path: `/api/v1/games/?id=${recordId}`, method: "HEAD" },
      { path: "/api/v1/games/?id=999999" },
      { path: "/api/v1/games/?id=0" },
      { path: "/api/v1/games/?id=abc" },
      { path: "/api/v1/games/" },
      { path: "/api/v1/games/?system=snes" },
      { path: "/api/v1/agent/games/?platforms=1" },
      { path: "/api/v1/agent/games/?q=starfall" },
      { path: "/api/v1/agent/games/?limit=99" },
      { path: "/api/v1/community/" },
      { path: "/api/v1/community/", headers: { "accept-encoding": "gzip" } },
      { path: "/api/v1/community/", method: "DELETE" },
      { path: "/api/health/" },
      { path: "/openapi.json" },
      { path: "/openapi.json", headers: { "accept-encoding": "gzip" } },
      { path: "/openapi.json", method: "HEAD" },
      { path: "/llms.txt" },
      { path: "/llms-full.txt" },
      { path: "/robots.txt" },
      { path: "/.well-known/api-catalog" },
      { path: "/.well-known/api-catalog", method: "HEAD" },
      { path: "/api/v1/changes/" },
      { path: "/api/v1/changes/", headers: { "accept-encoding": "br" } },
      { path: "/api/v1/changes/?since=AAAAAAAAAAAAAAAA" },
      { path: "/api/v1/dumps/" },
      { path: "/api/v1/dumps/", headers: { "accept-encoding": "gzip" } },
      { path: "/api/v1/dumps/?system=snes" },
      { path: "/api/v1/dumps/?system=snes", method: "HEAD" },
      { path: "/api/v1/dumps/?system=snes", headers: { range: "bytes=100-199" } },
      { path: "/api/v1/dumps/?system=snes", headers: { range: "bytes=-50" } },
      { path: "/api/v1/dumps/?system=snes", headers: { range: "bytes=200-" } },
      { path: "/api/v1/dumps/?system=snes", headers: { "accept-encoding": "gzip, br" } },
      { path: "/api/v1/dumps/?system=nope" },
      // The website (src/site/): prebuilt pages, sitemaps and assets; search, redirects and 404 pages from Node.
      { path: "/favicon.svg" },
      { path: "/favicon.ico" },
      { path: "/favicon.ico", headers: { "accept-encoding": "gzip" } },
      { path: "/favicon.ico", method: "HEAD" },
      { path: "/" },
      { path: "/", headers: { "accept-encoding": "gzip" } },
      { path: `/games/${recordId}/` },
      { path: `/games/${recordId}/`, headers: { "accept-encoding": "gzip, deflate, br" } },
      { path: `/games/${recordId}/`, method: "HEAD" },
      { path: `/games/${recordId}/some-title/` },
      { path: `/games/${recordId}` },
      { path: "/games/999999999/" },
      { path: "/games/0/" },
      { path: "/games/abc/" },
      { path: "/platforms/snes/" },
      { path: "/platforms/snes/", headers: { "accept-encoding": "gzip" } },
      { path: "/platforms/snes/page/2/" },
      { path: "/platforms/snes/page/2/", headers: { "accept-encoding": "gzip" } },
      { path: "/platforms/snes/page/2/", method: "HEAD" },
      { path: "/platforms/snes/page/3/" },
      { path: "/platforms/snes/page/2" },
      { path: "/platforms/snes/page/1/" },
      { path: "/platforms/snes/page/4/" },
      { path: "/platforms/snes/page/0/" },
      { path: "/platforms/Super%20Famicom/" },
      { path: "/platforms/nope/" },
      { path: "/sitemap.xml" },
      { path: "/sitemaps/pages.xml" },
      { path: "/sitemaps/games-1.xml", headers: { "accept-encoding": "gzip" } },
      { path: `/site/${siteAssets.css.file}` },
      { path: `/site/${siteAssets.script.file}`, headers: { "accept-encoding": "gzip" } },
      { path: `/site/${siteAssets.copyScript.file}` },
      { path: `/site/${siteAssets.artworkScript.file}` },
      { path: "/search/?q=starfall" },
      { path: `/search/?q=${"x".repeat(121)}` },
    ];

    it("serves id lookups, the platform list, the release feed, the discovery documents and the website from the build, identical to the Node server", async () => {
      for (const c of cases()) {
        const init = { method: c.method ?? "GET", headers: c.headers ?? {} };
        const directRaw = await http(node.url(c.path), init);
        const frontedRaw = await http(`${front}${c.path}`, init);
        const direct = comparable(directRaw);
        const fronted = comparable(frontedRaw);
        // Only the dumps promise range support on both sides (nginx offers it on every static file).
        if (c.path.includes("dumps/?system=snes") && directRaw.status === 200)
          expect(frontedRaw.headers["accept-ranges"]).toBe(directRaw.headers["accept-ranges"]);
        if (c.path === "/api/health/") {
          expect(fronted.status).toBe(direct.status);
          continue;
        }
        // A page is stored plain and gzip-compressed per response on both sides (nginx's gzip
        // filter, src/site/site-route.ts): the same page, not the same compressed bytes, and nginx
        // streams it, so without Content-Length (a GET is chunked), where Node sends it.
        if (
          direct.headers["content-type"]?.startsWith("text/html") &&
          direct.headers["content-encoding"] === "gzip" &&
          fronted.headers["content-length"] === undefined
        ) {
          if (init.method === "GET") {
            expect(frontedRaw.headers["transfer-encoding"], c.path).toBe("chunked");
            expect(direct.headers["content-length"], c.path).toBe(String(directRaw.body.length));
            direct.body = gunzipSync(directRaw.body).toString("base64");
            fronted.body = gunzipSync(frontedRaw.body).toString("base64");
          }
          direct.headers["content-length"] = undefined;
        }
        expect(fronted, `${init.method} ${c.path}`).toEqual(direct);
      }
    });

    it("gives every HTML page kind its security headers, from the build or from Node", async () => {
      const site = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' ${new URL(node.config.artworkBaseUrl).origin}; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
      const pages = [
        "/",
        "/platforms/snes/",
        "/platforms/snes/page/2/",
        `/games/${recordId}/`,
        "/search/?q=starfall",
        "/games/999999999/",
        "/docs/",
        "/problems/",
        "/account/apps/",
      ];
      for (const p of pages) {
        for (const encoding of ["gzip", "identity"]) {
          const res = await http(`${front}${p}`, { headers: { "accept-encoding": encoding } });
          expect(res.headers["content-type"], p).toMatch(/^text\/html/);
          expect(res.headers["x-content-type-options"], p).toBe("nosniff");
          expect(res.headers["referrer-policy"], p).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
          // The test server's PUBLIC_BASE_URL is https.
          expect(res.headers["strict-transport-security"], p).toBe("max-age=31536000");
          const csp = res.headers["content-security-policy"] ?? "";
          expect(csp, p).toContain("frame-ancestors 'none'");
          if (!p.startsWith("/docs/") && !p.startsWith("/problems/") && !p.startsWith("/account/")) expect(csp, p).toBe(site);
        }
      }
    });

    it("sends a page's canonical URL under PUBLIC_BASE_URL as a Link header, and none for search and 404 pages", async () => {
      const canonical = ["/", "/platforms/snes/", "/platforms/snes/page/2/", `/games/${recordId}/`];
      for (const p of canonical)
        for (const method of ["GET", "HEAD"])
          expect((await http(`${front}${p}`, { method })).headers.link, `${method} ${p}`).toBe(
            `<${node.config.publicBaseUrl}${p}>; rel="canonical"`,
          );
      // Another form of a page's URL is Node's redirect; the page it leads to names the canonical.
      expect((await http(`${front}/games/${recordId}`)).headers.link).toBeUndefined();
      for (const p of ["/search/", "/search/?q=starfall", "/games/999999999/", "/platforms/snes/page/4/"])
        expect((await http(`${front}${p}`)).headers.link, p).toBeUndefined();
    });

    it("answers conditional requests the same way", async () => {
      for (const p of [
        `/api/v1/games/?id=${recordId}`,
        "/api/v1/games/",
        "/api/v1/community/",
        "/openapi.json",
        "/robots.txt",
        "/",
        `/games/${recordId}/`,
        "/platforms/snes/",
        "/platforms/snes/page/2/",
        "/sitemap.xml",
        "/favicon.ico",
      ]) {
        const { etag, "last-modified": lastModified } = (await http(node.url(p))).headers;
        const conditions: Record<string, string>[] = [{ "if-none-match": etag ?? "" }, { "if-modified-since": lastModified ?? "" }];
        for (const headers of conditions) {
          const direct = await http(node.url(p), { headers });
          const fronted = await http(`${front}${p}`, { headers });
          expect(direct.status, p).toBe(304);
          expect(fronted.status, p).toBe(304);
          // Neither side weakens the tag of a plain page's 304 (nginx's gzip filter weakens the tag
          // of a compressed 200 only).
          expect(fronted.headers.etag?.replace(/^W\//, ""), p).toBe(direct.headers.etag?.replace(/^W\//, ""));
        }
      }
    });

    it("answers dump downloads resumably like the Node server: If-Range, 416", async () => {
      const p = "/api/v1/dumps/?system=snes";
      const { etag, "content-length": length } = (await http(node.url(p))).headers;
      for (const headers of [
        { range: "bytes=10-19", "if-range": etag ?? "" },
        { range: "bytes=10-19", "if-range": '"0-0"' },
      ]) {
        const direct = await http(node.url(p), { headers });
        const fronted = await http(`${front}${p}`, { headers });
        expect(fronted.status).toBe(direct.status);
        expect(fronted.body.equals(direct.body)).toBe(true);
      }
      const past = { range: `bytes=${Number(length) + 5}-` };
      const direct = await http(node.url(p), { headers: past });
      const fronted = await http(`${front}${p}`, { headers: past });
      expect([direct.status, fronted.status]).toEqual([416, 416]);
      expect(fronted.headers["content-range"]).toBe(direct.headers["content-range"]);
      // nginx's request ids are 32 hex digits, Node's are UUIDs: the dump came from the file.
      expect((await http(`${front}${p}`)).headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    });

    it("really serves the static files itself (Node never sees those requests), and hands the documents with absolute URLs to Node", async () => {
      const res = await http(`${front}/api/v1/games/?id=${recordId}`);
      expect(res.headers["accept-ranges"]).toBe("bytes");
      for (const p of [
        `/site/${siteAssets.css.file}`,
        `/site/${siteAssets.copyScript.file}`,
        `/site/${siteAssets.artworkScript.file}`,
        "/favicon.svg",
        "/favicon.ico",
      ])
        expect((await http(`${front}${p}`)).headers["accept-ranges"], p).toBe("bytes");
      // nginx sends a page it compresses without Accept-Ranges: its request ids (32 hex digits,
      // where Node's are UUIDs) show that it answered them itself.
      for (const p of ["/", `/games/${recordId}/`, "/platforms/snes/", "/platforms/snes/page/2/", "/platforms/snes/page/3/"])
        for (const encoding of ["gzip", "identity"]) {
          const res = await http(`${front}${p}`, { headers: { "accept-encoding": encoding } });
          expect(res.status, p).toBe(200);
          expect(res.headers["x-request-id"], `${p} ${encoding}`).toMatch(/^[0-9a-f]{32}$/);
        }
      // Documents with absolute URLs carry each instance's PUBLIC_BASE_URL (rendered by Node), not the build's.
      for (const p of [
        "/api/v1/changes/",
        "/api/v1/dumps/",
        "/sitemap.xml",
        "/sitemaps/games-1.xml",
        "/search/?q=starfall",
        "/games/999999999/",
        `/games/${recordId}/title/`,
        "/openapi.json",
        "/llms.txt",
        "/llms-full.txt",
        "/robots.txt",
      ])
        expect((await http(`${front}${p}`)).headers["accept-ranges"], p).toBeUndefined();
      const proxied = await http(`${front}/api/v1/games/?system=snes`);
      expect(proxied.headers["accept-ranges"]).toBeUndefined();
    });
  },
);

import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { readManifest } from "../../src/catalog/build/manifest.ts";
import { http } from "../helpers/http.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

let server: RunningServer;
let recordPath: string;
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
  const list = (await http(server.url("/api/v1/games/?system=psx&limit=1"))).json<{ results: { id: number }[] }>();
  recordPath = `/api/v1/games/?id=${list.results[0]?.id}`;
});

const publicPaths = () => [
  recordPath,
  "/api/v1/games/",
  "/api/v1/games/?system=snes",
  "/api/v1/agent/games/?q=starfall",
  "/api/v1/community/",
];

describe("HTTP behaviour of public reads", () => {
  it("sends a strong ETag and answers a matching If-None-Match with 304 and no body", async () => {
    for (const p of publicPaths()) {
      const first = await http(server.url(p));
      expect(first.status, p).toBe(200);
      const etag = first.headers.etag;
      expect(etag, p).toMatch(/^"[\w-]+"$/);
      const again = await http(server.url(p), { headers: { "if-none-match": etag ?? "" } });
      expect(again.status, p).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);
      const weak = await http(server.url(p), { headers: { "if-none-match": `"other", W/${etag}` } });
      expect(weak.status).toBe(304);
      expect((await http(server.url(p), { headers: { "if-none-match": '"nope"' } })).status).toBe(200);
    }
  });

  it("sends Cache-Control fit for a CDN and CORS for browsers", async () => {
    for (const p of publicPaths()) {
      const res = await http(server.url(p));
      expect(res.headers["cache-control"], p).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("serves brotli or gzip by Accept-Encoding, precompressed for prebuilt documents, with Vary", async () => {
    const plain = await http(server.url("/api/v1/community/"));
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    const br = await http(server.url("/api/v1/community/"), { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await http(server.url("/api/v1/community/"), { headers: { "accept-encoding": "gzip;q=1, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // Each coding is its own representation with its own ETag; a 304 needs the tag of the one asked for.
    expect(gz.headers.etag).not.toBe(plain.headers.etag);
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const revalidated = await http(server.url("/api/v1/community/"), {
      headers: { "accept-encoding": "gzip", "if-none-match": gz.headers.etag ?? "" },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(gz.headers.etag);
    const since = await http(server.url("/api/v1/community/"), { headers: { "if-modified-since": plain.headers["last-modified"] ?? "" } });
    expect(since.status).toBe(304);
    const search = await http(server.url("/api/v1/games/?system=snes&limit=100"), { headers: { "accept-encoding": "gzip" } });
    expect(search.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(search.body).toString())).toHaveProperty("results");
  });

  it("answers HEAD with the GET headers and no body", async () => {
    for (const p of publicPaths()) {
      const get = await http(server.url(p));
      const head = await http(server.url(p), { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const h of ["etag", "content-type", "content-length", "cache-control"])
        expect(head.headers[h], `${p} ${h}`).toBe(get.headers[h]);
    }
  });

  it("refuses other methods with 405 and Allow, and answers CORS preflights", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await http(server.url("/api/v1/community/"), { method });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD");
      expect(res.headers["content-type"]).toBe("application/problem+json");
    }
    const preflight = await http(server.url("/api/v1/agent/games/"), {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
  });

  it("serves paths without the trailing slash too, and 404 problem+json for unknown API paths", async () => {
    expect((await http(server.url("/api/v1/community"))).status).toBe(200);
    const res = await http(server.url("/api/v1/nothing/"));
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    const traversal = await http(server.url("/api/v1/..%2f..%2fetc/passwd"));
    expect(traversal.status).toBe(404);
  });

  it("documents every problem type at the URI problems carry", async () => {
    const problem = (await http(server.url("/api/v1/games/?id=999999"))).json<{ type: string }>();
    expect(problem.type).toBe("https://ludex.test/problems/#not-found");
    const page = await http(server.url("/problems/"));
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    for (const id of ["not-found", "invalid-request", "rate-limited", "catalog-unavailable"])
      expect(page.body.toString()).toContain(`id="${id}"`);
  });

  it("serves the release feed", async () => {
    const feed = (await http(server.url("/api/v1/community/"))).json<{ application: { name: string }; platforms: { status: string }[] }>();
    expect(feed.application.name).toBe("Ludex Player");
    expect(feed.platforms.some((p) => p.status === "available")).toBe(true);
  });
});

describe("GET /api/health/ (getApiHealth)", () => {
  it("reports ok with the catalog version and counts, never cached", async () => {
    const res = await http(server.url("/api/health/"));
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const manifest = readManifest(inject("sampleCatalog").buildDir);
    expect(res.json()).toMatchObject({ status: "ok", catalogVersion: manifest?.catalogVersion, counts: { games: 43, platforms: 6 } });
  });
});

describe("without a usable catalog build", () => {
  it("answers 503 problem+json on health and every catalog route when the build is missing, never a 500", async () => {
    const missing = await startTestServer({ LUDEX_BUILD_DIR: path.join(tempDir(), "none") });
    for (const p of ["/api/health/", "/api/v1/agent/games/?q=x", "/api/v1/games/?id=1", "/api/v1/games/", "/api/v1/community/"]) {
      const res = await http(missing.url(p));
      expect(res.status, p).toBe(503);
      expect(res.headers["content-type"]).toBe("application/problem+json");
      expect(res.headers["retry-after"]).toBe("30");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect((await http(missing.url("/api/v1/agent/games/?limit=0"))).status).toBe(422);
  });

  it("answers 503 when the build is corrupt (a file the manifest names is gone)", async () => {
    const copy = path.join(tempDir(), "build");
    cpSync(inject("sampleCatalog").buildDir, copy, { recursive: true });
    const manifest = readManifest(copy);
    rmSync(path.join(copy, Object.values(manifest?.platforms ?? {})[0]?.index ?? ""));
    const corrupt = await startTestServer({ LUDEX_BUILD_DIR: copy });
    expect((await http(corrupt.url("/api/health/"))).status).toBe(503);
    expect((await http(corrupt.url("/api/v1/games/?id=1"))).status).toBe(503);
  });
});

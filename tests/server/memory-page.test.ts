import { existsSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { http } from "../helpers/http.ts";
import { projectRoot } from "../helpers/paths.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * /docs/ (rendered on request from the configuration) is rendered once and answered from memory
 * like the discovery documents: a strong ETag, 304 on revalidation, HEAD and gzip from the same bytes.
 */

const siteDir = path.join(projectRoot, "dist", "site");
const built = existsSync(path.join(siteDir, "server", "entry.mjs"));

describe.skipIf(!built)(`/docs/ from memory${built ? "" : " (skipped: dist/site is not built; npm test runs astro build first)"}`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir }, { siteDir });
  });

  it("answers the same bytes with a strong ETag, 304 on If-None-Match, HEAD and gzip alike", async () => {
    const first = await http(server.url("/docs/"));
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
    expect(first.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
    const etag = first.headers.etag ?? "";
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers["cache-control"]).toMatch(/max-age=300/);

    const again = await http(server.url("/docs/"));
    expect(again.headers.etag).toBe(etag);
    expect(again.body.equals(first.body)).toBe(true);

    const revalidated = await http(server.url("/docs/"), { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);

    const head = await http(server.url("/docs/"), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);

    const gzip = await http(server.url("/docs/"), { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(first.body)).toBe(true);
  });
});

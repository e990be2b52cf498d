import { createHash } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { http, type RawResponse } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

const sitePolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https://thumbnails.libretro.com; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

let server: RunningServer;
let plain: RunningServer;
let gameId = 0;

beforeAll(async () => {
  const build = { LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_ARTWORK_BASE_URL: "https://thumbnails.libretro.com" };
  server = await startTestServer(build);
  plain = await startTestServer({ ...build, PUBLIC_BASE_URL: "http://ludex.internal" });
  gameId = (await http(server.url("/api/v1/games/?system=snes&limit=1"))).json<{ results: { id: number }[] }>().results[0]?.id ?? 0;
});

function expectCommon(res: RawResponse): void {
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
}

/** Each inline `<style>` of the page is allowed by its hash, and nothing else is inline. */
function expectInlineStylesHashed(res: RawResponse): void {
  const csp = res.headers["content-security-policy"] ?? "";
  const html = res.body.toString("utf8");
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) expect(csp).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/^default-src 'none';/);
  expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
  expect(html).not.toMatch(/\sstyle="/);
}

describe("security headers of the HTML pages", () => {
  it("gives every website page kind the site policy", async () => {
    const paths = [
      "/",
      "/platforms/snes/",
      `/games/${gameId}/`,
      "/search/?q=starfall",
      `/search/?q=${"x".repeat(121)}`,
      "/games/999999999/",
    ];
    for (const p of paths) {
      for (const encoding of ["gzip", "identity"]) {
        const res = await http(server.url(p), { headers: { "accept-encoding": encoding } });
        expectCommon(res);
        expect(res.headers["content-security-policy"], p).toBe(sitePolicy);
      }
    }
    expect((await http(server.url("/games/999999999/"))).status).toBe(404);
  });

  it("gives the website's HTML no inline script or style that the policy would block", async () => {
    for (const p of ["/", "/platforms/snes/", `/games/${gameId}/`, "/search/?q=starfall", "/games/999999999/"]) {
      const html = (await http(server.url(p))).body.toString("utf8");
      expect(html, p).not.toMatch(/<script(?![^>]*(?:\ssrc=|type="application\/ld\+json"))/);
      expect(html, p).not.toMatch(/<style|\sstyle="|\son[a-z]+="/);
    }
  });

  it("gives /docs/, its guides and /problems/ a policy with their inline styles by hash", async () => {
    for (const p of ["/docs/", "/docs/api/", "/docs/performance/", "/problems/"]) {
      const res = await http(server.url(p));
      expect(res.status, p).toBe(200);
      expectCommon(res);
      expectInlineStylesHashed(res);
    }
  });

  it("keeps the OAuth pages' own stricter policy", async () => {
    const res = await http(server.url("/account/apps/"));
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'[^;]*; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("sends no HSTS when the base URL is http", async () => {
    for (const p of ["/", "/docs/", "/problems/", "/search/?q=starfall"]) {
      const res = await http(plain.url(p));
      expect(res.headers["strict-transport-security"], p).toBeUndefined();
      expect(res.headers["content-security-policy"], p).toMatch(/frame-ancestors 'none'/);
    }
  });
});

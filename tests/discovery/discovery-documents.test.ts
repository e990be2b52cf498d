import { defaultOAuthLimits } from "../../src/config/config.ts";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { cachePolicy } from "../../src/http/cache-policy.ts";
import { PRECOMPRESS_MIN_BYTES } from "../../src/catalog/build/write-static-document.ts";
import { API_CATALOG_PROFILE, discoveryMediaTypes } from "../../src/discovery/discovery-paths.ts";
import { discoveryDocumentPaths, type DiscoveryDocumentKey } from "../../src/discovery/discovery-documents.ts";
import { openApiDocument } from "../../src/discovery/openapi-document.ts";
import type { OpenApiDocument } from "../../src/http/openapi-types.ts";
import { documentOperations } from "../../src/discovery/schema-text.ts";
import { http, type RawResponse } from "../helpers/http.ts";
import { projectRoot } from "../helpers/paths.ts";
import { startDiscoveryServer, type DiscoveryServer } from "./discovery-server.ts";

/** The PUBLIC_BASE_URL the fixture was built with (tests/global-setup.ts). */
const base = "https://ludex.test";
const buildDir = (): string => inject("sampleCatalog").buildDir;

const expectedTypes: Record<DiscoveryDocumentKey, string> = {
  openapi: discoveryMediaTypes.openapi,
  apiCatalog: `application/linkset+json; profile="${API_CATALOG_PROFILE}"`,
  llmsTxt: "text/plain; charset=utf-8",
  llmsFullTxt: "text/plain; charset=utf-8",
  robotsTxt: "text/plain; charset=utf-8",
};

/** Hosts other than the deployment's that the documents may link to. */
const externalHosts = new Set([
  "github.com",
  "creativecommons.org",
  "opensource.org",
  "contentsignals.org",
  "thumbnails.libretro.com",
  "agent.example",
  "ludex.example",
  "play.google.com",
  "json-schema.org",
]);

let server: DiscoveryServer;
const bodies = new Map<DiscoveryDocumentKey, RawResponse>();

beforeAll(async () => {
  server = await startDiscoveryServer({ LUDEX_BUILD_DIR: buildDir(), PUBLIC_BASE_URL: base });
  for (const [key, p] of Object.entries(discoveryDocumentPaths) as [DiscoveryDocumentKey, string][])
    bodies.set(key, await http(server.url(p)));
});

function text(key: DiscoveryDocumentKey): string {
  return bodies.get(key)?.body.toString("utf8") ?? "";
}

describe("every discovery document", () => {
  it.each(Object.entries(discoveryDocumentPaths) as [DiscoveryDocumentKey, string][])(
    "%s is the build's static file (same configuration), with its media type, a content ETag and the build's Last-Modified",
    async (key, p) => {
      const res = bodies.get(key);
      expect(res?.status).toBe(200);
      expect(res?.headers["content-type"]).toBe(expectedTypes[key]);
      expect(res?.headers["cache-control"]).toBe(cachePolicy.document);
      expect(res?.headers.etag).toMatch(/^"[\w-]{22}"$/);
      expect(res?.headers["last-modified"]).toBeTruthy();
      expect(res?.body.equals(readFileSync(path.join(buildDir(), "static", p)))).toBe(true);

      const byTag = await http(server.url(p), { headers: { "if-none-match": res?.headers.etag ?? "" } });
      expect(byTag.status).toBe(304);
      expect(byTag.body.length).toBe(0);
      const byDate = await http(server.url(p), { headers: { "if-modified-since": res?.headers["last-modified"] ?? "" } });
      expect(byDate.status).toBe(304);
      const head = await http(server.url(p), { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.etag).toBe(res?.headers.etag);
      expect(head.body.length).toBe(0);
    },
  );

  it("has a precompressed variant with its own ETag when large", async () => {
    const gz = await http(server.url("/openapi.json"), { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.etag).not.toBe(bodies.get("openapi")?.headers.etag);
    expect(gz.body.equals(readFileSync(path.join(buildDir(), "static/openapi.json.gz")))).toBe(true);
  });

  it("uses absolute URLs under PUBLIC_BASE_URL only", () => {
    for (const key of Object.keys(discoveryDocumentPaths) as DiscoveryDocumentKey[]) {
      for (const [match] of text(key).matchAll(/https?:\/\/[^\s"'<>)`\]\\]+/g)) {
        // A sentence may end right after a URL.
        const url = match.replace(/[.,;:]+$/, "");
        const { host, origin } = new URL(url);
        if (origin === base) continue;
        expect(externalHosts.has(host) || host.endsWith("rfc-editor.org"), `${key}: ${url}`).toBe(true);
      }
      expect(text(key)).not.toMatch(/localhost|127\.0\.0\.1:\d/);
    }
  });

  it("quote the limits the instance enforces, not the defaults", async () => {
    const limited = await startDiscoveryServer({
      LUDEX_BUILD_DIR: buildDir(),
      PUBLIC_BASE_URL: base,
      LUDEX_REGISTRATION_RATE_LIMIT: "3",
      LUDEX_REGISTRATION_RATE_WINDOW: "86400",
      LUDEX_SIGNIN_FAILURE_LIMIT: "4",
      LUDEX_SIGNIN_FAILURE_WINDOW: "600",
    });
    const openapi = (await http(limited.url("/openapi.json"))).body.toString();
    expect(openapi).toContain("At most 3 registrations per day per client address");
    expect(openapi).not.toContain("10 registrations per hour");
    const full = (await http(limited.url("/llms-full.txt"))).body.toString();
    expect(full).toContain("Client registration: 3 registrations per day per address. Sign-in: 4 failures per 10 minutes per address.");
    expect((await http(limited.url("/docs/"))).body.toString()).toContain("3 registrations per day");
    // The default instance quotes the defaults.
    expect(text("llmsFullTxt")).toContain(
      "Client registration: 10 registrations per hour per address. Sign-in: 10 failures per 15 minutes per address.",
    );
  });

  it("carry each serving instance's PUBLIC_BASE_URL, whatever base the build was made for", async () => {
    expect(server.logs.filter((r) => r.level === "warn")).toEqual([]);
    const bases = ["https://catalog.example.org", "https://example.net/ludex"];
    const others = await Promise.all(bases.map((b) => startDiscoveryServer({ LUDEX_BUILD_DIR: buildDir(), PUBLIC_BASE_URL: b })));
    for (const [i, other] of others.entries()) {
      const otherBase = bases[i] ?? "";
      // Another path is a warning: the website's pages link under the build's path.
      const level = new URL(otherBase).pathname === new URL(base).pathname ? "info" : "warn";
      expect(other.logs).toContainEqual(expect.objectContaining({ level, builtFor: base, publicBaseUrl: otherBase }));
      for (const [key, p] of Object.entries(discoveryDocumentPaths) as [DiscoveryDocumentKey, string][]) {
        const res = await http(other.url(p));
        expect(res.status, p).toBe(200);
        const body = res.body.toString();
        expect(body, p).toContain(otherBase);
        expect(body, p).not.toContain(base);
        expect(res.headers.etag, p).not.toBe(bodies.get(key)?.headers.etag);
        expect((await http(other.url(p), { headers: { "if-none-match": res.headers.etag ?? "" } })).status, p).toBe(304);
        const gz = await http(other.url(p), { headers: { "accept-encoding": "gzip" } });
        expect(gz.headers["content-encoding"], p).toBe(res.body.length >= PRECOMPRESS_MIN_BYTES ? "gzip" : undefined);
        if (gz.headers["content-encoding"] === "gzip") expect(gunzipSync(gz.body).equals(res.body), p).toBe(true);
      }
      // Brotli for another base is made off the main thread after start-up: gzip until it is there.
      const plain = await http(other.url("/openapi.json"));
      let br = await http(other.url("/openapi.json"), { headers: { "accept-encoding": "br, gzip" } });
      for (let tries = 0; br.headers["content-encoding"] !== "br" && tries < 100; tries++) {
        expect(br.headers["content-encoding"]).toBe("gzip");
        await new Promise((resolve) => setTimeout(resolve, 50));
        br = await http(other.url("/openapi.json"), { headers: { "accept-encoding": "br, gzip" } });
      }
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      const openapi = plain.json<OpenApiDocument>();
      expect(openapi.servers).toEqual([{ url: otherBase, description: expect.any(String) }]);
      expect(openapi).toEqual(JSON.parse(JSON.stringify(openApiDocument(otherBase, defaultOAuthLimits))));
      expect((await http(other.url("/.well-known/api-catalog"), { method: "HEAD" })).headers.link).toContain(
        `<${otherBase}/.well-known/api-catalog>`,
      );
      // The human docs too (Astro, rendered per request from the same generator).
      const docs = (await http(other.url("/docs/"))).body.toString();
      expect(docs).toMatch(new RegExp(`Base URL: <code[^>]*>${otherBase}</code>`));
      expect(docs).not.toContain(base);
    }
  });
});

describe("/openapi.json", () => {
  it("is the OpenAPI 3.1.0 document of API version 1.0.0 for this deployment", () => {
    const doc = JSON.parse(text("openapi")) as OpenApiDocument;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers).toEqual([{ url: base, description: expect.any(String) }]);
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument(base, defaultOAuthLimits))));
  });
});

describe("/.well-known/api-catalog", () => {
  interface Target {
    href: string;
    type?: string;
  }
  type Context = { anchor: string } & Record<string, Target[] | string>;
  const linkset = (): Context[] => (JSON.parse(text("apiCatalog")) as { linkset: Context[] }).linkset;
  const api = (): Context | undefined => linkset().find((c) => c.anchor === `${base}/api/v1/`);
  const hrefs = (context: Context | undefined, rel: string): string[] => ((context?.[rel] ?? []) as Target[]).map((t) => t.href);

  it("is an RFC 9264 linkset naming the APIs (item) and describing the HTTP API", () => {
    const catalog = linkset().find((c) => c.anchor === `${base}/.well-known/api-catalog`);
    expect(hrefs(catalog, "item")).toEqual([`${base}/api/v1/`, `${base}/mcp/`, `${base}/a2a/`]);
    expect(api()?.["service-desc"]).toEqual([
      { href: `${base}/openapi.json`, type: discoveryMediaTypes.openapi, title: expect.any(String) },
    ]);
    expect(hrefs(api(), "service-doc")).toEqual([`${base}/docs/`, `${base}/llms-full.txt`, `${base}/llms.txt`]);
    expect(hrefs(api(), "service-meta")).toEqual([
      `${base}/.well-known/oauth-authorization-server`,
      `${base}/.well-known/oauth-protected-resource/api/v1/agent/me/`,
    ]);
    expect(hrefs(api(), "status")).toEqual([`${base}/api/health/`]);
    for (const context of linkset()) {
      for (const [rel, targets] of Object.entries(context)) {
        if (rel === "anchor") continue;
        for (const target of targets as Target[]) expect(target.href.startsWith(`${base}/`), target.href).toBe(true);
      }
    }
  });

  it("links documents the server answers with the type it says", async () => {
    for (const rel of ["service-desc", "service-meta", "status"]) {
      for (const target of (api()?.[rel] ?? []) as Target[]) {
        const res = await http(server.url(new URL(target.href).pathname));
        expect(res.status, target.href).toBe(200);
        expect(res.headers["content-type"], target.href).toBe(target.type);
      }
    }
    for (const href of [`${base}/llms-full.txt`, `${base}/llms.txt`])
      expect((await http(server.url(new URL(href).pathname))).status).toBe(200);
  });

  it("describes the MCP and A2A entry points with cards the server answers", async () => {
    for (const anchor of [`${base}/mcp/`, `${base}/a2a/`]) {
      const context = linkset().find((c) => c.anchor === anchor);
      const [card] = (context?.["service-desc"] ?? []) as Target[];
      expect(card, anchor).toBeDefined();
      const res = await http(server.url(new URL(card?.href ?? "").pathname));
      expect(res.status, card?.href).toBe(200);
      expect(res.headers["content-type"], card?.href).toBe(card?.type);
    }
  });

  it('answers HEAD (and GET) with Link: rel="api-catalog"', async () => {
    const head = await http(server.url("/.well-known/api-catalog"), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.link).toBe(`<${base}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(head.headers["content-type"]).toBe(expectedTypes.apiCatalog);
    expect(bodies.get("apiCatalog")?.headers.link).toBe(head.headers.link);
  });
});

describe("/llms.txt and /llms-full.txt", () => {
  const doc = (): OpenApiDocument => JSON.parse(text("openapi")) as OpenApiDocument;

  it("follow the llms.txt structure: H1, blockquote, notes, H2 sections of link lists", () => {
    const lines = text("llmsTxt").split("\n");
    expect(lines[0]).toBe("# ludex");
    expect(lines.find((l, i) => i > 0 && l.trim() !== "")).toMatch(/^> \S/);
    const firstSection = lines.findIndex((l) => l.startsWith("## "));
    expect(lines.slice(1, firstSection).some((l) => l.startsWith("#"))).toBe(false);
    const sectionLines = lines.slice(firstSection).filter((l) => l.trim() !== "" && !l.startsWith("## "));
    for (const line of sectionLines) expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\)(: .+)?$/);
    expect(lines.filter((l) => l.startsWith("## ")).at(-1)).toBe("## Optional");
    const full = text("llmsFullTxt").split("\n");
    expect(full[0]).toMatch(/^# ludex/);
    expect(full.find((l, i) => i > 0 && l.trim() !== "")).toMatch(/^> \S/);
  });

  it("name every operation with its path, in both files", () => {
    for (const { method, path: p, operation } of documentOperations(doc())) {
      for (const key of ["llmsTxt", "llmsFullTxt"] as const) {
        expect(text(key), `${key}: ${operation.operationId}`).toContain(operation.operationId);
        expect(text(key), `${key}: ${p}`).toContain(`${method.toUpperCase()} ${p}`);
      }
    }
  });

  it("llms-full.txt gives every parameter with its limits, every response status, curl examples and the errors", () => {
    const full = text("llmsFullTxt");
    for (const { operation } of documentOperations(doc())) {
      for (const param of operation.parameters ?? []) expect(full).toContain(`- \`${param.name}\` (`);
      const section = full.slice(full.indexOf(`### ${operation.operationId}:`));
      for (const status of Object.keys(operation.responses))
        expect(section, `${operation.operationId} ${status}`).toContain(`- \`${status}\``);
      for (const sample of operation["x-codeSamples"]) expect(full).toContain(sample.source);
    }
    for (const limit of [
      "(integer, 1 to 30, default 10; optional)",
      "(string, at most 120 characters; optional)",
      "(string, 1 to 64 characters; optional)",
      "(integer, 1 to 100, default 30; optional)",
      "(integer, at least 1; optional)",
      "1 to 100 items",
    ]) {
      expect(full).toContain(limit);
    }
    expect(full).toContain("application/problem+json");
    expect(full).toContain('{"error", "error_description"}');
  });

  it("llms-full.txt and docs/api.md tell a client how to hash each kind of file, and what the catalog cannot recognise", () => {
    const full = text("llmsFullTxt");
    const apiDoc = readFileSync(path.join(projectRoot, "docs", "api.md"), "utf8");
    for (const [name, doc] of [
      ["llms-full.txt", full],
      ["docs/api.md", apiDoc],
    ] as const) {
      for (const kind of ["**Headered cartridges", "**`.zip` / `.7z`**", "**`.cue` + `.bin`", "**`.m3u`", "**`.chd`**"])
        expect(doc, `${name}: ${kind}`).toContain(kind);
      expect(doc, name).toMatch(
        /`\.chd`\*\*: the SHA-1s in a CHD header cover the whole disc's raw data[\s\S]*not one Redump track file, so they never match/,
      );
      expect(doc, name).toMatch(/never hash the playlist/);
    }
  });

  it("llms-full.txt walks agents through OAuth without ever asking for a password, and states limits, agents, attribution and policy", () => {
    const full = text("llmsFullTxt");
    for (const needle of [
      "Never ask a person for their media-server password or their website password",
      "code_challenge_method=S256",
      "**https** redirect URI",
      "127.0.0.1 or [::1]",
      `${base}/oauth/register/`,
      `${base}/oauth/token/`,
      "grant_type=authorization_code",
      "RateLimit-Policy",
      "Retry-After",
      "If-None-Match",
      `POST ${base}/mcp/`,
      `POST ${base}/a2a/`,
      `${base}/.well-known/agent-card.json`,
      "libretro-database",
      "CC BY-SA 4.0",
      "search=yes, ai-input=yes, ai-train=no",
    ]) {
      expect(full).toContain(needle);
    }
  });
});

describe("/robots.txt", () => {
  it("states the content policy as a Content Signal inside the User-agent: * group", () => {
    const lines = text("robotsTxt")
      .split("\n")
      .map((l) => l.replace(/#.*/, "").trim());
    const start = lines.indexOf("User-agent: *");
    expect(start).toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((l, i) => i > start && (l === "" || /^user-agent:/i.test(l)));
    const group = lines.slice(start + 1, end === -1 ? undefined : end);
    expect(group).toContain("Content-Signal: search=yes, ai-input=yes, ai-train=no");
    expect(group).toContain("Allow: /");
    // The sitemap index the build writes (src/site/), as an absolute URL.
    expect(text("robotsTxt")).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });
});

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { recordFile } from "../../src/catalog/build/build-catalog.ts";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachePolicy } from "../../src/http/cache-policy.ts";
import { http } from "../helpers/http.ts";
import { japanName, mergedCatalog, type MergedCatalog } from "../helpers/merged-catalog.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

interface FeedChange {
  id: number;
  system: string;
  title: string;
  change: string;
  kinds?: string[];
  into?: number;
  url: string | null;
}

/**
 * Ids stay stable end to end: a game that merged into another (the same dump under a regional
 * title, found by the second import) keeps answering, as the game it joined, on every surface.
 */
describe("a merged game id", () => {
  let catalog: MergedCatalog;
  let server: RunningServer;
  let mcp: McpClient;
  const keptUrl = (): string => `https://ludex.test/api/v1/games/?id=${catalog.keptId}`;

  beforeAll(async () => {
    catalog = mergedCatalog();
    server = await startTestServer({ LUDEX_BUILD_DIR: catalog.buildDir });
    mcp = new McpClient({ name: "ludex-merged-ids-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(server.url("/mcp/"))));
  });
  afterAll(() => mcp?.close());

  it("was a record of the first build, and both ids were games of the first import", () => {
    expect(catalog.first.import.games).toBe(3);
    expect(catalog.first.import.merged).toEqual([]);
    expect(catalog.second.import.games).toBe(2);
    expect(catalog.second.import.merged).toEqual([
      { id: catalog.mergedId, into: catalog.keptId, system: "snes", title: expect.any(String) },
    ]);
    const index = JSON.parse(
      readFileSync(path.join(catalog.buildDir, catalog.first.build.manifest.platforms.snes?.index ?? ""), "utf8"),
    ) as {
      ids: number[];
    };
    expect(index.ids).toEqual(expect.arrayContaining([catalog.mergedId, catalog.keptId]));
  });

  it("answers GET and HEAD with a 301 to the record of the game it joined, cached like a record", async () => {
    for (const query of [`?id=${catalog.mergedId}`, `?id=${catalog.mergedId}&limit=5`]) {
      const res = await http(server.url(`/api/v1/games/${query}`));
      expect(res.status, query).toBe(301);
      expect(res.headers.location).toBe(keptUrl());
      expect(res.headers["cache-control"]).toBe(cachePolicy.document);
      expect(res.headers["content-type"]).toBe("application/json");
      expect(res.json()).toEqual({ id: catalog.mergedId, mergedInto: catalog.keptId, url: keptUrl() });
    }
    const head = await http(server.url(`/api/v1/games/?id=${catalog.mergedId}`), { method: "HEAD" });
    expect(head.status).toBe(301);
    expect(head.headers.location).toBe(keptUrl());
    expect(head.body.length).toBe(0);

    const kept = await http(server.url(`/api/v1/games/?id=${catalog.keptId}`));
    expect(kept.status).toBe(200);
    const record = kept.json<{ id: number; releases: { name: string }[] }>();
    expect(record.id).toBe(catalog.keptId);
    expect(record.releases.map((r) => r.name)).toContain(japanName);
    const unknown = await http(server.url(`/api/v1/games/?id=${catalog.unknownId}`));
    expect(unknown.status).toBe(404);
    expect(unknown.headers["content-type"]).toBe("application/problem+json");
  });

  it("redirects its website page to the page of the game it joined, which lists the merged title as an alternate one", async () => {
    const page = await http(server.url(`/games/${catalog.mergedId}/`));
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe(`/games/${catalog.keptId}/`);
    const kept = await http(server.url(`/games/${catalog.keptId}/`), { headers: { "accept-encoding": "identity" } });
    expect(kept.status).toBe(200);
    expect(kept.body.toString("utf8")).toContain("Suisei Quest");
  });

  it("is logged as merged into the kept game, not as removed", async () => {
    const v1 = catalog.first.build.manifest.catalogVersion;
    const page = (await http(server.url(`/api/v1/changes/?since=${v1}`))).json<{
      counts: Record<string, number>;
      changes: FeedChange[];
    }>();
    const ofMerged = page.changes.filter((c) => c.id === catalog.mergedId);
    expect(ofMerged).toEqual([
      expect.objectContaining({ system: "snes", change: "merged", into: catalog.keptId, url: keptUrl(), title: expect.any(String) }),
    ]);
    expect(page.changes.find((c) => c.id === catalog.keptId)).toMatchObject({ change: "changed", url: keptUrl() });
    expect(page.changes.find((c) => c.id === catalog.keptId)?.kinds).toEqual(expect.arrayContaining(["releases", "roms"]));
    expect(page.counts).toEqual({ added: 0, removed: 0, changed: 1, merged: 1 });
    const index = (await http(server.url("/api/v1/changes/"))).json<{ history: { merged: number; removed: number }[] }>();
    expect(index.history[0]).toMatchObject({ merged: 1, removed: 0 });
    const log = JSON.parse(
      readFileSync(path.join(catalog.buildDir, "changes", `${catalog.second.build.manifest.catalogVersion}.json`), "utf8"),
    );
    expect(log.changes).toContainEqual(expect.objectContaining({ id: catalog.mergedId, change: "merged", into: catalog.keptId }));
  });

  it("has no record file, and is in no sitemap and no dump; the build lists it with the game it joined", async () => {
    expect(existsSync(path.join(catalog.buildDir, recordFile(catalog.mergedId)))).toBe(false);
    expect(existsSync(path.join(catalog.buildDir, recordFile(catalog.keptId)))).toBe(true);
    const sitemapIndex = (await http(server.url("/sitemap.xml"))).body.toString("utf8");
    const parts = [...sitemapIndex.matchAll(/<loc>https:\/\/ludex\.test(\/[^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(parts.length).toBeGreaterThan(0);
    const sitemaps = (await Promise.all(parts.map((p) => http(server.url(p))))).map((r) => r.body.toString("utf8")).join("\n");
    expect(sitemaps).toContain(`/games/${catalog.keptId}/`);
    expect(sitemaps).not.toContain(`/games/${catalog.mergedId}/`);
    const dump = await http(server.url("/api/v1/dumps/?system=snes"));
    expect(dump.status).toBe(200);
    const ids = gunzipSync(dump.body)
      .toString("utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toContain(catalog.keptId);
    expect(ids).not.toContain(catalog.mergedId);
    const listed = JSON.parse(readFileSync(path.join(catalog.buildDir, "static", "merged-ids.json"), "utf8"));
    expect(listed).toEqual({ merged: [{ id: catalog.mergedId, into: catalog.keptId, system: "snes", title: expect.any(String) }] });
  });

  it("answers MCP get_game and the game resource with the kept record, saying which id was asked for", async () => {
    const kept = (await http(server.url(`/api/v1/games/?id=${catalog.keptId}`))).json<Record<string, unknown>>();
    const result = (await mcp.callTool({ name: "get_game", arguments: { id: catalog.mergedId } })) as ToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ ...kept, mergedFrom: catalog.mergedId });
    const resource = await mcp.readResource({ uri: `https://ludex.test/api/v1/games/?id=${catalog.mergedId}` });
    const [content] = resource.contents;
    expect(JSON.parse(String(content && "text" in content ? content.text : ""))).toEqual({ ...kept, mergedFrom: catalog.mergedId });
    const own = (await mcp.callTool({ name: "get_game", arguments: { id: catalog.keptId } })) as ToolResult;
    expect(own.structuredContent).toEqual(kept);
    const unknown = (await mcp.callTool({ name: "get_game", arguments: { id: catalog.unknownId } })) as ToolResult;
    expect(unknown.isError).toBe(true);
  });
});

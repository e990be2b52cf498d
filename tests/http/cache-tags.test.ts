import { beforeAll, describe, expect, inject, it } from "vitest";
import { readManifest } from "../../src/catalog/build/manifest.ts";
import { http } from "../helpers/http.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

let server: RunningServer;
let id = 0;
let version = "";
beforeAll(async () => {
  const { buildDir } = inject("sampleCatalog");
  server = await startTestServer({ LUDEX_BUILD_DIR: buildDir });
  const found = (await http(server.url("/api/v1/games/?system=snes&q=starfall"))).json<{ results: { id: number }[] }>();
  id = found.results[0]?.id ?? 0;
  version = readManifest(buildDir)?.catalogVersion ?? "";
});

/** The tags of an answer: Surrogate-Key's (space-separated), checked against Cache-Tag's (comma-separated). */
async function tagsOf(path: string, headers: Record<string, string> = {}): Promise<string[] | undefined> {
  const res = await http(server.url(path), { headers });
  const surrogate = res.headers["surrogate-key"];
  expect(res.headers["cache-tag"], path).toBe(surrogate?.replaceAll(" ", ","));
  return surrogate?.split(" ");
}

describe("cache tags (Surrogate-Key, Cache-Tag) on the server's answers", () => {
  it("tags a record and a game page with the game, listing pages and a dump with the platform", async () => {
    expect(id).toBeGreaterThan(0);
    expect(await tagsOf(`/api/v1/games/?id=${id}`)).toEqual([`g:${id}`]);
    expect(await tagsOf(`/api/v1/games/?id=${id}`, { "accept-encoding": "br" })).toEqual([`g:${id}`]);
    expect(await tagsOf(`/games/${id}/`, { "accept-encoding": "gzip" })).toEqual([`g:${id}`]);
    expect(await tagsOf("/platforms/snes/")).toEqual(["p:snes"]);
    expect(await tagsOf("/api/v1/dumps/?system=snes")).toEqual(["p:snes"]);
  });

  it("tags a search or a listing with its platform, or `catalog` across all of them, and no game", async () => {
    expect(await tagsOf("/api/v1/games/?system=snes&q=starfall")).toEqual(["p:snes"]);
    expect(await tagsOf("/api/v1/games/?q=starfall")).toEqual(["catalog"]);
    expect(await tagsOf("/api/v1/agent/games/?q=starfall")).toEqual(["catalog"]);
    expect(await tagsOf("/api/v1/agent/games/?q=starfall&system=snes")).toEqual(["p:snes"]);
    expect(await tagsOf("/search/?q=starfall")).toEqual(["catalog"]);
    expect(await tagsOf("/api/v1/games/?system=snes&limit=100")).toEqual(["p:snes"]);
  });

  it("tags the change feed's pages `changes`, and repeats the tags on a 304", async () => {
    expect(await tagsOf(`/api/v1/changes/?since=${version}`)).toEqual(["changes"]);
    const first = await http(server.url(`/api/v1/games/?id=${id}`));
    const again = await http(server.url(`/api/v1/games/?id=${id}`), { headers: { "if-none-match": first.headers.etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers["surrogate-key"]).toBe(`g:${id}`);
    expect(again.headers["cache-tag"]).toBe(`g:${id}`);
  });

  it("sends none with documents the purge list names by URL, nor with 404s and redirects", async () => {
    for (const p of ["/openapi.json", "/api/v1/games/", "/api/v1/community/", "/", "/api/v1/games/?id=999999999", `/games/${id}`]) {
      const res = await http(server.url(p));
      expect(res.headers["surrogate-key"], p).toBeUndefined();
      expect(res.headers["cache-tag"], p).toBeUndefined();
    }
  });
});

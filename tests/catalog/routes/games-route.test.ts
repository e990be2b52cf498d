import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { codedEtag, compressBody } from "../../../src/http/compress-body.ts";
import type { GameRecord } from "../../../src/catalog/record/game-record.ts";
import { createInProcessServer, type InProcessServer } from "../../helpers/in-process-server.ts";
import { buildSampleCatalog } from "../../helpers/sample-catalog.ts";

interface Page {
  system: string | null;
  query: string | null;
  offset: number;
  limit: number;
  total: number;
  results: { id: number; title: string; system: string }[];
  next: string | null;
}

const buildDir = buildSampleCatalog();
let server: InProcessServer;
beforeAll(async () => {
  server = await createInProcessServer({ LUDEX_BUILD_DIR: buildDir });
});

const get = (query: string) => server.request(`/api/v1/games/${query}`);

describe("GET /api/v1/games/ (getOrSearchGameCatalog)", () => {
  it("returns the full record for an id, or 404 problem+json", async () => {
    const list = (await get("?system=snes&limit=100")).json<Page>();
    const starfall = list.results.find((r) => r.title === "The Legend of Starfall");
    const res = await get(`?id=${starfall?.id}`);
    expect(res.status).toBe(200);
    const record = res.json<GameRecord>();
    expect(record).toMatchObject({ id: starfall?.id, title: "The Legend of Starfall", system: "snes" });
    expect(record.releases.length).toBe(5);

    const missing = await get("?id=999999");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toBe("application/problem+json");
    expect(missing.json()).toMatchObject({ status: 404, title: "Not found", detail: "no game with id 999999" });
  });

  it("sends records and listings compressed for br and gzip: the bytes and ETag of compressing them per request, every time", async () => {
    const list = (await get("?system=snes&limit=100")).json<Page>();
    const id = list.results.find((r) => r.title === "The Legend of Starfall")?.id;
    // A record, and a listing (a cached computed answer).
    for (const query of [`?id=${id}`, "?system=snes&limit=100"])
      for (const coding of ["br", "gzip"] as const) {
        const plain = await get(query);
        expect(plain.body.length).toBeGreaterThanOrEqual(1024);
        const first = await server.request(`/api/v1/games/${query}`, { headers: { "accept-encoding": coding } });
        const again = await server.request(`/api/v1/games/${query}`, { headers: { "accept-encoding": coding } });
        expect(first.headers["content-encoding"]).toBe(coding);
        expect(first.body.equals(compressBody(plain.body, coding, "kept"))).toBe(true);
        expect(again.body.equals(first.body)).toBe(true);
        expect(first.headers.etag).toBe(codedEtag(plain.headers.etag ?? "", coding));
        expect(again.headers.etag).toBe(first.headers.etag);
        const unpacked = coding === "br" ? brotliDecompressSync(first.body) : gunzipSync(first.body);
        expect(unpacked.equals(plain.body)).toBe(true);
        const revalidated = await server.request(`/api/v1/games/${query}`, {
          headers: { "accept-encoding": coding, "if-none-match": first.headers.etag ?? "" },
        });
        expect(revalidated.status).toBe(304);
      }
  });

  it("refuses an id that is not an integer of at least 1", async () => {
    for (const bad of ["0", "-3", "abc", "1.0", "", "9007199254740992"]) {
      const res = await get(`?id=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.json<{ errors: { name: string }[] }>().errors.map((e) => e.name)).toEqual(["id"]);
    }
  });

  it("lets id win over every other parameter", async () => {
    const listing = (await get("?system=gba&limit=1")).json<Page>();
    const id = listing.results[0]?.id;
    const res = await get(`?id=${id}&system=snes&q=zzz&limit=5&offset=3`);
    expect(res.json<GameRecord>().id).toBe(id);
  });

  it("lists a platform by title with pagination through offset and next", async () => {
    const first = await get("?system=snes&limit=4");
    const page = first.json<Page>();
    expect(page).toMatchObject({ system: "snes", query: null, offset: 0, limit: 4, total: 11 });
    expect(page.results.map((r) => r.title)).toEqual([...page.results.map((r) => r.title)].sort((a, b) => a.localeCompare(b)));
    expect(page.next).toBe("https://ludex.test/api/v1/games/?system=snes&limit=4&offset=4");
    expect(first.headers.link).toBe(`<${page.next}>; rel="next"`);
    const seen = new Set<number>();
    let url: string | null = "?system=snes&limit=4";
    while (url) {
      const next: Page = (await get(url)).json<Page>();
      for (const r of next.results) seen.add(r.id);
      url = next.next ? next.next.slice("https://ludex.test/api/v1/games/".length) : null;
    }
    expect(seen.size).toBe(11);
  });

  it("searches within a platform with q, and across platforms with q alone", async () => {
    const within = (await get("?system=snes&q=turbo%20comet")).json<Page>();
    expect(within.results.map((r) => r.system)).toEqual(["snes"]);
    const across = (await get("?q=turbo%20comet")).json<Page>();
    expect(across.system).toBeNull();
    expect(across.results.map((r) => r.system).sort()).toEqual(["megadrive", "snes"]);
  });

  it("returns the platform list without parameters", async () => {
    const body = (await get("")).json<{ platforms: { id: string }[] }>();
    expect(body.platforms).toHaveLength(6);
    const agent = await server.request("/api/v1/agent/games/?platforms=1");
    expect(agent.body.equals((await get("")).body)).toBe(true);
  });

  it("takes limit from 1 to 100 (default 30) and offset of at least 0", async () => {
    expect((await get("?system=snes")).json<Page>().limit).toBe(30);
    expect((await get("?system=snes&limit=100")).status).toBe(200);
    for (const bad of ["limit=0", "limit=101", "offset=-1", "offset=x", "system=nosuch"]) {
      const res = await get(`?${bad}&system=snes`.replace("&system=snes", bad.startsWith("system") ? "" : "&system=snes"));
      expect(res.status, bad).toBe(422);
    }
  });
});

import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { compressBody } from "../../../src/http/compress-body.ts";
import { scanMatchRequest } from "../../../src/match/engine/match-body-scan.ts";
import type { MatchResult } from "../../../src/match/engine/match-roms.ts";
import { createInProcessServer, type InProcessServer, type RawResponse } from "../../helpers/in-process-server.ts";
import { buildSampleCatalog } from "../../helpers/sample-catalog.ts";

const buildDir = buildSampleCatalog();
let server: InProcessServer;
beforeAll(async () => {
  server = await createInProcessServer({ LUDEX_BUILD_DIR: buildDir, LUDEX_ARTWORK_BASE_URL: "https://thumbs.example/" });
});

function post(
  body: unknown,
  headers: Record<string, string> = { "content-type": "application/json" },
  to: InProcessServer = server,
): Promise<RawResponse> {
  return to.request("/api/v1/games/", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
}

async function match(systemId: string, items: unknown[], artworkTypes?: string[]): Promise<MatchResult[]> {
  const res = await post({ systemId, items, ...(artworkTypes ? { artworkTypes } : {}) });
  expect(res.status, res.body.toString()).toBe(200);
  return res.json<{ results: MatchResult[] }>().results;
}

function matched(result: MatchResult | undefined): { title: string; release: string; matchedBy: string; confidence: number } {
  if (result?.status !== "matched") throw new Error(`expected matched, got ${JSON.stringify(result)}`);
  return result.match;
}

// Facts of the sample (data/sample/README.md and its DATs).
const paladinUsa = {
  name: "Pocket Paladin (USA)",
  headerless: { crc: "93165F19", size: 131072 },
  headered: { crc: "9EBBF25A", size: 131088 },
};
const sharedSha1 = "B1BC60A53605B913B80593CE10C152E85582E2B1";

describe("POST /api/v1/games/ (matchRomFiles)", () => {
  it("compresses an answer for this response only, fast (brotli 1, gzip 1), and says so", async () => {
    const body = { systemId: "snes", items: Array.from({ length: 40 }, (_, i) => ({ name: `Zephyr Quest (USA) ${i}.sfc` })) };
    const plain = await post(body);
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    for (const coding of ["br", "gzip"] as const) {
      const res = await post(body, { "content-type": "application/json", "accept-encoding": coding });
      expect(res.headers["content-encoding"]).toBe(coding);
      expect(res.headers.vary).toContain("Accept-Encoding");
      expect(res.body.equals(compressBody(plain.body, coding, "single"))).toBe(true);
      const unpacked = coding === "br" ? brotliDecompressSync(res.body) : gunzipSync(res.body);
      expect(unpacked.equals(plain.body)).toBe(true);
    }
  });

  it("sends non-ASCII titles as UTF-8, with a Content-Length in bytes, plain and compressed alike", async () => {
    const sha1 = "6091373DF55A3E829906011F630BBA3E237F5392";
    // The shared match (a hash hit, many times: past the 1 KiB compression floor) and an unshared result beside it.
    const body = {
      systemId: "gba",
      items: [...Array.from({ length: 12 }, () => ({ sha1 })), { name: "Crêpe Château ドラゴン™ (Japan).gba" }],
    };
    const plain = await post(body);
    expect(plain.status).toBe(200);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    const text = plain.body.toString("utf8");
    expect(Buffer.from(text, "utf8").equals(plain.body)).toBe(true);
    const answer = JSON.parse(text) as { results: MatchResult[] };
    expect(answer.results.slice(0, 2).map((r) => matched(r).title)).toEqual(["Crêpe Château", "Crêpe Château"]);
    const gzip = await post(body, { "content-type": "application/json", "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("answers one result per item, in order, each independent of the others", async () => {
    const results = await match("snes", [
      { crc: "nothex!!" },
      { name: "Zephyr Quest (USA).sfc" },
      42,
      { name: "Nothing Like This At All" },
      {},
    ]);
    expect(results.map((r) => [r.index, r.status])).toEqual([
      [0, "invalid"],
      [1, "matched"],
      [2, "invalid"],
      [3, "notFound"],
      [4, "invalid"],
    ]);
    const [bad] = results;
    expect(bad?.status === "invalid" && bad.errors[0]).toEqual({ pointer: "/items/0/crc", detail: "must be 8 hexadecimal digits" });
  });

  it("matches by sha1, md5 and crc+size with case-insensitive hex, and says how", async () => {
    const record = (await server.request("/api/v1/games/?system=gba&limit=100")).json<{ results: { id: number; title: string }[] }>();
    const glimmer = record.results.find((g) => g.title === "Glimmer Tactics");
    const full = (await server.request(`/api/v1/games/?id=${glimmer?.id}`)).json<{
      releases: { name: string; roms: { sha1: string; md5: string; crc: string; size: number }[] }[];
    }>();
    const rom = full.releases[0]?.roms[0];
    const release = full.releases[0]?.name;
    const results = await match("gba", [
      { sha1: rom?.sha1.toUpperCase() },
      { md5: rom?.md5 },
      { crc: rom?.crc.toUpperCase(), size: rom?.size },
      { crc: rom?.crc },
    ]);
    expect(results.map((r) => matched(r).matchedBy)).toEqual(["sha1", "md5", "crc", "crc"]);
    expect(results.map((r) => matched(r).release)).toEqual([release, release, release, release]);
    expect(results.map((r) => matched(r).confidence)).toEqual([1, 1, 0.98, 0.9]);
  });

  it("reports a hash shared by several games as ambiguous with every candidate", async () => {
    const [result] = await match("snes", [{ sha1: sharedSha1 }]);
    expect(result?.status).toBe("ambiguous");
    if (result?.status !== "ambiguous") return;
    expect(result.matchedBy).toBe("sha1");
    // The pirate relabel "Lightning Cats" is the same work as Thunder Paws; the multi-game cart is not.
    expect(result.candidates?.map((c) => c.title).sort()).toEqual(["Thunder Paws", "Thunder Paws + Moonlit Harbor"]);
    expect(result.candidateCount).toBe(2);
  });

  it("matches both the headerless (No-Intro) and the headered (libretro) NES dump", async () => {
    const results = await match("nes", [paladinUsa.headerless, paladinUsa.headered]);
    expect(results.map((r) => matched(r).release)).toEqual([paladinUsa.name, paladinUsa.name]);
  });

  it("matches by serial (PlayStation)", async () => {
    const list = (await server.request("/api/v1/games/?system=psx&q=shadow%20orchard")).json<{ results: { id: number }[] }>();
    const orchard = (await server.request(`/api/v1/games/?id=${list.results[0]?.id}`)).json<{
      releases: { name: string; serial: string }[];
    }>();
    const disc = orchard.releases[0];
    const [result] = await match("PlayStation", [{ serial: disc?.serial.toLowerCase() }]);
    expect(matched(result)).toMatchObject({ matchedBy: "serial", release: disc?.name, title: "Shadow Orchard" });
  });

  it("resolves DAT file names, and renamed files: other case, other extension, zipped, tags dropped", async () => {
    const results = await match("Super Nintendo", [
      { name: "Legend of Starfall, The (USA).sfc" },
      { name: "LEGEND OF STARFALL, THE (USA).SMC" },
      { name: "Legend of Starfall, The (USA).zip" },
      { name: "roms/Legend of Starfall, The (Japan).sfc.7z" },
      { name: "Legend of Starfall.sfc" },
      { name: "The Legend of Starfall (Europe).smc" },
    ]);
    expect(results.map((r) => matched(r).title)).toEqual(Array(6).fill("The Legend of Starfall"));
    expect(results.map((r) => matched(r).matchedBy)).toEqual(["name", "name", "name", "name", "title", "title"]);
    expect(matched(results[3]).release).toBe("Legend of Starfall, The (Japan)");
    // A title match answers the record's best release: its newest retail revision.
    expect(matched(results[4]).release).toBe("Legend of Starfall, The (USA) (Rev 1)");
    expect(matched(results[5]).release).toMatch(/^Legend of Starfall, The \(Europe\)/);
  });

  it("falls back to a fuzzy title match below full confidence", async () => {
    const [result] = await match("snes", [{ name: "Legend of Starfal (USA).sfc" }]);
    const m = matched(result);
    expect(m.matchedBy).toBe("fuzzy");
    expect(m.title).toBe("The Legend of Starfall");
    expect(m.confidence).toBeLessThan(1);
    expect(m.confidence).toBeGreaterThan(0.5);
  });

  it("makes an item with a zero-length or malformed hash invalid, naming the field", async () => {
    const results = await match("snes", [
      { sha1: "" },
      { md5: "abc" },
      { crc: "1234567" },
      { size: -1, name: "x" },
      { sha1: "g".repeat(40) },
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(5).fill("invalid"));
    expect(results.map((r) => (r.status === "invalid" ? r.errors[0]?.pointer : ""))).toEqual([
      "/items/0/sha1",
      "/items/1/md5",
      "/items/2/crc",
      "/items/3/size",
      "/items/4/sha1",
    ]);
  });

  it("answers a plain body (read by the scanner) byte for byte as the same body in a shape only JSON.parse reads", async () => {
    const gba = (await server.request("/api/v1/games/?system=gba&limit=100")).json<{ results: { id: number }[] }>();
    const full = (await server.request(`/api/v1/games/?id=${gba.results[0]?.id}`)).json<{
      releases: { roms: { sha1: string; md5: string; crc: string; size: number }[] }[];
    }>();
    const rom = full.releases[0]?.roms[0];
    if (!rom) throw new Error("the sample's first gba game has no rom");
    const items = [
      { sha1: rom.sha1.toUpperCase(), name: "x.gba" },
      { md5: rom.md5, group: "set one" },
      { crc: rom.crc, size: rom.size, group: "set one" },
      { crc: rom.crc, size: rom.size + 1 },
      { sha1: "6091373DF55A3E829906011F630BBA3E237F5392" },
      { name: "Crêpe Château ドラゴン™ (Japan).gba", serial: null },
      { name: "Nothing Like This At All" },
    ];
    const plain = JSON.stringify({ systemId: "gba", items, artworkTypes: ["boxart"] }, null, 1);
    // An escape sequence in the platform's name and an unknown member are each left to JSON.parse.
    const escaped = plain.replace('"gba"', String.raw`"g\u0062a"`);
    const extra = JSON.stringify({ systemId: "gba", items: items.map((item) => ({ ...item, note: 1 })), artworkTypes: ["boxart"] });
    expect([plain, escaped, extra].map((body) => scanMatchRequest(body) !== undefined)).toEqual([true, false, false]);
    const answers = await Promise.all([plain, escaped, extra].map((body) => post(body)));
    for (const res of answers) expect(res.status, res.body.toString()).toBe(200);
    const [first, ...others] = answers.map((res) => res.body);
    expect(JSON.parse(first?.toString() ?? "").groups).toHaveLength(1);
    for (const other of others) expect(other.equals(first as Buffer)).toBe(true);
  });

  it("ignores unknown item properties and treats null as absent", async () => {
    const [result] = await match("snes", [{ name: "Zephyr Quest (USA).sfc", crc: null, path: "/x", extra: { deep: true } }]);
    expect(matched(result).title).toBe("Zephyr Quest");
  });

  it("adds artwork links in the libretro-thumbnails scheme for each requested type, the matched release first", async () => {
    const [result] = await match("snes", [{ name: "Max & Molly's Moon Market (USA).sfc" }], ["logo", "boxart", "snap", "title"]);
    if (result?.status !== "matched") throw new Error("not matched");
    const folder = "https://thumbs.example/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System";
    const name = encodeURIComponent(result.match.release.replace(/[&*/:`"<>?\\|]/g, "_"));
    // Every type asked: each type's url alone, so the result keeps within MAX_MATCH_ARTWORK_LINKS.
    expect(result.artwork).toEqual({
      verified: false,
      boxart: { url: `${folder}/Named_Boxarts/${name}.png`, candidates: [] },
      snap: { url: `${folder}/Named_Snaps/${name}.png`, candidates: [] },
      title: { url: `${folder}/Named_Titles/${name}.png`, candidates: [] },
      logo: { url: `${folder}/Named_Logos/${name}.png`, candidates: [] },
    });
    expect(Object.keys(result.artwork ?? {})).toEqual(["verified", "boxart", "snap", "title", "logo"]);
    const [boxart] = await match("snes", [{ name: "Max & Molly's Moon Market (USA).sfc" }], ["boxart"]);
    expect(boxart?.status === "matched" && boxart.artwork).toEqual({
      verified: false,
      boxart: {
        url: `${folder}/Named_Boxarts/${name}.png`,
        candidates: expect.arrayContaining([`${folder}/Named_Boxarts/Max%20_%20Molly's%20Moon%20Market.png`]),
      },
    });
  });
});

describe("request errors (problem+json, never a 500)", () => {
  async function problem(res: RawResponse, status: number, pointer?: string): Promise<void> {
    expect(res.status, res.body.toString()).toBe(status);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["ratelimit-policy"]).toBe('"match";q=6000;w=60');
    if (pointer !== undefined) expect(res.json<{ errors: { pointer: string }[] }>().errors.map((e) => e.pointer)).toContain(pointer);
  }

  it("malformed JSON → 400, another content type → 415", async () => {
    await problem(await post('{"systemId": "snes", "items": ['), 400);
    await problem(await post("systemId=snes", { "content-type": "application/x-www-form-urlencoded" }), 415);
    await problem(await post('{"systemId":"snes","items":[{}]}', {}), 415);
  });

  it("missing systemId or items, an empty or oversized batch, bad artwork types → 422 naming the field", async () => {
    await problem(await post({ items: [{ crc: "00000000" }] }), 422, "/systemId");
    await problem(await post({ systemId: "snes" }), 422, "/items");
    await problem(await post({ systemId: "snes", items: [] }), 422, "/items");
    await problem(await post({ systemId: "snes", items: "all" }), 422, "/items");
    await problem(await post({ systemId: "snes", items: Array(101).fill({ crc: "00000000" }) }), 422, "/items");
    await problem(
      await post({ systemId: "snes", items: [{ crc: "00000000" }], artworkTypes: ["boxart", "poster"] }),
      422,
      "/artworkTypes/1",
    );
    await problem(await post([1, 2]), 422);
  });

  it("accepts exactly 100 items", async () => {
    const res = await post({ systemId: "snes", items: Array(100).fill({ crc: "00000000" }) });
    expect(res.status).toBe(200);
    expect(res.json<{ results: unknown[] }>().results).toHaveLength(100);
  });

  it("an unknown systemId → 422", async () => {
    await problem(await post({ systemId: "atari-9000", items: [{ crc: "00000000" }] }), 422, "/systemId");
  });

  it("a body over the documented limit (128 KiB) → 413", async () => {
    await problem(await post({ systemId: "snes", items: [{ name: "x".repeat(140 * 1024) }] }), 413);
  });
});

describe("rate limit", () => {
  it("counts items per client, answers 429 with Retry-After past the quota, and sends RateLimit fields on every response", async () => {
    const limited = await createInProcessServer({
      LUDEX_BUILD_DIR: buildDir,
      LUDEX_MATCH_RATE_LIMIT: "10",
      LUDEX_MATCH_RATE_WINDOW: "30",
    });
    const items = (n: number) => Array(n).fill({ crc: "00000000" });
    const first = await post({ systemId: "snes", items: items(6) }, undefined, limited);
    expect(first.status).toBe(200);
    expect(first.headers["ratelimit-policy"]).toBe('"match";q=10;w=30');
    expect(first.headers.ratelimit).toMatch(/^"match";r=4;t=(30|29)$/);
    expect(first.headers["access-control-expose-headers"]).toContain("RateLimit");

    const refused = await post({ systemId: "snes", items: items(5) }, undefined, limited);
    expect(refused.status).toBe(429);
    expect(refused.headers["content-type"]).toBe("application/problem+json");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toMatch(/^"match";r=4;t=\d+$/);

    const fits = await post({ systemId: "snes", items: items(4) }, undefined, limited);
    expect(fits.status).toBe(200);
    expect(fits.headers.ratelimit).toMatch(/^"match";r=0;/);
  });

  it("keys on X-Forwarded-For only from a trusted proxy", async () => {
    const direct = await createInProcessServer({ LUDEX_BUILD_DIR: buildDir, LUDEX_MATCH_RATE_LIMIT: "3", LUDEX_TRUSTED_PROXIES: "none" });
    const body = { systemId: "snes", items: Array(3).fill({ crc: "00000000" }) };
    const spoof = (ip: string) => post(body, { "content-type": "application/json", "x-forwarded-for": ip }, direct);
    expect((await spoof("198.51.100.1")).status).toBe(200);
    expect((await spoof("198.51.100.2")).status).toBe(429);

    const proxied = await createInProcessServer({
      LUDEX_BUILD_DIR: buildDir,
      LUDEX_MATCH_RATE_LIMIT: "3",
      LUDEX_TRUSTED_PROXIES: "127.0.0.1",
    });
    const via = (ip: string) => post(body, { "content-type": "application/json", "x-forwarded-for": ip }, proxied);
    expect((await via("198.51.100.1")).status).toBe(200);
    expect((await via("198.51.100.2")).status).toBe(200);
    expect((await via("198.51.100.1")).status).toBe(429);
  });

  it("believes X-Forwarded-For from loopback by default, and counts an IPv6 client by its /64", async () => {
    const server = await createInProcessServer({ LUDEX_BUILD_DIR: buildDir, LUDEX_MATCH_RATE_LIMIT: "3" });
    const body = { systemId: "snes", items: Array(3).fill({ crc: "00000000" }) };
    const from = (ip: string) => post(body, { "content-type": "application/json", "x-forwarded-for": ip }, server);
    expect((await from("2001:db8:1:2::1")).status).toBe(200);
    // Another address of the same /64, written out in full: the same quota, spent.
    expect((await from("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).status).toBe(429);
    // The next /64 and an IPv4 client have their own.
    expect((await from("2001:db8:1:3::1")).status).toBe(200);
    expect((await from("198.51.100.7")).status).toBe(200);
  });

  it("can be turned off", async () => {
    const off = await createInProcessServer({ LUDEX_BUILD_DIR: buildDir, LUDEX_MATCH_RATE_LIMIT: "off" });
    const res = await post({ systemId: "snes", items: [{ crc: "00000000" }] }, undefined, off);
    expect(res.status).toBe(200);
    expect(res.headers.ratelimit).toBeUndefined();
  });
});

describe("matching precision, headerless hashes and suggestions", () => {
  it("matches the hash of a NES file without its header, whatever header the dump had", async () => {
    const [result] = await match("nes", [
      { name: "paladin-from-another-set.nes", crc: "00000000", headerless: { crc: paladinUsa.headerless.crc } },
    ]);
    const m = matched(result);
    expect(m.title).toBe("Pocket Paladin");
    expect(m.matchedBy).toBe("crc");
    expect((m as { headerless?: boolean }).headerless).toBe(true);
  });

  it("rejects a malformed headerless hash as invalid, naming its pointer", async () => {
    const results = await match("nes", [{ headerless: { sha1: "xyz" } }, { headerless: {} }]);
    expect(results.map((r) => r.status)).toEqual(["invalid", "invalid"]);
    expect(results[0]?.status === "invalid" ? results[0].errors[0]?.pointer : "").toBe("/items/0/headerless/sha1");
  });

  it("never calls a sequel of a known game matched: notFound with suggestions instead", async () => {
    const [result] = await match("snes", [{ name: "Legend of Starfall 4 (USA).sfc" }]);
    expect(result?.status).toBe("notFound");
    if (result?.status !== "notFound") return;
    expect(result.suggestions?.[0]?.title).toBe("The Legend of Starfall");
    expect(result.suggestions?.[0]?.confidence).toBeLessThan(0.8);
    expect(result.suggestionCount).toBeGreaterThanOrEqual(result.suggestions?.length ?? 0);
    expect(result.suggestions?.length).toBeLessThanOrEqual(5);
  });

  it("answers a title sharing only a word with notFound, never a silent pick", async () => {
    const [result] = await match("snes", [{ name: "Starfall Racing Deluxe (USA).sfc" }]);
    expect(result?.status).toBe("notFound");
  });
});

import { gunzipSync } from "node:zlib";
import { type GameRecord, LudexApiError, LudexClient, type MatchItem } from "@ludex/client";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../helpers/free-port.ts";
import { type RunningServer, startTestServer } from "../../helpers/test-server.ts";
import { type TestRomsCatalog, testRomsCatalog } from "../../helpers/test-roms-catalog.ts";

/** Every request the client sends, with the status it got. */
interface Sent {
  readonly method: string;
  readonly url: URL;
  readonly status: number;
  readonly items: number;
  readonly at: number;
  readonly retryAfter: string | null;
}

let catalog: TestRomsCatalog;
let server: RunningServer;
let sent: Sent[];
let client: LudexClient;

const QUOTA = 150;
/** Long enough that two requests sent one after the other fall in one window even on a loaded machine. */
const WINDOW_SECONDS = 3;

beforeAll(async () => {
  catalog = testRomsCatalog();
  // Its own origin as PUBLIC_BASE_URL, so the Location of a merged id's 301 leads back to it.
  const port = await freePort();
  server = await startTestServer(
    {
      LUDEX_BUILD_DIR: catalog.buildDir,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      LUDEX_MATCH_RATE_LIMIT: String(QUOTA),
      LUDEX_MATCH_RATE_WINDOW: String(WINDOW_SECONDS),
    },
    { port },
  );
  sent = [];
  client = new LudexClient({
    baseUrl: server.origin,
    headers: { "User-Agent": "ludex-client-test" },
    fetch: async (request) => {
      const body = request.method === "POST" ? await request.clone().text() : "";
      const response = await fetch(request);
      sent.push({
        method: request.method,
        url: new URL(request.url),
        status: response.status,
        items: body ? (JSON.parse(body) as { items: unknown[] }).items.length : 0,
        at: Date.now(),
        retryAfter: response.headers.get("Retry-After"),
      });
      return response;
    },
  });
});

/** Items for `n` files, none in the catalog but the first (a real hash of a test ROM), all valid. */
function items(n: number): MatchItem[] {
  return Array.from({ length: n }, (_, i) => ({ name: `Unknown Game ${i} (USA).gb`, size: 1024 + i, crc: (0x10000000 + i).toString(16) }));
}

/** Waits until the matching quota's window has passed, so a test starts with the whole quota. */
const freshQuota = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 100));

describe("LudexClient against ludex serve", () => {
  it("searches titles and lists platforms", async () => {
    const found = await client.search({ q: "crystal ferry" });
    expect(found.results[0]).toMatchObject({ title: "Crystal Ferry", system: "snes" });
    const onlySnes = await client.search({ q: "ferry", system: "snes", limit: 5 });
    expect(onlySnes.results.every((r) => r.system === "snes")).toBe(true);
    const { platforms } = await client.platforms();
    expect(platforms.map((p) => p.id)).toEqual(expect.arrayContaining(["atari-7800", "lynx", "nes", "snes", "gb", "gba", "psx"]));
  });

  it("reads a record by id, and follows a merged id's 301 to the record it joined", async () => {
    const kept = await client.game(catalog.keptId);
    expect(kept?.record.id).toBe(catalog.keptId);
    expect(kept?.mergedFrom).toBeUndefined();
    const sentBefore = sent.length;
    const merged = await client.game(catalog.mergedId);
    expect(merged?.mergedFrom).toBe(catalog.mergedId);
    expect(merged?.record.id).toBe(catalog.keptId);
    expect(merged?.record.releases.map((r) => r.name)).toEqual(expect.arrayContaining(["Tidepool Tales (USA)", "Shiokawa Tales (Japan)"]));
    // The redirect itself was followed by fetch: one call, answered by the kept record's URL.
    expect(sent.length).toBe(sentBefore + 1);
    expect(await client.game(999_999)).toBeUndefined();
  });

  it("splits a 101-item match into requests of 100 and 1, answering in the caller's order", async () => {
    await freshQuota();
    const batch = items(101);
    const tidepool = (await client.game(catalog.keptId))?.record as GameRecord;
    const rom = tidepool.releases.find((r) => r.name === "Tidepool Tales (USA)")?.roms[0];
    batch[100] = { name: "renamed.gb", sha1: rom?.sha1 ?? "" };
    const before = sent.length;
    const answer = await client.matchRomFiles({ systemId: "gb", items: batch });
    const posts = sent.slice(before).filter((s) => s.method === "POST");
    expect(posts.map((p) => [p.status, p.items])).toEqual([
      [200, 100],
      [200, 1],
    ]);
    expect(answer.requests).toBe(2);
    expect(answer.results).toHaveLength(101);
    expect(answer.results.map((r) => r.index)).toEqual(batch.map((_, i) => i));
    expect(answer.results[100]).toMatchObject({ status: "matched", match: { gameId: catalog.keptId, matchedBy: "sha1" } });
    expect(answer.results.slice(0, 100).every((r) => r.status === "notFound")).toBe(true);
  });

  it("keeps a group's items in one request and maps the groups back to the caller's indexes", async () => {
    await freshQuota();
    const batch = items(120);
    for (let i = 95; i < 105; i++) batch[i] = { ...batch[i], group: "Disc Set.m3u" };
    const before = sent.length;
    const answer = await client.matchRomFiles({ systemId: "gb", items: batch });
    const posts = sent.slice(before).filter((s) => s.method === "POST");
    expect(posts.map((p) => p.items)).toEqual([95, 25]);
    expect(answer.groups).toHaveLength(1);
    expect(answer.groups[0]?.items).toEqual([95, 96, 97, 98, 99, 100, 101, 102, 103, 104]);
  });

  it("waits for Retry-After when over the quota, then gets the answer", async () => {
    await freshQuota();
    const before = sent.length;
    const first = client.matchRomFiles({ systemId: "gb", items: items(100) });
    await first;
    // 100 + 100 is over the quota of 150: the second request is refused once, then sent again.
    const started = Date.now();
    const answer = await client.matchRomFiles({ systemId: "gb", items: items(100) });
    const posts = sent.slice(before).filter((s) => s.method === "POST");
    expect(posts.map((p) => p.status)).toEqual([200, 429, 200]);
    const refused = posts[1] as Sent;
    const retried = posts[2] as Sent;
    const wait = Number(refused.retryAfter);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(retried.at - refused.at).toBeGreaterThanOrEqual(wait * 1000 - 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(wait * 1000 - 50);
    expect(answer.results).toHaveLength(100);
  });

  it("fails with the problem when retries are exhausted", async () => {
    await freshQuota();
    const impatient = new LudexClient({ baseUrl: server.origin, maxRetries: 0 });
    await impatient.matchRomFiles({ systemId: "gb", items: items(100) });
    const error = await impatient.matchRomFiles({ systemId: "gb", items: items(100) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LudexApiError);
    expect((error as LudexApiError).status).toBe(429);
    expect((error as LudexApiError).problem?.status).toBe(429);
  });

  it("pages the change feed to its end", async () => {
    const one = await client.allChanges(catalog.firstVersion, { limit: 1 });
    const whole = await client.allChanges(catalog.firstVersion, { limit: 100 });
    expect(whole.pages).toBe(1);
    expect(one.pages).toBe(whole.changes.length);
    expect(one.pages).toBeGreaterThanOrEqual(2);
    expect(one.changes).toEqual(whole.changes);
    expect(one.catalogVersion).toBe((await client.health()).catalogVersion);
    expect(one.changes).toContainEqual(expect.objectContaining({ id: catalog.mergedId, change: "merged", into: catalog.keptId }));
    const offsets = sent
      .filter((s) => s.url.pathname === "/api/v1/changes/" && s.url.searchParams.get("limit") === "1")
      .map((s) => s.url.searchParams.get("offset"));
    expect(offsets).toEqual([null, ...Array.from({ length: one.pages - 1 }, (_, i) => String(i + 1))]);
    const expired = await client.allChanges("AAAAAAAAAAAAAAAA").catch((e: unknown) => e);
    expect((expired as LudexApiError).status).toBe(410);
  });

  it("lists the dumps and downloads one", async () => {
    const listing = await client.dumps();
    const lynx = listing.dumps.find((d) => d.system === "lynx");
    expect(lynx?.records).toBe(1);
    const stream = await client.dump("lynx");
    const bytes = Buffer.from(await new Response(stream).arrayBuffer());
    expect(bytes.length).toBe(lynx?.bytes);
    const lines = gunzipSync(bytes).toString("utf8").trim().split("\n");
    expect(JSON.parse(lines[0] as string)).toMatchObject({ format: "ludex-dump", system: "lynx", records: 1 });
    expect(JSON.parse(lines[1] as string)).toMatchObject({ title: "Pebble Pilots" });
  });

  it("reads the health and the release feed", async () => {
    expect(await client.health()).toMatchObject({ status: "ok" });
    const feed = await client.releaseFeed();
    expect(feed.application.name.length).toBeGreaterThan(0);
  });
});

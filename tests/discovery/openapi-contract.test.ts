import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { OpenApiDocument } from "../../src/http/openapi-types.ts";
import { http, type RawResponse } from "../helpers/http.ts";
import { mergedCatalog, type MergedCatalog } from "../helpers/merged-catalog.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { authorizeQuery, authorizeWithoutBrowser, CookieClient, pkcePair, type TestClient } from "../oauth/browserless-client.ts";
import { startDiscoveryServer, type DiscoveryServer } from "./discovery-server.ts";
import { createResponseValidator, type ResponseValidator } from "./openapi-validator.ts";

/**
 * The contract test: real requests to every operation of the published OpenAPI document, on a
 * real server over the sample catalog, each answer (status, headers, body) validated against the
 * document with Ajv. It triggers every response status the document lists, and fails when one is
 * never seen, so the document can neither miss an answer the server gives nor list one it never
 * gives.
 */

const MATCH_QUOTA = 20;
const credentials = { username: "ada", password: "correct horse battery staple" };
const redirectUri = "https://app.example/cb";

let live: DiscoveryServer;
/** No catalog build (503s) and a registration quota of one (429). */
let down: DiscoveryServer;
/** A catalog in which one game merged into another (its id answers 301). */
let merged: DiscoveryServer;
let mergedIds: MergedCatalog;
let doc: OpenApiDocument;
let validator: ResponseValidator;
const seen = new Set<string>();
const failures: string[] = [];

beforeAll(async () => {
  live = await startDiscoveryServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_MATCH_RATE_LIMIT: String(MATCH_QUOTA) });
  down = await startDiscoveryServer(
    { LUDEX_BUILD_DIR: tempDir("ludex-no-build-") },
    { oauth: { registrationLimit: { quota: 1, windowSeconds: 3600 } } },
  );
  mergedIds = mergedCatalog({ pages: false });
  merged = await startDiscoveryServer({ LUDEX_BUILD_DIR: mergedIds.buildDir });
  const published = await http(live.url("/openapi.json"));
  expect(published.status).toBe(200);
  doc = JSON.parse(published.body.toString("utf8")) as OpenApiDocument;
  validator = createResponseValidator(doc);
  await live.ludex.oauth.members.add({ username: credentials.username, displayName: "Ada", password: credentials.password });
});

afterAll(() => {
  // Reported once more at the end, so that a failure in one call is not lost among the others.
  expect(failures).toEqual([]);
});

interface Call {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

/** One request; its answer is checked against the document and counted. */
async function call(server: DiscoveryServer, target: string, init: Call = {}): Promise<RawResponse> {
  const method = init.method ?? "GET";
  const res = await http(server.url(target), { method, headers: init.headers ?? {}, body: init.body });
  const path = new URL(target, "http://x").pathname;
  const errors = validator.check({ method, path, status: res.status, headers: res.headers, body: res.body });
  failures.push(...errors);
  expect(errors, `${method} ${target}`).toEqual([]);
  const documented = validator.documented(method, path, res.status);
  if (documented) seen.add(`${documented.operationId} ${res.status}`);
  return res;
}

const json = (value: unknown): Call => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(value) });
const form = (fields: Record<string, string>): Call => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("searchGames", () => {
  it("searches, lists platforms and revalidates", async () => {
    const found = await call(live, "/api/v1/agent/games/?q=starfall&limit=5");
    expect(found.status).toBe(200);
    expect(found.json<{ total: number }>().total).toBeGreaterThan(0);
    expect((await call(live, "/api/v1/agent/games/?platforms=1")).status).toBe(200);
    expect(
      (await call(live, "/api/v1/agent/games/?q=starfall&limit=5", { headers: { "if-none-match": found.headers.etag ?? "" } })).status,
    ).toBe(304);
  });

  it("refuses invalid requests with 422", async () => {
    for (const target of [
      "/api/v1/agent/games/",
      "/api/v1/agent/games/?q=x&limit=31",
      "/api/v1/agent/games/?q=x&system=amiga-cd64",
      `/api/v1/agent/games/?q=${"x".repeat(121)}`,
    ]) {
      expect((await call(live, target)).status, target).toBe(422);
    }
  });

  it("answers 503 without a catalog", async () => {
    expect((await call(down, "/api/v1/agent/games/?q=starfall")).status).toBe(503);
  });
});

describe("getOrSearchGameCatalog", () => {
  it("answers records, pages and the platform list, and revalidates", async () => {
    const id = (await call(live, "/api/v1/agent/games/?q=starfall")).json<{ results: { id: number }[] }>().results[0]?.id;
    const record = await call(live, `/api/v1/games/?id=${id}`);
    expect(record.status).toBe(200);
    const page = await call(live, "/api/v1/games/?system=snes&limit=2");
    expect(page.headers.link).toMatch(/rel="next"/);
    expect((await call(live, "/api/v1/games/?q=starfall")).status).toBe(200);
    expect((await call(live, "/api/v1/games/")).status).toBe(200);
    expect((await call(live, `/api/v1/games/?id=${id}`, { headers: { "if-none-match": record.headers.etag ?? "" } })).status).toBe(304);
  });

  it("answers 301 for an id that merged into another game", async () => {
    const res = await call(merged, `/api/v1/games/?id=${mergedIds.mergedId}`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(merged.url(`/api/v1/games/?id=${mergedIds.keptId}`));
  });

  it("answers 404 for an unknown id and 422 for bad parameters", async () => {
    expect((await call(live, "/api/v1/games/?id=999999")).status).toBe(404);
    for (const target of [
      "/api/v1/games/?id=0",
      "/api/v1/games/?limit=101",
      "/api/v1/games/?system=snes&system=nes",
      "/api/v1/games/?offset=-1",
    ]) {
      expect((await call(live, target)).status, target).toBe(422);
    }
  });

  it("answers 503 without a catalog", async () => {
    expect((await call(down, "/api/v1/games/?id=1")).status).toBe(503);
  });
});

describe("matchRomFiles", () => {
  it("matches items, each on its own", async () => {
    const res = await call(
      live,
      "/api/v1/games/",
      json({
        systemId: "snes",
        items: [{ name: "Legend of Starfall, The (USA).sfc" }, { crc: "zz" }, { name: "Nothing Like It (World).sfc" }],
        artworkTypes: ["boxart"],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json<{ results: { status: string }[] }>().results.map((r) => r.status)).toEqual(["matched", "invalid", "notFound"]);
  });

  it("answers the documented request example as the documented 200 example says", async () => {
    // Walks the published document, so the test checks what clients read, not the source's constants.
    const at = (value: unknown, ...keys: string[]): unknown =>
      keys.reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), value);
    const operation = at(doc, "paths", "/api/v1/games/", "post");
    const requests = at(operation, "requestBody", "content", "application/json", "examples") as Record<string, { value: unknown }>;
    const answers = at(operation, "responses", "200", "content", "application/json", "examples") as Record<string, { value: unknown }>;
    const documented = Object.values(answers).map((a) => a.value);
    for (const [name, { value }] of Object.entries(requests)) {
      const res = await call(live, "/api/v1/games/", json(value));
      expect(res.status, name).toBe(200);
      // The example is written against the sample catalog, so the whole answer must be the same.
      expect(res.json(), name).toEqual(documented.find((d) => at(d, "results") !== undefined));
    }
  });

  it("decides grouped items together in groups", async () => {
    const group = "Legend of Starfall/";
    const res = await call(
      live,
      "/api/v1/games/",
      json({
        systemId: "snes",
        items: [
          { name: "Legend of Starfall, The (USA).sfc", group },
          { name: "Nothing Like It (World).sfc", group },
          { crc: "zz", group },
        ],
      }),
    );
    expect(res.json<{ groups: { status: string; unknown: number[] }[] }>().groups).toEqual([
      expect.objectContaining({ status: "matched", unknown: [1, 2] }),
    ]);
  });

  it("refuses bad bodies: 400, 413, 415, 422", async () => {
    expect(
      (await call(live, "/api/v1/games/", { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status,
    ).toBe(400);
    expect(
      (
        await call(live, "/api/v1/games/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: Buffer.alloc(200 * 1024, 32),
        })
      ).status,
    ).toBe(413);
    expect((await call(live, "/api/v1/games/", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" })).status).toBe(415);
    expect((await call(live, "/api/v1/games/", json({ items: [] }))).status).toBe(422);
    expect((await call(live, "/api/v1/games/", json({ systemId: "amiga-cd64", items: [{ name: "x" }] }))).status).toBe(422);
    expect(
      (await call(live, "/api/v1/games/", json({ systemId: "snes", items: Array.from({ length: 101 }, () => ({ name: "x" })) }))).status,
    ).toBe(422);
  });

  it("answers 429 past the quota", async () => {
    const items = Array.from({ length: MATCH_QUOTA }, (_, i) => ({ name: `File ${i} (World).sfc` }));
    expect((await call(live, "/api/v1/games/", json({ systemId: "snes", items }))).status).toBe(429);
  });

  it("answers 503 without a catalog", async () => {
    expect((await call(down, "/api/v1/games/", json({ systemId: "snes", items: [{ name: "x" }] }))).status).toBe(503);
  });
});

describe("getCatalogChanges and getCatalogDumps", () => {
  it("answers the change feed: index, a page, 304, 404, 410 and 422", async () => {
    const index = await call(live, "/api/v1/changes/");
    expect(index.status).toBe(200);
    const { catalogVersion } = index.json<{ catalogVersion: string }>();
    const page = await call(live, `/api/v1/changes/?since=${catalogVersion}&limit=10`);
    expect(page.json<{ total: number }>().total).toBe(0);
    expect((await call(live, "/api/v1/changes/", { headers: { "if-none-match": index.headers.etag ?? "" } })).status).toBe(304);
    // The fixture's only build published the first import, which has nothing to review against
    // (tests/catalog/changes/change-feed.test.ts reads a review after a second import).
    expect((await call(live, `/api/v1/changes/?review=${catalogVersion}`)).status).toBe(404);
    expect((await call(live, "/api/v1/changes/?since=AAAAAAAAAAAAAAAA")).status).toBe(410);
    expect((await call(live, "/api/v1/changes/?since=2999-01-01T00:00:00Z")).status).toBe(422);
    expect((await call(down, "/api/v1/changes/")).status).toBe(503);
  });

  it("lists and serves the dumps: 200, 206, 304, 404, 416, 422", async () => {
    const listing = await call(live, "/api/v1/dumps/");
    expect(listing.status).toBe(200);
    const file = await call(live, "/api/v1/dumps/?system=snes");
    expect(file.status).toBe(200);
    expect((await call(live, "/api/v1/dumps/?system=snes", { headers: { range: "bytes=10-" } })).status).toBe(206);
    expect((await call(live, "/api/v1/dumps/?system=snes", { headers: { "if-none-match": file.headers.etag ?? "" } })).status).toBe(304);
    expect((await call(live, "/api/v1/dumps/?system=amiga-cd64")).status).toBe(404);
    expect((await call(live, "/api/v1/dumps/?system=snes", { headers: { range: "bytes=99999999-" } })).status).toBe(416);
    expect((await call(live, `/api/v1/dumps/?system=${"x".repeat(65)}`)).status).toBe(422);
    expect((await call(down, "/api/v1/dumps/")).status).toBe(503);
  });
});

describe("getReleaseFeed and getApiHealth", () => {
  it("serve the feed (and 304) and the health", async () => {
    const feed = await call(live, "/api/v1/community/");
    expect(feed.status).toBe(200);
    expect((await call(live, "/api/v1/community/", { headers: { "if-none-match": feed.headers.etag ?? "" } })).status).toBe(304);
    expect((await call(live, "/api/health/")).status).toBe(200);
  });

  it("ignore a query string, and answer another method with 405 and Allow, as their descriptions say", async () => {
    for (const p of ["/api/v1/community/", "/api/health/"]) {
      const plain = await call(live, p);
      const queried = await call(live, `${p}?x=1&format=xml`);
      expect(queried.status, p).toBe(200);
      if (p === "/api/v1/community/") expect(queried.headers.etag, p).toBe(plain.headers.etag);
      else expect(Object.keys(queried.json<{ dependencies: object }>().dependencies), p).toContain("database");
      const description = String((doc.paths[p] as Record<string, { description?: string }>).get?.description);
      expect(description, p).toContain("405 with `Allow: GET, HEAD`");
      // Other methods are the path's, not the GET operation's: the document lists no operation for them.
      for (const method of ["POST", "PUT", "DELETE"]) {
        const res = await http(live.url(p), { method });
        expect(res.status, `${method} ${p}`).toBe(405);
        expect(res.headers.allow, `${method} ${p}`).toBe("GET, HEAD");
        expect(res.headers["content-type"], `${method} ${p}`).toBe("application/problem+json");
      }
    }
  });

  it("answer 503 without a catalog", async () => {
    expect((await call(down, "/api/v1/community/")).status).toBe(503);
    expect((await call(down, "/api/health/")).status).toBe(503);
  });
});

describe("OAuth endpoints and getAuthorizedMember", () => {
  let client: TestClient;

  async function tokensFor(scope: string): Promise<{ access_token: string; refresh_token: string }> {
    const { verifier, challenge } = pkcePair();
    const location = await authorizeWithoutBrowser(
      new CookieClient(live.origin),
      authorizeQuery(client, { code_challenge: challenge, scope }),
      credentials,
    );
    const res = await call(
      live,
      "/oauth/token/",
      form({
        grant_type: "authorization_code",
        code: location.searchParams.get("code") ?? "",
        redirect_uri: redirectUri,
        client_id: client.client_id,
        code_verifier: verifier,
      }),
    );
    expect(res.status).toBe(200);
    return res.json();
  }

  it("registers clients (201) and refuses bad registrations (400, 413, 415, 429)", async () => {
    const registered = await call(
      live,
      "/oauth/register/",
      json({ client_name: "Contract", redirect_uris: [redirectUri], scope: "games.read profile.read", token_endpoint_auth_method: "none" }),
    );
    expect(registered.status).toBe(201);
    client = registered.json<TestClient>();
    const confidential = await call(
      live,
      "/oauth/register/",
      json({ client_name: "Confidential", redirect_uris: [redirectUri], scope: "profile.read" }),
    );
    expect(confidential.json<{ client_secret?: string }>().client_secret).toBeTruthy();
    expect((await call(live, "/oauth/register/", json({ redirect_uris: [redirectUri], scope: "profile.read" }))).status).toBe(400);
    expect(
      (await call(live, "/oauth/register/", json({ client_name: "x", redirect_uris: ["http://app.example/cb"], scope: "profile.read" })))
        .status,
    ).toBe(400);
    expect(
      (await call(live, "/oauth/register/", { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status,
    ).toBe(400);
    expect(
      (
        await call(live, "/oauth/register/", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: Buffer.alloc(20 * 1024, 32),
        })
      ).status,
    ).toBe(413);
    expect((await call(live, "/oauth/register/", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" })).status).toBe(
      415,
    );
    const first = json({ client_name: "One", redirect_uris: [redirectUri], scope: "profile.read" });
    expect((await call(down, "/oauth/register/", first)).status).toBe(201);
    expect((await call(down, "/oauth/register/", first)).status).toBe(429);
  });

  it("issues tokens (200) and refuses bad token requests (400, 401, 413, 415)", async () => {
    await tokensFor("profile.read");
    const refreshed = await tokensFor("games.read");
    expect(
      (
        await call(
          live,
          "/oauth/token/",
          form({ grant_type: "refresh_token", refresh_token: refreshed.refresh_token, client_id: client.client_id }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          live,
          "/oauth/token/",
          form({
            grant_type: "authorization_code",
            code: "nope",
            redirect_uri: redirectUri,
            client_id: client.client_id,
            code_verifier: "a".repeat(43),
          }),
        )
      ).status,
    ).toBe(400);
    expect((await call(live, "/oauth/token/", form({ grant_type: "password", client_id: client.client_id }))).status).toBe(400);
    expect((await call(live, "/oauth/token/", form({ grant_type: "authorization_code" }))).status).toBe(401);
    expect(
      (
        await call(live, "/oauth/token/", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: Buffer.alloc(20 * 1024, 97),
        })
      ).status,
    ).toBe(413);
    expect((await call(live, "/oauth/token/", json({ grant_type: "authorization_code" }))).status).toBe(415);
  });

  it("tells the client who authorized it (200) and refuses what it must (400, 401, 403)", async () => {
    const withProfile = await tokensFor("profile.read");
    const me = await call(live, "/api/v1/agent/me/", { headers: { authorization: `Bearer ${withProfile.access_token}` } });
    expect(me.json()).toEqual({ id: expect.any(Number), displayName: "Ada" });
    const gamesOnly = await tokensFor("games.read");
    expect((await call(live, "/api/v1/agent/me/", { headers: { authorization: `Bearer ${gamesOnly.access_token}` } })).status).toBe(403);
    expect((await call(live, "/api/v1/agent/me/")).status).toBe(401);
    expect((await call(live, "/api/v1/agent/me/", { headers: { authorization: "Bearer not-a-token" } })).status).toBe(401);
    expect((await call(live, `/api/v1/agent/me/?access_token=${withProfile.access_token}`)).status).toBe(400);
  });

  it("answers 503 temporarily_unavailable while another process holds the member database's write lock", async () => {
    const tokens = await tokensFor("profile.read");
    const other = new Database(live.config.membersDb);
    other.exec("BEGIN EXCLUSIVE");
    try {
      // Each write waits out the store's busy timeout, so the requests go at once.
      const answers = await Promise.all([
        call(
          live,
          "/oauth/token/",
          form({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id }),
        ),
        call(live, "/oauth/revoke/", form({ token: tokens.refresh_token, client_id: client.client_id })),
        call(live, "/oauth/register/", json({ redirect_uris: [redirectUri], client_name: "During the lock", scope: "profile.read" })),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });

  it("revokes tokens (200) and refuses bad revocations (400, 401, 413, 415)", async () => {
    const tokens = await tokensFor("games.read");
    expect(
      (
        await call(
          live,
          "/oauth/revoke/",
          form({ token: tokens.refresh_token, token_type_hint: "refresh_token", client_id: client.client_id }),
        )
      ).status,
    ).toBe(200);
    expect((await call(live, "/oauth/revoke/", form({ client_id: client.client_id }))).status).toBe(400);
    expect((await call(live, "/oauth/revoke/", form({ token: "x" }))).status).toBe(401);
    expect(
      (
        await call(live, "/oauth/revoke/", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: Buffer.alloc(20 * 1024, 97),
        })
      ).status,
    ).toBe(413);
    expect((await call(live, "/oauth/revoke/", json({ token: "x" }))).status).toBe(415);
  });
});

describe("the validator itself", () => {
  it("rejects answers that depart from the document", async () => {
    const res = await http(live.url("/api/health/"));
    const observed = { method: "GET", path: "/api/health/", status: 200, headers: res.headers, body: res.body };
    expect(validator.check(observed)).toEqual([]);
    const body = Buffer.from(JSON.stringify({ ...res.json<Record<string, unknown>>(), uptimeSeconds: "long" }));
    expect(validator.check({ ...observed, body }).join()).toMatch(/uptimeSeconds/);
    expect(validator.check({ ...observed, headers: { ...res.headers, "content-type": "text/html" } }).join()).toMatch(/Content-Type/);
    const { "x-request-id": _id, ...withoutId } = res.headers;
    expect(validator.check({ ...observed, headers: withoutId }).join()).toMatch(/X-Request-Id missing/);
    expect(validator.check({ ...observed, status: 418 }).join()).toMatch(/not documented/);
  });
});

describe("coverage", () => {
  it("saw every documented response of every operation", () => {
    expect(validator.documentedPairs.filter((pair) => !seen.has(pair))).toEqual([]);
  });
});

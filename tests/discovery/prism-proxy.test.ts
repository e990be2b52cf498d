import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { securitySchemeNames } from "../../src/discovery/openapi-document.ts";
import type { OpenApiDocument, OperationObject } from "../../src/http/openapi-types.ts";
import { freePort } from "../helpers/free-port.ts";
import { http, type RawResponse } from "../helpers/http.ts";
import { projectRoot } from "../helpers/paths.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { waitForPort } from "../helpers/wait-for-port.ts";
import {
  authorizeQuery,
  authorizeWithoutBrowser,
  CookieClient,
  pkcePair,
  redeemCode,
  registerClient,
  type TestClient,
} from "../oauth/browserless-client.ts";
import { startDiscoveryServer, type DiscoveryServer } from "./discovery-server.ts";

/**
 * A third-party check of the published document: Stoplight Prism 5 as a validating proxy in front
 * of a real server over the sample catalog. Every operation's documented examples (request bodies,
 * parameters) and its documented error answers go through Prism, which checks each request and
 * answer against the document and reports what departs from it in `sl-violations`. The strict
 * proxy checks requests and answers; deliberately bad requests go through a second one that checks
 * only the answers, since Prism refuses a request it finds invalid without forwarding it.
 *
 * Some documented answers cannot be reached through Prism 5 and are left to openapi-contract.test.ts:
 * a body that is not JSON (400) gets no answer at all, since Prism parses JSON bodies itself; a
 * request without credentials for the identity endpoint (401) and a method the document lists no
 * operation for (the 405 the descriptions mention) are answered by Prism; 429 and 503 need a
 * server with another configuration.
 */

const credentials = { username: "ada", password: "correct horse battery staple" };

interface Proxy {
  readonly name: string;
  readonly origin: string;
}

interface Exchange {
  readonly proxy: "strict" | "answers";
  readonly operationId: string;
  readonly target: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

let live: DiscoveryServer;
let doc: OpenApiDocument;
let workDir: string;
let strict: Proxy;
let answersOnly: Proxy;
/** A client registered and a profile.read access token got straight from the server, for requests that need them. */
let sweepClient: TestClient;
let bearer: string;
const exchanged: string[] = [];
const violations: string[] = [];
const children: ChildProcess[] = [];

async function startPrism(name: string, file: string, upstream: string, extra: readonly string[]): Promise<Proxy> {
  const port = await freePort();
  const cli = path.join(projectRoot, "node_modules", "@stoplight", "prism-cli", "dist", "index.js");
  // --errors: a violation becomes Prism's own error answer as well as the header; --cors=false: no CORS headers of Prism's own.
  const args = [cli, "proxy", file, upstream, "--port", String(port), "--host", "127.0.0.1", "--errors", "--cors=false", ...extra];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  await waitForPort(port, { timeoutMs: 60_000 }).catch((error: unknown) => {
    throw new Error(`Prism (${name}) did not start: ${String(error)}\n${output.join("")}`);
  });
  return { name, origin: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  live = await startDiscoveryServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
  const published = await http(live.url("/openapi.json"));
  expect(published.status).toBe(200);
  doc = JSON.parse(published.body.toString("utf8")) as OpenApiDocument;
  workDir = tempDir("ludex-prism-");
  const file = path.join(workDir, "openapi.json");
  writeFileSync(file, published.body);
  [strict, answersOnly] = await Promise.all([
    startPrism("strict", file, live.origin, []),
    startPrism("answers", file, live.origin, ["--validate-request=false"]),
  ]);
  await live.ludex.oauth.members.add({ username: credentials.username, displayName: "Ada", password: credentials.password });
  sweepClient = await registerClient(live.origin, {
    client_name: "Prism sweep",
    redirect_uris: ["https://app.example/cb"],
    scope: "profile.read games.read",
    token_endpoint_auth_method: "none",
  });
  bearer = await accessToken(sweepClient, "profile.read");
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  console.log(`Prism: ${exchanged.length} exchanges, ${violations.length} with violations`);
  // Repeated at the end, so that one failure is not lost among the others.
  expect(violations).toEqual([]);
});

async function accessToken(client: TestClient, scope: string): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const location = await authorizeWithoutBrowser(
    new CookieClient(live.origin),
    authorizeQuery(client, { code_challenge: challenge, scope }),
    credentials,
  );
  const res = await redeemCode(live.origin, client, location, verifier);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function operations(): { path: string; method: string; operation: OperationObject }[] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path: p, method, operation: operation as OperationObject })),
  );
}

function operationById(operationId: string): OperationObject {
  const found = operations().find((o) => o.operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found.operation;
}

/** One request through a proxy; the answer must be the server's, without a violation, and documented. */
async function send(exchange: Exchange): Promise<RawResponse> {
  const proxy = exchange.proxy === "strict" ? strict : answersOnly;
  const method = exchange.method ?? "GET";
  const res = await http(`${proxy.origin}${exchange.target}`, { method, headers: exchange.headers ?? {}, body: exchange.body });
  const where = `${exchange.operationId} ${method} ${exchange.target} via ${proxy.name} → ${res.status}`;
  exchanged.push(where);
  const reported = res.headers["sl-violations"];
  if (reported !== undefined) violations.push(`${where}: ${reported}`);
  expect.soft(reported, where).toBeUndefined();
  // Every ludex answer carries X-Request-Id; an answer Prism made up (a mock or its own error) does not.
  expect
    .soft(res.headers["x-request-id"], `${where}: not the server's answer: ${res.body.toString("utf8").slice(0, 2000)}`)
    .toBeTypeOf("string");
  expect(Object.keys(operationById(exchange.operationId).responses), where).toContain(String(res.status));
  return res;
}

type Body = Pick<Exchange, "method" | "headers" | "body">;

const jsonBody = (value: unknown): Body => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(value),
});
const formBody = (fields: Record<string, string>): Body => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** The documented request body examples of an operation, as the fields they hold. */
function requestExamples(operationId: string): { name: string; value: Record<string, string> }[] {
  return Object.values(operationById(operationId).requestBody?.content ?? {}).flatMap((media) =>
    Object.entries(media.examples ?? {}).map(([name, example]) => ({ name, value: example.value as Record<string, string> })),
  );
}

describe("Prism 5 as a validating proxy", () => {
  it("passes each parameter example of every GET operation, alone and together", async () => {
    for (const { path: p, method, operation } of operations()) {
      if (method !== "get") continue;
      const examples = (operation.parameters ?? []).flatMap((param) =>
        param.example === undefined ? [] : [[param.name, String(param.example)] as [string, string]],
      );
      const queries = [...examples.map((pair) => [pair]), examples, []];
      for (const query of queries) {
        const search = new URLSearchParams(query).toString();
        const secured = (operation.security ?? []).some((requirement) => securitySchemeNames.oauth2 in requirement);
        await send({
          proxy: "strict",
          operationId: operation.operationId,
          target: search ? `${p}?${search}` : p,
          headers: secured ? { authorization: `Bearer ${bearer}` } : {},
        });
      }
    }
  });

  it("passes representative requests with the statuses they must give", async () => {
    const index = await send({ proxy: "strict", operationId: "getCatalogChanges", target: "/api/v1/changes/" });
    const { catalogVersion } = index.json<{ catalogVersion: string }>();
    const cases: [string, string][] = [
      ["searchGames", "/api/v1/agent/games/?q=starfall&limit=5"],
      ["searchGames", "/api/v1/agent/games/?platforms=1"],
      ["getOrSearchGameCatalog", "/api/v1/games/?id=35"],
      ["getOrSearchGameCatalog", "/api/v1/games/?system=snes&limit=2"],
      ["getOrSearchGameCatalog", "/api/v1/games/"],
      ["getCatalogChanges", `/api/v1/changes/?since=${catalogVersion}&limit=10`],
      ["getCatalogDumps", "/api/v1/dumps/"],
      ["getCatalogDumps", "/api/v1/dumps/?system=snes"],
      ["getReleaseFeed", "/api/v1/community/"],
      ["getApiHealth", "/api/health/"],
    ];
    for (const [operationId, target] of cases) {
      expect((await send({ proxy: "strict", operationId, target })).status, target).toBe(200);
    }
  });

  it("passes the match request examples, and a batch with invalid items answered 200", async () => {
    for (const { name, value } of requestExamples("matchRomFiles")) {
      const res = await send({ proxy: "strict", operationId: "matchRomFiles", target: "/api/v1/games/", ...jsonBody(value) });
      expect(res.status, name).toBe(200);
    }
    // Items the server reports one by one as invalid: the request schema must not refuse the batch.
    const res = await send({
      proxy: "strict",
      operationId: "matchRomFiles",
      target: "/api/v1/games/",
      ...jsonBody({
        systemId: "snes",
        items: [
          { crc: "zz", size: 65536 },
          { md5: "0123", sha1: "not hex" },
          { name: "", size: -1 },
          { serial: "x".repeat(65), group: "" },
          { headerless: {} },
          { size: 1024 },
          { name: "Legend of Starfall, The (USA).sfc" },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json<{ results: { status: string }[] }>().results.map((r) => r.status)).toEqual([
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "matched",
    ]);
  });

  it("passes the OAuth examples as written and with real values, and the identity endpoint", async () => {
    const [registration] = requestExamples("registerOAuthClient");
    const registered = await send({
      proxy: "strict",
      operationId: "registerOAuthClient",
      target: "/oauth/register/",
      ...jsonBody(registration?.value),
    });
    expect(registered.status).toBe(201);
    const client = registered.json<TestClient>();
    // As written, the examples name a client that does not exist here: the documented 401.
    for (const [operationId, target] of [
      ["requestOAuthToken", "/oauth/token/"],
      ["revokeOAuthToken", "/oauth/revoke/"],
    ] as const) {
      for (const { name, value } of requestExamples(operationId)) {
        const res = await send({ proxy: "strict", operationId, target, ...formBody(value) });
        expect(res.status, `${operationId} ${name}`).toBe(401);
      }
    }
    // With the registered client and a real code, the same examples give tokens.
    const { verifier, challenge } = pkcePair();
    const location = await authorizeWithoutBrowser(
      new CookieClient(live.origin),
      authorizeQuery(client, { code_challenge: challenge }),
      credentials,
    );
    const [byCode, byRefresh] = requestExamples("requestOAuthToken").map((e) => e.value);
    const issued = await send({
      proxy: "strict",
      operationId: "requestOAuthToken",
      target: "/oauth/token/",
      ...formBody({ ...byCode, code: location.searchParams.get("code") ?? "", client_id: client.client_id, code_verifier: verifier }),
    });
    expect(issued.status).toBe(200);
    const tokens = issued.json<{ access_token: string; refresh_token: string }>();
    const me = await send({
      proxy: "strict",
      operationId: "getAuthorizedMember",
      target: "/api/v1/agent/me/",
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    const refreshed = await send({
      proxy: "strict",
      operationId: "requestOAuthToken",
      target: "/oauth/token/",
      ...formBody({ ...byRefresh, refresh_token: tokens.refresh_token, client_id: client.client_id }),
    });
    expect(refreshed.status).toBe(200);
    const [revocation] = requestExamples("revokeOAuthToken").map((e) => e.value);
    const revoked = await send({
      proxy: "strict",
      operationId: "revokeOAuthToken",
      target: "/oauth/revoke/",
      ...formBody({ ...revocation, token: refreshed.json<{ refresh_token: string }>().refresh_token, client_id: client.client_id }),
    });
    expect(revoked.status).toBe(200);
  });

  it("passes the documented error answers", async () => {
    const cases: [Exchange, number][] = [
      [{ proxy: "strict", operationId: "getOrSearchGameCatalog", target: "/api/v1/games/?id=999999" }, 404],
      [{ proxy: "strict", operationId: "getCatalogDumps", target: "/api/v1/dumps/?system=amiga-cd64" }, 404],
      [{ proxy: "strict", operationId: "getCatalogChanges", target: "/api/v1/changes/?since=AAAAAAAAAAAAAAAA" }, 410],
      [{ proxy: "answers", operationId: "searchGames", target: "/api/v1/agent/games/?q=x&limit=31" }, 422],
      [{ proxy: "answers", operationId: "getOrSearchGameCatalog", target: "/api/v1/games/?id=0" }, 422],
      [{ proxy: "answers", operationId: "getCatalogDumps", target: `/api/v1/dumps/?system=${"x".repeat(65)}` }, 422],
      [{ proxy: "answers", operationId: "matchRomFiles", target: "/api/v1/games/", ...jsonBody({ items: [] }) }, 422],
      [
        {
          proxy: "answers",
          operationId: "matchRomFiles",
          target: "/api/v1/games/",
          method: "POST",
          headers: { "content-type": "text/plain" },
          body: "x",
        },
        415,
      ],
      [
        {
          proxy: "answers",
          operationId: "registerOAuthClient",
          target: "/oauth/register/",
          ...jsonBody({ redirect_uris: ["https://app.example/cb"] }),
        },
        400,
      ],
      [
        { proxy: "answers", operationId: "requestOAuthToken", target: "/oauth/token/", ...formBody({ grant_type: "authorization_code" }) },
        401,
      ],
      [
        { proxy: "answers", operationId: "revokeOAuthToken", target: "/oauth/revoke/", ...formBody({ client_id: sweepClient.client_id }) },
        400,
      ],
      [
        {
          proxy: "strict",
          operationId: "requestOAuthToken",
          target: "/oauth/token/",
          ...formBody({
            grant_type: "authorization_code",
            code: "not-a-code",
            redirect_uri: "https://app.example/cb",
            client_id: sweepClient.client_id,
            code_verifier: "a".repeat(43),
          }),
        },
        400,
      ],
      [
        {
          proxy: "answers",
          operationId: "requestOAuthToken",
          target: "/oauth/token/",
          ...formBody({ grant_type: "x", pad: "a".repeat(20 * 1024) }),
        },
        413,
      ],
      [
        {
          proxy: "strict",
          operationId: "getAuthorizedMember",
          target: "/api/v1/agent/me/",
          headers: { authorization: "Bearer not-a-token" },
        },
        401,
      ],
      [
        {
          proxy: "strict",
          operationId: "getAuthorizedMember",
          target: "/api/v1/agent/me/",
          headers: { authorization: `Bearer ${await accessToken(sweepClient, "games.read")}` },
        },
        403,
      ],
      [
        {
          proxy: "answers",
          operationId: "getAuthorizedMember",
          target: `/api/v1/agent/me/?access_token=${bearer}`,
          headers: { authorization: `Bearer ${bearer}` },
        },
        400,
      ],
    ];
    for (const [exchange, expected] of cases) {
      expect((await send(exchange)).status, `${exchange.operationId} ${exchange.target}`).toBe(expected);
    }
  });

  it("refuses what departs from the document: a request outside it, and answers against a wrong copy of it", async () => {
    // Not counted as exchanges: these must be refused, by Prism itself.
    const refused = await http(`${strict.origin}/api/v1/games/?id=0`);
    expect(refused.status).toBe(422);
    expect(refused.headers["x-request-id"]).toBeUndefined();
    const wrong = structuredClone(doc);
    const health = wrong.components.schemas.Health as { properties: Record<string, object> };
    health.properties.status = { type: "string", const: "degraded" };
    const file = path.join(workDir, "wrong-openapi.json");
    writeFileSync(file, JSON.stringify(wrong));
    const wrongProxy = await startPrism("wrong", file, live.origin, []);
    const res = await http(`${wrongProxy.origin}/api/health/`);
    expect(res.headers["sl-violations"]).toMatch(/status/);
    expect(res.status).toBe(500);
  });

  it("sent something for every operation of the document", () => {
    const sent = new Set(exchanged.map((e) => e.split(" ")[0]));
    expect(
      operations()
        .map((o) => o.operation.operationId)
        .filter((id) => !sent.has(id)),
    ).toEqual([]);
  });
});

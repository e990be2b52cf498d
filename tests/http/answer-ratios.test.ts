import { existsSync } from "node:fs";
import path from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_MATCH_ITEMS } from "../../src/match/schema/match-schemas.ts";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.ts";
import { projectRoot } from "../helpers/paths.ts";
import { startTestServer } from "../helpers/test-server.ts";

/**
 * The worst answer/request byte ratio per route on the sample catalog, with the inputs that
 * inflated answers most (the reproductions of the agent endpoints' batches and BOM bodies among
 * them), counted on the wire by a proxy: a request is what the client wrote (request line,
 * headers, body), an answer what the server wrote. The table is printed (docs/performance.md
 * §Answer ratios quotes it); every answer the request shapes stays within 200 times its request.
 * Fixed documents (the same bytes for every asker, cacheable, revalidated with 304) are printed
 * beside them and bounded by their own size (tests/http/answer-bounds.test.ts).
 */

/** The ceiling: no request may make the server write more than this many times its size. */
const MAX_RATIO = 200;

type Kind = "request-driven" | "fixed";

interface Measured {
  readonly route: string;
  readonly input: string;
  readonly kind: Kind;
  readonly status: number;
  readonly requestBytes: number;
  readonly answerBytes: number;
}

const BOM = "\uFEFF";
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const rpc = (id: number, method: string, params?: unknown): Record<string, unknown> => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
const batch = (size: number, make: (id: number) => unknown): unknown[] => Array.from({ length: size }, (_, i) => make(i + 1));
const matchCall = (id: number): unknown =>
  rpc(id, "tools/call", {
    name: "match_roms",
    arguments: { systemId: "snes", items: Array.from({ length: MAX_MATCH_ITEMS }, () => ({ name: "a" })) },
  });
const llmsFull = (id: number): unknown => rpc(id, "resources/read", { uri: "https://ludex.test/llms-full.txt" });
const a2aSend = (id: number, text: string): unknown =>
  rpc(id, "message/send", { message: { kind: "message", messageId: `m${id}`, role: "user", parts: [{ kind: "text", text }] } });

describe("answer/request byte ratios per route (sample catalog)", () => {
  let proxy: CountingProxy;
  const measured: Measured[] = [];

  beforeAll(async () => {
    const server = await startTestServer({
      LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
      LUDEX_MATCH_RATE_LIMIT: "off",
      LUDEX_REGISTRATION_RATE_LIMIT: "0",
    });
    proxy = await startCountingProxy(Number(new URL(server.origin).port));
  });

  afterAll(() => {
    const rows = measured.map((m) =>
      [
        m.route,
        m.input,
        m.kind,
        String(m.status),
        String(m.requestBytes),
        String(m.answerBytes),
        (m.answerBytes / m.requestBytes).toFixed(1),
      ].join(" | "),
    );
    console.log(["route | input | kind | status | request B | answer B | ratio", ...rows].join("\n"));
  });

  async function send(
    route: string,
    input: string,
    kind: Kind,
    init: { method: "GET" | "POST"; path: string; body?: string; headers?: Record<string, string> },
  ): Promise<Measured> {
    const before = proxy.counts();
    const res = await request(`${proxy.origin}${init.path}`, {
      method: init.method,
      headers: init.headers ?? {},
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    await res.body.arrayBuffer();
    const after = proxy.counts();
    const m = {
      route,
      input,
      kind,
      status: res.statusCode,
      requestBytes: after.sent - before.sent,
      answerBytes: after.received - before.received,
    };
    measured.push(m);
    return m;
  }

  const within = (m: Measured): void => {
    expect(m.requestBytes, m.input).toBeGreaterThan(0);
    expect(m.answerBytes / m.requestBytes, `${m.route} ${m.input}`).toBeLessThanOrEqual(MAX_RATIO);
  };

  it("POST /mcp/: single calls, batches of 100 under each protocol version, with and without a BOM", async () => {
    const post = (input: string, body: string, headers: Record<string, string> = {}): Promise<Measured> =>
      send("POST /mcp/", input, "request-driven", { method: "POST", path: "/mcp/", body, headers: { ...mcpHeaders, ...headers } });
    const listBatch = JSON.stringify(batch(100, (id) => rpc(id, "tools/list")));
    const cases = [
      await post("100 × tools/list (no version header: 2025-03-26)", listBatch),
      await post("100 × tools/list, MCP-Protocol-Version 2025-11-25", listBatch, { "mcp-protocol-version": "2025-11-25" }),
      await post("BOM + 100 × tools/list, 2025-11-25", BOM + listBatch, { "mcp-protocol-version": "2025-11-25" }),
      await post("100 × resources/read llms-full.txt (2025-03-26)", JSON.stringify(batch(100, llmsFull))),
      await post("BOM + 100 × match_roms × 100 items", BOM + JSON.stringify(batch(100, matchCall))),
      await post("match_roms × 100 items", JSON.stringify(matchCall(1))),
      // The largest batches 2025-03-26 still takes: 20 messages, answers bounded in bytes.
      await post("20 × tools/list (2025-03-26)", JSON.stringify(batch(20, (id) => rpc(id, "tools/list")))),
      await post("20 × resources/read llms-full.txt (2025-03-26)", JSON.stringify(batch(20, llmsFull))),
      await post(
        "20 × search_games 'a', limit 30 (2025-03-26)",
        JSON.stringify(
          batch(20, (id) => rpc(id, "tools/call", { name: "search_games", arguments: { query: "a", limit: 30, kind: "any" } })),
        ),
      ),
      await post(
        "1 × search_games 'a', 19 × ping (2025-03-26)",
        JSON.stringify([
          rpc(1, "tools/call", { name: "search_games", arguments: { query: "a", limit: 30, kind: "any" } }),
          ...batch(19, (id) => rpc(id + 1, "ping")),
        ]),
      ),
    ];
    for (const m of cases) within(m);
    // Fixed documents through MCP, the same for every asker: the tool list (bounded in bytes by
    // tests/http/answer-bounds.test.ts), and the same text as GET /llms-full.txt.
    await send("POST /mcp/", "tools/list", "fixed", {
      method: "POST",
      path: "/mcp/",
      body: JSON.stringify(rpc(1, "tools/list")),
      headers: mcpHeaders,
    });
    await send("POST /mcp/", "resources/read llms-full.txt", "fixed", {
      method: "POST",
      path: "/mcp/",
      body: JSON.stringify(llmsFull(1)),
      headers: mcpHeaders,
    });
  });

  it("POST /a2a/: a search in plain language, and a JSON-RPC batch of 100", async () => {
    const post = (input: string, body: string): Promise<Measured> =>
      send("POST /a2a/", input, "request-driven", { method: "POST", path: "/a2a/", body, headers: { "content-type": "application/json" } });
    within(await post("message/send 'a'", JSON.stringify(a2aSend(1, "a"))));
    within(await post("BOM + message/send 'a'", BOM + JSON.stringify(a2aSend(1, "a"))));
    within(await post("100 × message/send 'a'", JSON.stringify(batch(100, (id) => a2aSend(id, "a")))));
  });

  it("POST /api/v1/games/ and the searches: 100 fuzzy items, the largest page", async () => {
    const items = JSON.stringify({ systemId: "snes", items: Array.from({ length: MAX_MATCH_ITEMS }, () => ({ name: "a" })) });
    const json = { "content-type": "application/json" };
    within(
      await send("POST /api/v1/games/", "snes: 100 × {name:a}", "request-driven", {
        method: "POST",
        path: "/api/v1/games/",
        body: items,
        headers: json,
      }),
    );
    within(
      await send("POST /api/v1/games/", "BOM + snes: 100 × {name:a}", "request-driven", {
        method: "POST",
        path: "/api/v1/games/",
        body: BOM + items,
        headers: json,
      }),
    );
    // The sample's widest listing (every SNES record), and a title search with hits.
    const listing = await send("GET /api/v1/games/", "system=snes&limit=100&kind=any", "request-driven", {
      method: "GET",
      path: "/api/v1/games/?system=snes&limit=100&kind=any",
    });
    expect(listing.answerBytes).toBeGreaterThan(1500);
    within(listing);
    within(
      await send("GET /api/v1/games/", "q=quest&limit=100&kind=any", "request-driven", {
        method: "GET",
        path: "/api/v1/games/?q=quest&limit=100&kind=any",
      }),
    );
    within(
      await send("GET /api/v1/agent/games/", "q=quest&limit=30&kind=any", "request-driven", {
        method: "GET",
        path: "/api/v1/agent/games/?q=quest&limit=30&kind=any",
      }),
    );
    within(
      await send("POST /oauth/register/", "one redirect URI", "request-driven", {
        method: "POST",
        path: "/oauth/register/",
        body: JSON.stringify({ client_name: "ratio", redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none" }),
        headers: json,
      }),
    );
  });

  it("fixed documents: answered whole once, then 304 on revalidation", async () => {
    // /docs/ only where the pages are built (npm test builds them first).
    const docs = existsSync(path.join(projectRoot, "dist", "site", "server", "entry.mjs")) ? ["/docs/"] : [];
    for (const path of ["/openapi.json", "/llms-full.txt", "/.well-known/api-catalog", "/.well-known/agent-card.json", ...docs]) {
      await send(`GET ${path}`, "", "fixed", { method: "GET", path });
      await send(`GET ${path}`, "Accept-Encoding: gzip", "fixed", { method: "GET", path, headers: { "accept-encoding": "gzip" } });
      const first = await request(`${proxy.origin}${path}`);
      await first.body.arrayBuffer();
      const etag = String(first.headers.etag ?? "");
      expect(etag, path).not.toBe("");
      const again = await send(`GET ${path}`, "If-None-Match", "fixed", { method: "GET", path, headers: { "if-none-match": etag } });
      expect(again.status, path).toBe(304);
      within(again);
    }
  });
});

import fc from "fast-check";
import net from "node:net";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Sends bytes as they are (no client-side validation) and reads one answer; fails on a hang. */
function raw(port: number, request: Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.subarray(0, 200).toString("latin1"))}`));
    }, timeoutMs);
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

const paths = [
  "/api/v1/agent/games/",
  "/api/v1/games/",
  "/api/v1/community/",
  "/api/v1/changes/",
  "/api/v1/dumps/",
  "/api/health/",
  "/api/v1/agent/me/",
  "/oauth/register/",
  "/oauth/token/",
  "/oauth/revoke/",
  "/oauth/authorize/",
  "/.well-known/oauth-authorization-server",
  "/mcp/",
  "/a2a/",
  "/",
  "/games/1/",
  "/games/1/some-title/",
  "/platforms/snes/",
  "/platforms/snes/page/2/",
  "/search/",
  "/sitemap.xml",
  "/sitemaps/games-1.xml",
];
const params = ["q", "system", "limit", "platforms", "id", "offset", "since", "client_id", "redirect_uri", "code_challenge", "token"];
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1e9",
    "NaN",
    "null",
    "%00",
    "%ff%fe",
    "..%2f..%2fetc%2fpasswd",
    "\u0000",
    "\u202e",
    "😀".repeat(200),
    "a".repeat(5000),
    "1".repeat(30),
  ),
  fc.integer().map(String),
);
const query = fc
  .array(fc.tuple(fc.constantFrom(...params), nasty), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&"));
const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...paths) },
  fc.constantFrom(
    "/..%2f..%2fetc/passwd",
    "/api/v1/../../../etc/passwd",
    "//evil.example/x",
    "/%00",
    "/api/v1/games/%2e%2e/",
    "/static/records/1.json",
    "/shards/",
    "/.env",
  ),
  fc.webPath(),
);
const deepJson = fc.integer({ min: 1, max: 5000 }).map((n) => "[".repeat(n) + "]".repeat(n));
const body = fc.oneof(
  fc.constant(""),
  fc.json(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constant('{"systemId":"snes","items":['),
  fc.constant('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}'),
  fc.constant(JSON.stringify({ systemId: "snes", items: Array(150).fill({ crc: "00000000" }) })),
  fc.constant(JSON.stringify({ systemId: "snes", items: Array(20000).fill(1) })),
  deepJson,
  fc.string(),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString("latin1")),
);
const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/x-www-form-urlencoded",
  "text/plain",
  "application/json; charset=utf-16",
  "multipart/form-data; boundary=x",
  "",
);
const method = fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND");

/** Bodies an error may carry: problem+json, the OAuth JSON form, JSON-RPC, or an HTML page (OAuth error pages). */
function typedError(answer: RawAnswer): boolean {
  const type = (answer.headers["content-type"] ?? "").split(";")[0];
  if (answer.body === "") return true;
  if (type === "application/problem+json") return /"status":\d{3}/.test(answer.body);
  if (type === "application/json") return /"error"/.test(answer.body) || /"jsonrpc"/.test(answer.body);
  if (type === "text/event-stream") return /"jsonrpc"/.test(answer.body);
  return type === "text/html" || type === "text/plain";
}

let server: RunningServer;
let port = 0;
beforeAll(async () => {
  // Short timeouts, so that requests that never finish (truncated bodies) are answered within the test.
  server = await startTestServer({
    LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
    LUDEX_HEADERS_TIMEOUT_MS: "2000",
    LUDEX_REQUEST_TIMEOUT_MS: "2000",
  });
  port = Number(new URL(server.origin).port);
});

describe("fuzzing every route with generated and malformed requests", () => {
  it("never answers 5xx, never hangs, and types every error", async () => {
    await fc.assert(
      fc.asyncProperty(method, path, query, body, contentType, fc.boolean(), async (m, p, q, b, type, duplicate) => {
        const target = `${p}${q ? `?${q}${duplicate ? `&${q}` : ""}` : ""}`;
        const payload = Buffer.from(b, "latin1");
        const head = [
          `${m} ${target} HTTP/1.1`,
          "Host: ludex.test",
          ...(type !== undefined ? [`Content-Type: ${type}`] : []),
          ...(m === "GET" || m === "HEAD" ? [] : [`Content-Length: ${payload.length}`]),
          "Connection: close",
          "",
          "",
        ].join("\r\n");
        const answer = await raw(
          port,
          Buffer.concat([Buffer.from(head, "latin1"), m === "GET" || m === "HEAD" ? Buffer.alloc(0) : payload]),
        );
        expect(answer.status, `${m} ${target}`).toBeGreaterThanOrEqual(100);
        expect(answer.status, `${m} ${target}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
        if (answer.status >= 400 && m !== "HEAD")
          expect(
            typedError(answer),
            `${m} ${target} → ${answer.status} ${answer.headers["content-type"]} ${answer.body.slice(0, 200)}`,
          ).toBe(true);
      }),
      { numRuns: 400 },
    );
    // Still alive and well.
    expect((await raw(port, Buffer.from("GET /api/health/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))).status).toBe(200);
  }, 120_000);

  it("answers truncated requests, truncated bodies and garbage request lines with 4xx or a closed connection", async () => {
    const cases = [
      "GARBAGE\r\n\r\n",
      "GET\r\n\r\n",
      "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
      'POST /api/v1/games/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"systemId":',
      "GET /api/v1/games/?id=1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
      `GET /${"a".repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    for (const request of cases) {
      const answer = await raw(port, Buffer.from(request, "latin1"), 8000);
      if (answer.status !== 0) expect(answer.status, request.slice(0, 60)).toBeLessThan(500);
    }
  }, 60_000);
});

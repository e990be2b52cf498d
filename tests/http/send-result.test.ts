import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpResult } from "../../src/http/http-types.ts";
import { sendResult } from "../../src/http/send-result.ts";
import { http } from "../helpers/http.ts";

const body = Buffer.from(JSON.stringify({ title: "Starfall", words: "x".repeat(2000) }));
const shared = { "access-control-allow-origin": "*", "x-request-id": "req-1" };

/** What the server answers, by path. */
const results: Record<string, HttpResult> = {
  "/record": {
    status: 200,
    etag: '"abc"',
    lastModified: "Tue, 01 Sep 2026 00:00:00 GMT",
    headers: { "content-type": "application/json", "cache-control": "public, max-age=60" },
    body,
    compressible: true,
  },
  "/own-fields": {
    status: 200,
    headers: { "content-type": "application/json", vary: "Authorization", "access-control-allow-origin": "https://app.example" },
    body: "{}",
    compressible: true,
  },
  "/created": { status: 201, etag: '"new"', headers: { "content-type": "text/plain" }, body: "made" },
};

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const result = results[req.url ?? ""];
    if (result) sendResult(req, res, result, shared);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("sendResult", () => {
  it("writes the shared fields, the result's fields and its validators", async () => {
    const res = await http(`${origin}/record`);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      "access-control-allow-origin": "*",
      "x-request-id": "req-1",
      "content-type": "application/json",
      "cache-control": "public, max-age=60",
      vary: "Accept-Encoding",
      etag: '"abc"',
      "last-modified": "Tue, 01 Sep 2026 00:00:00 GMT",
      "content-length": String(body.length),
    });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.equals(body)).toBe(true);
  });

  it("lets a result's own field replace a shared one, and adds Accept-Encoding to its Vary", async () => {
    const res = await http(`${origin}/own-fields`);
    expect(res.headers["access-control-allow-origin"]).toBe("https://app.example");
    expect(res.headers["x-request-id"]).toBe("req-1");
    expect(res.headers.vary).toBe("Authorization, Accept-Encoding");
    expect(res.headers["content-length"]).toBe("2");
  });

  it("sends a coded variant with its own ETag and length", async () => {
    const res = await http(`${origin}/record`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.etag).toBe('"abc-br"');
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(brotliDecompressSync(res.body).equals(body)).toBe(true);
  });

  it("answers a matching If-None-Match with 304 and only the fields a 304 repeats", async () => {
    const res = await http(`${origin}/record`, { headers: { "if-none-match": '"abc"' } });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers).toMatchObject({
      etag: '"abc"',
      "cache-control": "public, max-age=60",
      vary: "Accept-Encoding",
      "last-modified": "Tue, 01 Sep 2026 00:00:00 GMT",
      "access-control-allow-origin": "*",
      "x-request-id": "req-1",
    });
    expect(res.headers["content-type"]).toBeUndefined();
    expect(res.headers["content-length"]).toBeUndefined();
    const coded = await http(`${origin}/record`, { headers: { "if-none-match": '"abc-br"', "accept-encoding": "br" } });
    expect(coded.status).toBe(304);
    expect((await http(`${origin}/record`, { headers: { "if-none-match": '"abc-br"' } })).status).toBe(200);
  });

  it("answers If-Modified-Since without If-None-Match, and only for 200", async () => {
    const since = { "if-modified-since": "Wed, 02 Sep 2026 00:00:00 GMT" };
    expect((await http(`${origin}/record`, { headers: since })).status).toBe(304);
    expect((await http(`${origin}/record`, { headers: { ...since, "if-none-match": '"other"' } })).status).toBe(200);
    expect((await http(`${origin}/created`, { headers: { "if-none-match": '"new"' } })).status).toBe(201);
  });

  it("answers HEAD with the GET's fields and no body", async () => {
    const res = await http(`${origin}/record`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers["content-length"]).toBe(String(body.length));
    expect(res.body.length).toBe(0);
  });
});

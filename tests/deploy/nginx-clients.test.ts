import net from "node:net";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nginxBinary, startNginx, type Nginx } from "../helpers/cluster.ts";
import { freePort } from "../helpers/free-port.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";

/**
 * ludex behind the configuration `ludex nginx-config` writes, with real nginx, for hostile or
 * careless clients: each client keeps its own address (sign-in lockouts and quotas are per
 * client, not per nginx), a client dripping its headers is cut off within the Node server's
 * limits, and the answers nginx writes itself carry the security headers of ludex's pages.
 */

/** The Node server's header timeout, short here so that the drip test takes seconds. */
const HEADERS_TIMEOUT_MS = 2_000;
const password = "correct horse battery";

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Writes raw bytes to nginx and reads the answer until nginx closes the connection. */
function raw(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
    socket.write(bytes);
  });
}

describe.skipIf(nginxBinary === undefined)("clients through the generated nginx configuration", () => {
  let node: RunningServer;
  let nginx: Nginx;
  const agents: Agent[] = [];

  /** A client whose connections come from `address` (a loopback address of its own). */
  function clientAt(address: string): Agent {
    // undici's connect options take no local address: the socket is opened here, bound to it.
    const agent = new Agent({
      connect: (options, callback) => {
        const socket = net.connect({ host: options.hostname, port: Number(options.port), localAddress: address });
        socket.once("connect", () => callback(null, socket));
        socket.once("error", (error) => callback(error, null));
      },
    });
    agents.push(agent);
    return agent;
  }

  beforeAll(async () => {
    // No LUDEX_TRUSTED_PROXIES: the default must be right for nginx on the same host.
    node = await startTestServer({
      LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir,
      LUDEX_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    });
    await node.ludex.oauth.members.add({ username: "ada", displayName: "Ada", password });
    const { http: limits } = node.config;
    nginx = await startNginx([new URL(node.origin).host], node.config.buildDir, undefined, {
      headersTimeoutMs: limits.headersTimeoutMs,
      requestTimeoutMs: limits.requestTimeoutMs,
      keepAliveTimeoutMs: limits.keepAliveTimeoutMs,
      bodyLimit: node.config.agentBodyLimit,
    });
  });

  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close()));
    await nginx?.stop();
  });

  /** Signs in from `agent`'s address: the page's CSRF cookie and token, then the form. */
  async function signIn(agent: Agent, username: string, secret: string): Promise<number> {
    const page = await request(`${nginx.origin}/account/apps/`, { dispatcher: agent });
    const html = await page.body.text();
    const token = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const setCookie = page.headers["set-cookie"];
    const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ""]).map((line) => line.split(";")[0]).join("; ");
    expect(token).not.toBe("");
    const res = await request(`${nginx.origin}/oauth/sign-in/`, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrf_token: token, continue: "/account/apps/", username, password: secret }).toString(),
    });
    await res.body.arrayBuffer();
    return res.statusCode;
  }

  it("ten failed sign-ins from 127.0.0.2 lock out 127.0.0.2 only: a member signs in from 127.0.0.3", async () => {
    const attacker = clientAt("127.0.0.2");
    for (let i = 0; i < 10; i++) expect(await signIn(attacker, "ada", `wrong ${i}`)).toBe(400);
    expect(await signIn(attacker, "ada", password)).toBe(429);
    expect(await signIn(clientAt("127.0.0.3"), "ada", password)).toBe(303);
  });

  it("cuts off a client dripping its headers within the Node server's header timeout", async () => {
    const socket = net.connect(nginx.port, "127.0.0.1");
    socket.on("error", () => {});
    const started = performance.now();
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now() - started)));
    socket.write("GET /api/health/ HTTP/1.1\r\nHost: ludex.test\r\n");
    const drip = setInterval(() => socket.write("X-Drip: 1\r\n"), 300);
    const elapsed = await closed;
    clearInterval(drip);
    // Node itself cuts at its timeout plus its check interval (half the timeout, at most 1 s).
    expect(elapsed).toBeGreaterThan(HEADERS_TIMEOUT_MS - 200);
    expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS + 1_000);
  }, 15_000);

  it("passes bodies through untouched: a BOM before a deep body or a batch is refused by ludex's checks", async () => {
    const bom = "\uFEFF";
    const mcp = (body: string, version: string) =>
      request(`${nginx.origin}/mcp/`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": version },
        body,
      });
    const deep = await mcp(`${bom}{"jsonrpc":"2.0","id":99,"result":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`, "2025-11-25");
    expect(deep.statusCode).toBe(400);
    expect(await deep.body.json()).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/deeper than 64 levels/) } });
    const batch = await mcp(
      bom + JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" }))),
      "2025-11-25",
    );
    expect(batch.statusCode).toBe(400);
    expect(await batch.body.json()).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/batches were removed/) } });
  });

  it("puts the pages' security headers on nginx's own 404, 414, 400, 405, 413 and 502, and adds none to Node's answers", async () => {
    const host = "Host: ludex.test\r\nConnection: close\r\n";
    const answers: [string, RawAnswer][] = [
      ["404", await raw(nginx.port, `GET /__static/nothing.json HTTP/1.1\r\n${host}\r\n`)],
      ["414", await raw(nginx.port, `GET /${"a".repeat(20_000)} HTTP/1.1\r\n${host}\r\n`)],
      ["400", await raw(nginx.port, `GET / HTTP/1.1\r\nHost: a.test\r\nHost: b.test\r\n\r\n`)],
      ["405", await raw(nginx.port, `TRACE / HTTP/1.1\r\n${host}\r\n`)],
      [
        "413",
        await raw(
          nginx.port,
          `POST /mcp/ HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: ${node.config.agentBodyLimit + 1}\r\n\r\n`,
        ),
      ],
    ];
    for (const [expected, answer] of answers) {
      expect(answer.status, expected).toBe(Number(expected));
      expect(answer.body, expected).toContain("nginx");
      expect(answer.headers["x-content-type-options"], expected).toBe("nosniff");
      expect(answer.headers["referrer-policy"], expected).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["content-security-policy"], expected).toMatch(/^default-src 'none';.*frame-ancestors 'none'$/);
    }
    // No instance answering: nginx's own 502 carries them too.
    const orphan = await startNginx([`127.0.0.1:${await freePort()}`], node.config.buildDir);
    try {
      const unreachable = await raw(orphan.port, `GET /api/health/ HTTP/1.1\r\n${host}\r\n`);
      expect(unreachable.status).toBe(502);
      expect(unreachable.headers["x-content-type-options"]).toBe("nosniff");
      expect(unreachable.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
    } finally {
      await orphan.stop();
    }
    // Node's own refusal passes through with its headers only.
    const fromNode = await raw(nginx.port, `GET /api/v1/games/?id=abc HTTP/1.1\r\n${host}\r\n`);
    expect(fromNode.status).toBe(422);
    expect(fromNode.headers["content-type"]).toBe("application/problem+json");
    expect(fromNode.headers["content-security-policy"]).toBeUndefined();
  });
});

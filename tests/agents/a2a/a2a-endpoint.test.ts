import { Role, type Message, type Part } from "@a2a-js/sdk";
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from "@a2a-js/sdk/client";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { http, type RawResponse } from "../../helpers/http.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";
import { rewritingFetch, userMessage } from "../agent-test-helpers.ts";

let server: RunningServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir, LUDEX_AGENT_BODY_LIMIT: "4096" });
  // The card names https://ludex.test/a2a/ (PUBLIC_BASE_URL); the client reaches it at the test server.
  const fetchImpl = rewritingFetch("https://ludex.test", server);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  client = await factory.createFromUrl("https://ludex.test");
});

const api = async (path: string): Promise<unknown> => (await http(server.url(path))).json();

/** SendMessage with the SDK client; the agent answers with a Message holding a text part and a data part. */
async function ask(text: string): Promise<{ text: string; data: unknown; message: Message }> {
  const result = await client.sendMessage({ tenant: "", message: userMessage(text), configuration: undefined, metadata: undefined });
  if (!("messageId" in result)) throw new Error(`expected a Message, got ${JSON.stringify(result)}`);
  const content = (part: Part | undefined) => part?.content;
  const [first, second] = result.parts;
  const textContent = content(first);
  const dataContent = content(second);
  expect(first?.mediaType).toBe("text/plain");
  expect(second?.mediaType).toBe("application/json");
  return {
    text: textContent?.$case === "text" ? textContent.value : "",
    data: dataContent?.$case === "data" ? dataContent.value : undefined,
    message: result,
  };
}

function postA2a(body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return http(server.url("/a2a/"), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("A2A v1.0: the SDK ClientFactory client", () => {
  it("reads the v1.0 Agent Card and picks the JSON-RPC interface at PUBLIC_BASE_URL/a2a/", async () => {
    expect(client.protocolVersion).toBe("1.0");
    const card = await client.getAgentCard();
    expect(card.supportedInterfaces[0]).toMatchObject({
      url: "https://ludex.test/a2a/",
      protocolBinding: "JSONRPC",
      protocolVersion: "1.0",
    });
    expect(card.skills.map((s) => s.id)).toEqual(["game-search", "release-info", "catalog-changes"]);
  });

  it("game search: answers a free-text search with text and the same results as GET /api/v1/agent/games/", async () => {
    const answer = await ask("find the legend of starfall on snes");
    expect(answer.text).toMatch(/The Legend of Starfall \(Super Nintendo Entertainment System/);
    expect(answer.data).toEqual(await api("/api/v1/agent/games/?q=the%20legend%20of%20starfall&system=snes"));
    expect(answer.message.role).toBe(Role.ROLE_AGENT);
    expect(answer.message.metadata).toEqual({ skill: "game-search" });

    const anywhere = await ask("search for starfall");
    expect(anywhere.data).toEqual(await api("/api/v1/agent/games/?q=starfall"));
    const platforms = await ask("which platforms do you have?");
    expect(platforms.data).toEqual(await api("/api/v1/games/"));
  });

  it("releases: answers a release question with text and the release feed of GET /api/v1/community/", async () => {
    const answer = await ask("latest release for Android TV");
    expect(answer.text).toMatch(
      /^Ludex Player 2\.4\.1 is available for Android TV \(stable channel, released 2026-02-17; requires Android TV 9\)/,
    );
    expect(answer.data).toEqual(await api("/api/v1/community/"));
    expect(answer.message.metadata).toEqual({ skill: "release-info" });
    expect((await ask("what is the current beta version?")).text).toMatch(/beta 2\.5\.0-beta\.3/);
  });
});

describe("A2A: a question outside the skills", () => {
  it("is answered with what the agent can do, as one text part without search results", async () => {
    for (const question of ["what's the weather in Paris?", "how do I bake bread?"]) {
      const result = await client.sendMessage({
        tenant: "",
        message: userMessage(question),
        configuration: undefined,
        metadata: undefined,
      });
      if (!("messageId" in result)) throw new Error(`expected a Message, got ${JSON.stringify(result)}`);
      expect(result.role).toBe(Role.ROLE_AGENT);
      expect(result.parts, question).toHaveLength(1);
      const [part] = result.parts;
      expect(part?.mediaType).toBe("text/plain");
      const text = part?.content?.$case === "text" ? part.content.value : "";
      expect(text).toMatch(/^That is outside what I can do/);
      expect(text).toMatch(/find a game.*platforms.*changed in the catalog.*Ludex Player releases/s);
      expect(text).not.toMatch(/Found \d+ game|No games found/);
      expect(result.metadata).toBeUndefined();
    }
    // A title is still searched when asked for.
    expect((await ask("find what's the weather in Paris")).message.metadata).toEqual({ skill: "game-search" });
  });
});

describe("A2A v0.3 clients: raw JSON-RPC without an A2A-Version header", () => {
  it("answers message/send in the v0.3 shapes", async () => {
    const res = await postA2a({
      jsonrpc: "2.0",
      id: "req-1",
      method: "message/send",
      params: {
        message: { kind: "message", messageId: "m-1", role: "user", parts: [{ kind: "text", text: "find starfall on Super Nintendo" }] },
      },
    });
    expect(res.status).toBe(200);
    const body = res.json<{
      id: string;
      result: { kind: string; role: string; parts: { kind: string; text?: string; data?: unknown }[] };
    }>();
    expect(body.id).toBe("req-1");
    expect(body.result).toMatchObject({ kind: "message", role: "agent" });
    expect(body.result.parts[0]).toMatchObject({ kind: "text" });
    expect(body.result.parts[1]).toMatchObject({ kind: "data", data: await api("/api/v1/agent/games/?q=starfall&system=snes") });
  });

  it("reads the v0.3 form of the card: url, preferredTransport and protocolVersion, plus the v1.0 interfaces", async () => {
    const card = (await http(server.url("/.well-known/agent-card.json"))).json<Record<string, unknown>>();
    expect(card).toMatchObject({ url: "https://ludex.test/a2a/", preferredTransport: "JSONRPC", protocolVersion: "0.3.0", name: "ludex" });
    expect(card.supportedInterfaces).toEqual(expect.arrayContaining([expect.objectContaining({ protocolVersion: "1.0" })]));
  });
});

describe("A2A JSON-RPC errors", () => {
  it("answers malformed JSON, malformed JSON-RPC and unknown methods with JSON-RPC errors", async () => {
    const notJson = await postA2a("{ nope", { "a2a-version": "1.0" });
    expect(notJson.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    const notRpc = await postA2a({ hello: "world" }, { "a2a-version": "1.0" });
    expect(notRpc.json<{ error: { code: number } }>().error.code).toBeLessThan(-32000);
    const unknown = await postA2a({ jsonrpc: "2.0", id: 9, method: "DeleteTheCatalog", params: {} }, { "a2a-version": "1.0" });
    expect(unknown.json()).toMatchObject({ id: 9, error: { code: -32601 } });
    // The card offers no streaming: a streaming call is refused in-band, not answered with a stream.
    const stream = await postA2a(
      {
        jsonrpc: "2.0",
        id: 10,
        method: "SendStreamingMessage",
        params: { message: { messageId: "m-2", role: "ROLE_USER", parts: [{ text: "find starfall" }] } },
      },
      { "a2a-version": "1.0" },
    );
    expect(stream.headers["content-type"]).toMatch(/^application\/json/);
    expect(stream.json()).toMatchObject({ id: 10, error: { code: -32004 } });
  });

  it("refuses an unsupported A2A-Version and a body over the limit", async () => {
    const version = await postA2a({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: {} }, { "a2a-version": "9.9" });
    expect(version.json()).toMatchObject({ id: 1, error: { code: -32009 } });
    const big = await postA2a({ jsonrpc: "2.0", id: 2, method: "message/send", params: { text: "x".repeat(5000) } });
    expect(big.status).toBe(413);
    expect(big.headers["content-type"]).toBe("application/problem+json");
    expect((await http(server.url("/a2a/"))).status).toBe(405);
  });
});

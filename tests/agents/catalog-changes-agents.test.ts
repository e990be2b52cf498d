import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type Client as A2aClient,
} from "@a2a-js/sdk/client";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedCatalog } from "../catalog/changes/changed-catalog.ts";
import { http } from "../helpers/http.ts";
import { mergedCatalog, type MergedCatalog } from "../helpers/merged-catalog.ts";
import { hasRealData, realDataSkipReason } from "../helpers/paths.ts";
import { startTestServer, type RunningServer } from "../helpers/test-server.ts";
import { rewritingFetch, userMessage } from "./agent-test-helpers.ts";

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** An A2A client of the test server, reached under its public origin. */
function a2aClientOf(server: RunningServer): Promise<A2aClient> {
  const fetchImpl = rewritingFetch("https://ludex.test", server);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  return factory.createFromUrl("https://ludex.test");
}

/** Sends one text message to the A2A agent: its answer's text part and data part. */
async function askA2a(a2a: A2aClient, text: string): Promise<{ text: string; data: unknown }> {
  const result = await a2a.sendMessage({ tenant: "", message: userMessage(text), configuration: undefined, metadata: undefined });
  if (!("messageId" in result)) throw new Error("expected a Message");
  const [first, second] = result.parts;
  return {
    text: first?.content?.$case === "text" ? first.content.value : "",
    data: second?.content?.$case === "data" ? second.content.value : undefined,
  };
}

describe.skipIf(!hasRealData)(
  `"what changed since …" for agents: MCP get_changes and the A2A skill${hasRealData ? "" : ` (${realDataSkipReason})`}`,
  () => {
    let server: RunningServer;
    let mcp: McpClient;
    let a2a: A2aClient;
    let v1 = "";
    let v2 = "";

    beforeAll(async () => {
      const catalog = changedCatalog();
      v1 = catalog.v1;
      await new Promise((r) => setTimeout(r, 1100));
      v2 = catalog.importChanged();
      server = await startTestServer({ LUDEX_BUILD_DIR: catalog.buildDir });
      mcp = new McpClient({ name: "ludex-changes-test", version: "1.0.0" });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(server.url("/mcp/"))));
      a2a = await a2aClientOf(server);
    });
    afterAll(() => mcp?.close());

    const call = async (args: Record<string, unknown>): Promise<ToolResult> =>
      (await mcp.callTool({ name: "get_changes", arguments: args })) as ToolResult;

    it("get_changes answers exactly as GET /api/v1/changes/ does, with and without since", async () => {
      const page = await call({ since: v1 });
      expect(page.isError).toBeFalsy();
      expect(page.structuredContent).toEqual((await http(server.url(`/api/v1/changes/?since=${v1}`))).json());
      expect(page.structuredContent).toMatchObject({
        catalogVersion: v2,
        total: 3,
        counts: { added: 1, removed: 1, changed: 1, merged: 0 },
      });
      const index = await call({});
      expect(index.structuredContent).toEqual((await http(server.url("/api/v1/changes/"))).json());
      expect(JSON.parse(index.content[0]?.text ?? "")).toEqual(index.structuredContent);
    });

    it("get_changes reports an expired or malformed since as a tool error the model can act on", async () => {
      const expired = await call({ since: "AAAAAAAAAAAAAAAA" });
      expect(expired.isError).toBe(true);
      expect(expired.content[0]?.text).toMatch(/Resync from the dumps at https:\/\/ludex\.test\/api\/v1\/dumps\//);
      const malformed = await call({ since: "yesterday" });
      expect(malformed.isError).toBe(true);
      expect(malformed.content[0]?.text).toMatch(/catalogVersion/);
    });

    const ask = (text: string): Promise<{ text: string; data: unknown }> => askA2a(a2a, text);

    it("the A2A skill answers what changed since a version, in words and with the API's body", async () => {
      const answer = await ask(`what changed since ${v1}?`);
      expect(answer.text).toMatch(/1 added, 1 removed, 1 changed, 0 merged/);
      expect(answer.text).toMatch(/BLOX \(virtual-boy, id \d+\): changed \(roms\)/);
      expect(answer.text).toMatch(/3-D Tetris .*: removed/);
      expect(answer.data).toEqual((await http(server.url(`/api/v1/changes/?since=${v1}&limit=100`))).json());
    });

    it("the A2A skill tells the current version, and what to do with an expired one", async () => {
      const current = await ask("what is the current catalog version?");
      expect(current.text).toContain(`at version ${v2}`);
      const expired = await ask("what changed since 2001-01-01?");
      expect(expired.text).toMatch(/Resync from the dumps/);
    });
  },
);

describe("a merged game in the changes the agents list", () => {
  let catalog: MergedCatalog;
  let server: RunningServer;
  let mcp: McpClient;
  let a2a: A2aClient;

  beforeAll(async () => {
    catalog = mergedCatalog({ pages: false });
    server = await startTestServer({ LUDEX_BUILD_DIR: catalog.buildDir });
    mcp = new McpClient({ name: "ludex-merged-changes-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(server.url("/mcp/"))));
    a2a = await a2aClientOf(server);
  });
  afterAll(() => mcp?.close());

  it("get_changes lists it as merged with the id it joined, exactly as GET /api/v1/changes/ does", async () => {
    const v1 = catalog.first.build.manifest.catalogVersion;
    const page = (await mcp.callTool({ name: "get_changes", arguments: { since: v1 } })) as ToolResult;
    expect(page.isError).toBeFalsy();
    expect(page.structuredContent).toEqual((await http(server.url(`/api/v1/changes/?since=${v1}`))).json());
    expect(page.structuredContent?.changes).toContainEqual(
      expect.objectContaining({ id: catalog.mergedId, change: "merged", into: catalog.keptId }),
    );
  });

  it("the A2A skill says which game it joined", async () => {
    const answer = await askA2a(a2a, `what changed since ${catalog.first.build.manifest.catalogVersion}?`);
    expect(answer.text).toMatch(/0 added, 0 removed, 1 changed, 1 merged/);
    expect(answer.text).toContain(`id ${catalog.mergedId}): merged into id ${catalog.keptId}`);
  });
});

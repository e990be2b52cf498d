import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { portableJsonSchema } from "../../../src/agents/mcp/portable-json-schema.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
});

interface ListedTool {
  readonly name: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
}

/** Every place in a JSON Schema a single-type client cannot read: an empty `additionalProperties` or a `type` array. */
function unportable(node: unknown, path = "#"): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => unportable(item, `${path}/${i}`));
  if (typeof node !== "object" || node === null) return [];
  const found: string[] = [];
  const object = node as Record<string, unknown>;
  const extra = object.additionalProperties;
  if (typeof extra === "object" && extra !== null && Object.keys(extra).length === 0) found.push(`${path}/additionalProperties`);
  if (Array.isArray(object.type)) found.push(`${path}/type`);
  for (const [key, value] of Object.entries(object)) found.push(...unportable(value, `${path}/${key}`));
  return found;
}

/** The listed schemas: portable, with the constraints the zod schemas declare. */
function expectPortableSchemas(tools: readonly ListedTool[]): void {
  expect(tools).toHaveLength(6);
  for (const tool of tools) {
    expect(tool.outputSchema, tool.name).toBeDefined();
    expect(unportable(tool.inputSchema), `${tool.name} inputSchema`).toEqual([]);
    expect(unportable(tool.outputSchema), `${tool.name} outputSchema`).toEqual([]);
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const input = (name: string): Record<string, unknown> => (byName.get(name)?.inputSchema.properties ?? {}) as Record<string, unknown>;
  expect(input("match_roms").items).toMatchObject({ type: "array", maxItems: 100, items: { type: "object", properties: { sha1: {} } } });
  // Item values are checked item by item (an `invalid` result), so the item schema states types only.
  const item = JSON.stringify((input("match_roms").items as { items?: unknown }).items);
  expect(item).not.toMatch(/"(pattern|minLength|maxLength|minimum|maximum)"/);
  expect((input("match_roms").items as { description?: string }).description).toContain("40 hexadecimal digits");
  expect(input("search_games").limit).toMatchObject({ type: "integer", minimum: 1, maximum: 30, default: 10 });
  expect(input("search_games").query).toMatchObject({ type: "string", minLength: 1, maxLength: 120 });
  expect((input("search_games").kind as { enum?: string[] }).enum).toEqual(expect.arrayContaining(["game", "addon", "any"]));
  expect(input("get_game").id).toMatchObject({ type: "integer", minimum: 1 });
  expect(input("get_changes").offset).toMatchObject({ type: "integer", minimum: 0 });
  expect(byName.get("search_games")?.inputSchema.required).toEqual(["query"]);

  // A nullable field the server does send as null (a search on every platform): string or null, as anyOf.
  const searchOut = byName.get("search_games")?.outputSchema?.properties as Record<string, unknown>;
  expect(searchOut.system).toEqual({
    description: "The platform slug searched, or null for all platforms",
    anyOf: [{ type: "string" }, { type: "null" }],
  });
}

/** A call of every tool (get_game with the id search_games found), including a search on every platform, whose `system` is null. */
const calls = (gameId: number): readonly { readonly name: string; readonly args: Record<string, unknown> }[] => [
  { name: "search_games", args: { query: "starfall" } },
  { name: "search_games", args: { query: "legend of starfall", system: "snes", kind: "any" } },
  { name: "get_game", args: { id: gameId } },
  { name: "list_platforms", args: {} },
  {
    name: "match_roms",
    args: { systemId: "snes", items: [{ name: "Zephyr Quest (USA).sfc" }, { crc: "nothex!!" }], artworkTypes: ["boxart"] },
  },
  { name: "get_release_feed", args: {} },
  { name: "get_changes", args: {} },
];

interface CallResult {
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

type Call = (name: string, args: Record<string, unknown>) => Promise<CallResult>;

/** Calls every tool: each answers with structured content (which the client checks against the listed outputSchema). */
async function expectEveryToolAnswers(call: Call): Promise<void> {
  const search = await call("search_games", { query: "legend of starfall" });
  const results = (search.structuredContent as { system?: unknown; results?: { id: number }[] } | undefined) ?? {};
  expect(results.system).toBeNull();
  const gameId = results.results?.[0]?.id ?? 0;
  expect(gameId).toBeGreaterThan(0);
  for (const { name, args } of calls(gameId)) {
    const result = await call(name, args);
    expect(result.isError, name).toBeFalsy();
    expect(result.structuredContent, name).toBeTypeOf("object");
  }
}

describe("tool schemas in tools/list are portable to single-type clients", () => {
  describe("the v1 SDK client (2025-11-25), which validates structuredContent against the listed outputSchema", () => {
    let client: ClientV1;
    beforeAll(async () => {
      client = new ClientV1({ name: "ludex-schema-test-v1", version: "1.0.0" });
      await client.connect(new TransportV1(new URL(server.url("/mcp/"))));
    });
    afterAll(() => client.close());

    it("lists no empty additionalProperties and no type arrays, and keeps the constraints", async () => {
      expectPortableSchemas((await client.listTools()).tools as unknown as ListedTool[]);
    });

    it("answers every tool with structured content valid under its listed outputSchema", async () => {
      await client.listTools();
      await expectEveryToolAnswers(async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult);
    });

    it("still refuses arguments the constraints exclude", async () => {
      const tooMany = Array.from({ length: 101 }, (_, i) => ({ name: `game ${i}.sfc` }));
      const refused = (await client.callTool({ name: "match_roms", arguments: { systemId: "snes", items: tooMany } })) as CallResult;
      expect(refused.isError).toBe(true);
      const badKind = (await client.callTool({ name: "search_games", arguments: { query: "starfall", kind: "movie" } })) as CallResult;
      expect(badKind.isError).toBe(true);
    });
  });

  describe("the v2 SDK client (2026-07-28)", () => {
    let client: ClientV2;
    beforeAll(async () => {
      client = new ClientV2({ name: "ludex-schema-test-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
      await client.connect(new TransportV2(new URL(server.url("/mcp/"))));
    });
    afterAll(() => client.close());

    it("lists the same portable schemas and answers every tool", async () => {
      expectPortableSchemas((await client.listTools()).tools as unknown as ListedTool[]);
      await expectEveryToolAnswers(async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult);
    });
  });
});

describe("portableJsonSchema", () => {
  it("splits a type array into anyOf branches that keep the constraints, and keeps the annotations on the node", () => {
    expect(
      portableJsonSchema({
        type: "object",
        additionalProperties: {},
        properties: {
          next: { description: "The next page", type: ["string", "null"], format: "uri", maxLength: 200 },
          level: { type: ["string", "null"], enum: ["a", "b", null] },
          additionalProperties: { type: ["integer"], minimum: 0 },
        },
        required: ["next"],
      }),
    ).toEqual({
      type: "object",
      properties: {
        next: { description: "The next page", anyOf: [{ type: "string", format: "uri", maxLength: 200 }, { type: "null" }] },
        level: {
          anyOf: [
            { type: "string", enum: ["a", "b", null] },
            { type: "null", enum: ["a", "b", null] },
          ],
        },
        additionalProperties: { type: "integer", minimum: 0 },
      },
      required: ["next"],
    });
  });

  it("keeps a closed or typed additionalProperties", () => {
    expect(portableJsonSchema({ type: "object", additionalProperties: false })).toEqual({ type: "object", additionalProperties: false });
    expect(portableJsonSchema({ type: "object", additionalProperties: { type: "string" } })).toEqual({
      type: "object",
      additionalProperties: { type: "string" },
    });
  });
});

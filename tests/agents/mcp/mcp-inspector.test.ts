import { spawn } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { projectRoot } from "../../helpers/paths.ts";
import { tempDir } from "../../helpers/temp-dir.ts";
import { startTestServer, type RunningServer } from "../../helpers/test-server.ts";

/**
 * The MCP Inspector's CLI (@modelcontextprotocol/inspector), a third-party client, against a real
 * server on the sample catalog over Streamable HTTP: `tools/list --strict` finds no tool-schema
 * portability problem (the lint behind it warns on `type` arrays, schemas without any validation
 * keyword and remote `$ref`s, and exits 6 on an error), in the legacy (2025) and the modern
 * protocol era; `tools/call` answers every tool with valid arguments without `isError`, and an
 * unknown game id exits 5 (the Inspector's tool-error code), so the exit codes are read; and the
 * resources and the resource template are listed, and every resource read. The server offers no
 * prompts (its capabilities name tools and resources only), so `prompts/list` is not asked.
 */

const inspectorBin = path.join(projectRoot, "node_modules", ".bin", "mcp-inspector");

/** The Inspector's exit codes (its `EXIT_CODES`): 5 when a tool answers `isError`, 6 on an unportable tool schema under --strict. */
const TOOL_ERROR = 5;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

let server: RunningServer;
let home = "";

beforeAll(async () => {
  server = await startTestServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
  home = tempDir("ludex-inspector-");
});

/**
 * One Inspector CLI run, asynchronous so that the server in this process answers it. Its catalog,
 * storage, client config and OAuth state go to a temporary home, never ~/.mcp-inspector; the
 * Inspector sends no telemetry (none in 2.12), and DO_NOT_TRACK says so for any later version.
 */
function inspector(args: readonly string[]): Promise<Run> {
  const env = {
    ...process.env,
    HOME: home,
    MCP_CATALOG_PATH: path.join(home, "mcp.json"),
    MCP_STORAGE_DIR: path.join(home, "storage"),
    MCP_CLIENT_CONFIG_PATH: path.join(home, "client.json"),
    MCP_INSPECTOR_OAUTH_STATE_PATH: path.join(home, "oauth.json"),
    DO_NOT_TRACK: "1",
    NO_COLOR: "1",
  };
  const argv = ["--cli", server.url("/mcp/"), "--transport", "http", "--format", "json", "--connect-timeout", "10000", ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [inspectorBin, ...argv], { cwd: home, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The `result` of a run's JSON envelope, after checking the run exited 0 with nothing on stderr (which carries warnings and the --strict report). */
function resultOf<T>(run: Run, what: string): T {
  expect(run.code, `${what} exited ${run.code}; stderr:\n${run.stderr}`).toBe(0);
  expect(run.stderr, `${what}: stderr`).toBe("");
  const envelope = JSON.parse(run.stdout) as { result: T; schemaFindings?: unknown };
  expect(envelope.schemaFindings, `${what}: schema findings`).toBeUndefined();
  return envelope.result;
}

interface ListedTool {
  readonly name: string;
  readonly inputSchema: { readonly type: string };
}

interface ToolResult {
  readonly content: readonly { readonly type: string; readonly text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

const toolNames = ["get_changes", "get_game", "get_release_feed", "list_platforms", "match_roms", "search_games"];

describe("MCP Inspector CLI 2.12 against /mcp/", () => {
  it.each(["legacy", "modern"])("tools/list --strict (%s era): every tool, no schema portability problem", async (era) => {
    const run = await inspector(["--protocol-era", era, "--method", "tools/list", "--strict"]);
    const { tools } = resultOf<{ tools: ListedTool[] }>(run, `tools/list --strict (${era})`);
    expect(tools.map((t) => t.name).sort()).toEqual(toolNames);
    for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe("object");
  });

  it("tools/call answers every tool with valid arguments, and exits 5 on a tool error", async () => {
    const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> =>
      resultOf<ToolResult>(
        await inspector(["--method", "tools/call", "--tool-name", name, "--tool-args-json", JSON.stringify(args)]),
        `tools/call ${name}`,
      );
    const search = await call("search_games", { query: "legend of starfall", system: "snes" });
    const gameId = (search.structuredContent?.results as { id: number }[] | undefined)?.[0]?.id ?? 0;
    expect(gameId).toBeGreaterThan(0);
    const calls: readonly [string, Record<string, unknown>][] = [
      ["get_game", { id: gameId }],
      ["list_platforms", {}],
      ["match_roms", { systemId: "snes", items: [{ name: "Zephyr Quest (USA).sfc" }], artworkTypes: ["boxart"] }],
      ["get_release_feed", {}],
      ["get_changes", {}],
    ];
    expect([...calls.map(([name]) => name), "search_games"].sort()).toEqual(toolNames);
    for (const [name, args] of calls) {
      const result = await call(name, args);
      expect(result.isError, name).toBeFalsy();
      expect(result.structuredContent, name).toBeTypeOf("object");
      expect(result.content[0]?.type, name).toBe("text");
    }

    const missing = await inspector(["--method", "tools/call", "--tool-name", "get_game", "--tool-args-json", '{"id":999999999}']);
    expect(missing.code, missing.stderr).toBe(TOOL_ERROR);
    expect((JSON.parse(missing.stdout) as { result: ToolResult }).result.isError).toBe(true);
  });

  it("resources/list and resources/templates/list, and resources/read of every resource", async () => {
    const { resources } = resultOf<{ resources: { uri: string; mimeType: string }[] }>(
      await inspector(["--method", "resources/list"]),
      "resources/list",
    );
    expect(resources.map((r) => r.uri).sort()).toEqual([
      "https://ludex.test/api/v1/community/",
      "https://ludex.test/api/v1/games/",
      "https://ludex.test/llms-full.txt",
    ]);
    for (const resource of resources) {
      const read = resultOf<{ contents: { uri: string; text?: string }[] }>(
        await inspector(["--method", "resources/read", "--uri", resource.uri]),
        `resources/read ${resource.uri}`,
      );
      expect(read.contents[0]?.uri).toBe(resource.uri);
      expect(read.contents[0]?.text?.length, resource.uri).toBeGreaterThan(0);
    }
    const { resourceTemplates } = resultOf<{ resourceTemplates: { uriTemplate: string }[] }>(
      await inspector(["--method", "resources/templates/list"]),
      "resources/templates/list",
    );
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["https://ludex.test/api/v1/games/?id={id}"]);
  });
});

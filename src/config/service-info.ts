import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import type { Config } from "./config.ts";

/** Where the agent entry points live. @see docs/service-spec.md §4.7, §4.8 */
export const agentPaths = {
  /** MCP Streamable HTTP endpoint. */
  mcp: "/mcp/",
  /** MCP server card: `<streamable-http-url>/server-card`, the location SEP-2127 reserves. */
  mcpServerCard: "/mcp/server-card",
  /** Locations older MCP clients probe for a server card. */
  mcpServerCardLegacy: ["/.well-known/mcp.json", "/.well-known/mcp/server-card.json"],
  /** A2A JSON-RPC endpoint. */
  a2a: "/a2a/",
  /** A2A Agent Card. @see A2A v1.0 §8.2 (well-known URI) */
  agentCard: "/.well-known/agent-card.json",
  /** AI Catalog listing the server card and the agent card. */
  aiCatalog: "/.well-known/ai-catalog.json",
  /** The agent reference (a discovery document). */
  llmsFull: "/llms-full.txt",
} as const;

/** Who the agent endpoints say they are; one definition for the MCP server, its card, the Agent Card and the AI Catalog. */
export interface AgentServiceInfo {
  /** Short name, as in `serverInfo.title` and the Agent Card. */
  readonly name: string;
  /** Reverse-DNS name (`namespace/name`) from PUBLIC_BASE_URL's host ({@link reverseDnsNamespace}), as server cards require. */
  readonly qualifiedName: string;
  readonly title: string;
  /** The service's version (package.json). */
  readonly version: string;
  /** One line, at most 100 characters (the server card's limit). */
  readonly description: string;
  /** The host of PUBLIC_BASE_URL, for catalog identifiers (`urn:air:{host}:…`). */
  readonly host: string;
  readonly baseUrl: string;
  /** Absolute URLs of the entry points. */
  readonly urls: { readonly [K in Exclude<keyof typeof agentPaths, "mcpServerCardLegacy">]: string };
}

function packageVersion(projectRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/**
 * The namespace of the server's name and `_meta` key: the host's labels reversed
 * (games.example.org gives org.example.games). An IP address or `localhost` names no domain and
 * would reverse into nonsense (1.0.0.127), and a `_meta` prefix label must start with a letter, so
 * the service's own name stands in for them: `ludex`.
 * @see MCP 2025-11-25 Basic §General fields (`_meta` key prefixes)
 */
function reverseDnsNamespace(hostname: string): string {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || isIP(host) !== 0) return "ludex";
  return host
    .split(".")
    .filter(Boolean)
    .reverse()
    .join(".")
    .replace(/[^a-z0-9.-]/g, "-");
}

export function agentServiceInfo(config: Config): AgentServiceInfo {
  const base = config.publicBaseUrl;
  const host = new URL(base).hostname;
  const abs = (p: string): string => `${base}${p}`;
  return {
    name: "ludex",
    qualifiedName: `${reverseDnsNamespace(host)}/ludex`,
    title: "ludex game catalog",
    version: packageVersion(config.projectRoot),
    description: "Read-only video-game catalog: search, game records, platforms, ROM matching, client releases.",
    host,
    baseUrl: base,
    urls: {
      mcp: abs(agentPaths.mcp),
      mcpServerCard: abs(agentPaths.mcpServerCard),
      a2a: abs(agentPaths.a2a),
      agentCard: abs(agentPaths.agentCard),
      aiCatalog: abs(agentPaths.aiCatalog),
      llmsFull: abs(agentPaths.llmsFull),
    },
  };
}

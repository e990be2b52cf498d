import { A2A_PROTOCOL_VERSION, AgentCard } from "@a2a-js/sdk";
import { A2A_LEGACY_PROTOCOL_VERSION } from "@a2a-js/sdk/compat/v0_3";
import type { AgentServiceInfo } from "../../config/service-info.ts";

/** Skill ids, as the executor reports which one answered. */
export const skillIds = { gameSearch: "game-search", releases: "release-info", changes: "catalog-changes" } as const;

const TEXT = "text/plain";
const JSON_DATA = "application/json";

/**
 * The Agent Card (A2A v1.0): who the agent is, where its JSON-RPC interface is, and what it can
 * do. The interface is declared for 1.0 and, at the same URL, for 0.3 — the version the SDK's
 * compatibility layer answers for clients that send no A2A-Version header.
 * @see A2A v1.0 specification (AgentCard, AgentInterface; §3.6.2 versioning); @a2a-js/sdk docs/compatibility-v0_3.md
 */
export function agentCard(info: AgentServiceInfo): AgentCard {
  const jsonRpc = (protocolVersion: string): AgentCard["supportedInterfaces"][number] => ({
    url: info.urls.a2a,
    protocolBinding: "JSONRPC",
    tenant: "",
    protocolVersion,
  });
  return {
    name: info.name,
    description:
      "Answers plain-language questions about the ludex video-game catalog (find a game by title, optionally on one platform) and about Ludex Player releases (latest versions, which platforms it runs on). Read-only and anonymous; every answer has a text part and a JSON data part with the same results the ludex HTTP API returns.",
    supportedInterfaces: [jsonRpc(A2A_PROTOCOL_VERSION), jsonRpc(A2A_LEGACY_PROTOCOL_VERSION)],
    provider: { organization: info.name, url: info.baseUrl },
    version: info.version,
    documentationUrl: info.urls.llmsFull,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: [TEXT],
    defaultOutputModes: [TEXT, JSON_DATA],
    skills: [
      {
        id: skillIds.gameSearch,
        name: "Game search",
        description:
          'Finds games by title, across all platforms or on one ("on snes", "for Game Boy Advance"); "which platforms" lists the platforms. The data part is the object GET /api/v1/agent/games/ returns (or the platform list).',
        tags: ["games", "search", "catalog", "retro", "platforms"],
        examples: ["find chrono trigger on snes", "search for the legend of starfall", "which platforms do you have?"],
        inputModes: [TEXT],
        outputModes: [TEXT, JSON_DATA],
        securityRequirements: [],
      },
      {
        id: skillIds.releases,
        name: "Ludex Player releases",
        description:
          "Answers questions about Ludex Player releases: the latest stable and beta versions and whether the client is available, in beta or planned on a platform, with store links. The data part is the release feed GET /api/v1/community/ returns.",
        tags: ["releases", "ludex player", "versions", "availability"],
        examples: ["latest release for Android TV", "is Ludex Player available on iOS?", "what is the current beta version?"],
        inputModes: [TEXT],
        outputModes: [TEXT, JSON_DATA],
        securityRequirements: [],
      },
      {
        id: skillIds.changes,
        name: "Catalog changes",
        description:
          "Says what changed in the game catalog since a catalog version or a date: games added, removed, changed (with the kinds of change: title, system, releases, roms, artwork, metadata) and merged into another game. Without a version, the current one and the kept history. The data part is what GET /api/v1/changes/ returns.",
        tags: ["changes", "catalog", "sync", "rom managers"],
        examples: [
          "what changed since DhJQmNh9Ip-0nkq5?",
          "what changed in the catalog since 2026-01-31?",
          "what is the current catalog version?",
        ],
        inputModes: [TEXT],
        outputModes: [TEXT, JSON_DATA],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
}

/** The card as A2A v1.0 JSON (ProtoJSON: empty members left out). */
export function agentCardJson(card: AgentCard): unknown {
  return AgentCard.toJSON(card);
}

/**
 * The card for v0.3 clients (no A2A-Version header, or 0.3): the v0.3 top-level members (`url`,
 * `preferredTransport`, card-level `protocolVersion`) with the v1.0 `supportedInterfaces` kept,
 * the "hybrid" card the SDK's compatibility layer serves; a v1.0 client reading it prefers
 * `supportedInterfaces`.
 * @see A2A v0.3 specification (AgentCard); @a2a-js/sdk docs/compatibility-v0_3.md §Synthesized v0.3 agent card
 */
export function legacyAgentCardJson(card: AgentCard): unknown {
  const v1 = AgentCard.toJSON(card) as Record<string, unknown>;
  const legacy = card.supportedInterfaces.find((i) => i.protocolVersion === A2A_LEGACY_PROTOCOL_VERSION) ?? card.supportedInterfaces[0];
  return {
    name: card.name,
    description: card.description,
    version: card.version,
    url: legacy?.url,
    preferredTransport: legacy?.protocolBinding,
    protocolVersion: "0.3.0",
    capabilities: { streaming: card.capabilities?.streaming ?? false, pushNotifications: card.capabilities?.pushNotifications ?? false },
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    skills: card.skills.map(({ id, name, description, tags, examples, inputModes, outputModes }) => ({
      id,
      name,
      description,
      tags,
      examples,
      inputModes,
      outputModes,
    })),
    ...(card.provider ? { provider: card.provider } : {}),
    ...(card.documentationUrl ? { documentationUrl: card.documentationUrl } : {}),
    supportsAuthenticatedExtendedCard: false,
    supportedInterfaces: v1.supportedInterfaces,
  };
}

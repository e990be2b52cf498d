import { stripValueRules } from "../../core/strip-value-rules.ts";
import { contentKinds } from "../../catalog/identity/content-kind.ts";
import type { CallToolResult, McpServer, ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import { type Problem, isProblem, problems } from "../../core/problem.ts";
import { artworkTypes } from "../../catalog/artwork/artwork-types.ts";
import { MAX_MATCH_ITEMS, matchItemRules, matchItemSchema, matchRequestSchema } from "../../match/schema/match-schemas.ts";
import type { Log } from "../../core/logger.ts";
import type { CatalogQueries } from "../common/catalog-queries.ts";
import {
  DEFAULT_CHANGES_LIMIT,
  MAX_CHANGES_LIMIT,
  MAX_CHANGES_OFFSET,
  changesIndexSchema,
  changesPageSchema,
  sinceParam,
} from "../../catalog/routes/changes-schemas.ts";
import { agentSearchResponseSchema, gameRecordSchema, platformListSchema } from "../../catalog/routes/response-schemas.ts";
import { matchResponseSchema } from "../../match/schema/match-response-schemas.ts";
import { releaseFeedResponseSchema } from "../../releases/release-feed-schema.ts";
import { portableSchema } from "./portable-json-schema.ts";

/** The tools, by name (the server card lists them). */
export const toolNames = ["search_games", "get_game", "list_platforms", "match_roms", "get_release_feed", "get_changes"] as const;

/**
 * Every tool only reads the catalog: same arguments, same answer (until a rebuild), nothing
 * outside the catalog is touched.
 * @see MCP 2025-11-25 Server/Tools §Tool (annotations)
 */
const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

// Output schemas are the HTTP API's own response schemas (the OpenAPI components come from the
// same objects): open (looseObject) like the API's contract, which allows additional members.
// Every schema goes through portableSchema, so tools/list carries no `type` arrays and no
// `additionalProperties: {}` that single-type clients misread.
// get_changes answers either the index (without `since`) or a page: its schema has the members of
// both, those common to both required.
const changesOutput = z
  .looseObject({
    ...changesPageSchema.partial().shape,
    ...changesIndexSchema.partial().shape,
    catalogVersion: changesIndexSchema.shape.catalogVersion,
    builtAt: changesIndexSchema.shape.builtAt,
  })
  .meta({
    description:
      "Without `since`: the current catalogVersion and the kept history (as ChangesIndex). With `since`: one page of changes (as ChangesPage).",
  });

/**
 * What one ROM item may carry, for clients to read: generated from the item schema matching
 * validates with, its members' types only, since a broken value is answered `invalid` for that
 * item (as on the HTTP API), never refused with the call.
 */
const matchItemJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(matchItemSchema, { io: "input", unrepresentable: "any" });
  stripValueRules(schema);
  return schema;
})();

/**
 * The match request body as POST /api/v1/games/ validates it. Items stay `unknown` to validation,
 * exactly as on the HTTP API (each item is checked on its own, and a bad one is reported in its
 * result rather than failing the call); the published JSON Schema still describes their fields.
 */
const matchInput = matchRequestSchema.extend({
  systemId: matchRequestSchema.shape.systemId.describe("The platform: a slug such as snes, or a name or alias. list_platforms lists them."),
  items: matchRequestSchema.shape.items.meta({
    description: `The files to match, at most ${MAX_MATCH_ITEMS}: each with at least one of name, crc, md5, sha1 or serial (size helps a CRC match). ${matchItemRules}`,
    items: matchItemJsonSchema,
  }),
  artworkTypes: matchRequestSchema.shape.artworkTypes.describe(
    `Artwork links to add to each match: any of ${artworkTypes.join(", ")}. Each type gives \`url\` and \`candidates\` to try when it fails; \`verified\` says whether they were checked against the thumbnail listing.`,
  ),
});

const searchInput = z.object({
  query: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(120)
    .describe('A game title or part of one, e.g. "legend of starfall". Typos are tolerated; the last word may be a prefix.'),
  system: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('Only this platform: a slug such as snes, or a name or alias such as "Super Nintendo". list_platforms lists them.'),
  limit: z.number().int().min(1).max(30).default(10).describe("Most results to return, 1 to 30 (default 10)."),
  kind: z
    .enum([...contentKinds, "any"])
    .optional()
    .describe(
      "Records of this kind only: game, addon, update, cosmetic, application, video, music, bios, or any. Without it, games first: another kind is found when the query is its title or the platform has no games.",
    ),
});

const noInput = z.object({});

const changesInput = z.object({
  since: sinceParam
    .optional()
    .describe(
      "A catalogVersion (16 characters, from get_changes, GET /api/health/ or the dump listing) or an RFC 3339 date-time. Omit it for the current version and the history.",
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_CHANGES_LIMIT)
    .default(DEFAULT_CHANGES_LIMIT)
    .describe(`Most changes to return, 1 to ${MAX_CHANGES_LIMIT} (default ${DEFAULT_CHANGES_LIMIT}).`),
  offset: z.number().int().min(0).max(MAX_CHANGES_OFFSET).default(0).describe("How many changes to skip (follow `next`)."),
});

function structured(body: object): CallToolResult {
  // The text block repeats the structured result for clients that predate structuredContent.
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body as Record<string, unknown> };
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * Runs a tool body: the answer as structured content, or a tool error the model can act on. A
 * {@link Problem} (unknown platform, catalog unavailable) becomes its detail; anything else is
 * logged and reported without internals.
 * @see MCP 2025-11-25 Server/Tools §Error Handling (tool execution errors are results with isError)
 */
function run(log: Log, tool: string, body: () => object): CallToolResult {
  try {
    return structured(body());
  } catch (error) {
    if (isProblem(error)) return toolError(error.detail ?? error.title);
    log({ level: "error", msg: "MCP tool failed", tool, err: error instanceof Error ? error.stack : String(error) });
    return toolError("The tool failed on the server; the error has been logged.");
  }
}

/** Registers the catalog tools: each calls the HTTP API's operation and returns its body. */
export function registerCatalogTools(server: McpServer, queries: CatalogQueries, log: Log): void {
  server.registerTool(
    "search_games",
    {
      title: "Search games",
      description:
        "Search the game catalog by title (or a regional or other alternate title, named in matchedTitle), across all platforms or on one. Games first unless kind says otherwise (game, addon, update, ..., any): without kind, a record of another kind is found when the query is its title or the platform has no games. Returns the same object as GET /api/v1/agent/games/: the best matches first, each with id, title, kind, platform, year, regions and the URL of its full record (use get_game with the id for the record).",
      inputSchema: portableSchema(searchInput),
      outputSchema: portableSchema(agentSearchResponseSchema),
      annotations: readOnly,
    },
    ({ query, system, limit, kind }) => {
      if (system !== undefined && !queries.platform(system)) return toolError(`unknown platform "${system}"; list_platforms lists them`);
      return run(log, "search_games", () => queries.searchGames({ query, system, limit, kind }));
    },
  );

  server.registerTool(
    "get_game",
    {
      title: "Get a game record",
      description:
        "The full record of one game by id, as GET /api/v1/games/?id= returns it: clean title, platform, metadata when known (developer, publisher, genres, year, players), and every release (DAT entry) with regions, languages, status, flags and ROM hashes. An id that merged into another game (the same work under another name) answers that game's record, with `mergedFrom` set to the id asked for.",
      inputSchema: portableSchema(z.object({ id: z.number().int().min(1).describe("The game id, as in search results.") })),
      outputSchema: portableSchema(gameRecordSchema),
      annotations: readOnly,
    },
    ({ id }) =>
      run(log, "get_game", () => {
        const record = queries.gameRecord(id);
        if (!record) throw problems.notFound(`no game with id ${id}; search_games finds ids by title`);
        return record;
      }),
  );

  server.registerTool(
    "list_platforms",
    {
      title: "List platforms",
      description:
        "Every platform (console, handheld, computer) in the catalog with its slug, names, aliases and game count, as GET /api/v1/games/ returns it.",
      inputSchema: portableSchema(noInput),
      outputSchema: portableSchema(platformListSchema),
      annotations: readOnly,
    },
    () => run(log, "list_platforms", () => queries.platformList()),
  );

  server.registerTool(
    "match_roms",
    {
      title: "Match ROM files",
      description:
        "Identify files by hash (sha1, md5, crc with size), serial, file name or title, on one platform. Returns the same object as POST /api/v1/games/: one result per item, in order, each matched (with confidence and how), ambiguous (with candidateCount and at most 10 candidates, or reason generic-name for a file name many games share), notFound or invalid.",
      inputSchema: portableSchema(matchInput),
      outputSchema: portableSchema(matchResponseSchema),
      annotations: readOnly,
    },
    (request) => {
      if (!queries.platform(request.systemId)) return toolError(`unknown platform "${request.systemId}"; list_platforms lists them`);
      return run(log, "match_roms", () => queries.matchRoms(request));
    },
  );

  server.registerTool(
    "get_release_feed",
    {
      title: "Get the release feed",
      description:
        "Current Ludex Player releases (stable and beta channels) and on which platforms the client is available, in beta or planned, with store links and community requests; as GET /api/v1/community/ returns it.",
      inputSchema: portableSchema(noInput),
      outputSchema: portableSchema(releaseFeedResponseSchema),
      annotations: readOnly,
    },
    () => run(log, "get_release_feed", () => queries.releaseFeed()),
  );

  server.registerTool(
    "get_changes",
    {
      title: "What changed in the catalog",
      description:
        "What changed in the game catalog since a version (or a date): every game added, removed, changed (with the kinds of change: title, system, releases, roms, artwork, metadata) or merged into another game (with `into`, the id that answers for it now), in id order; as GET /api/v1/changes/?since= returns it. Without `since`: the current catalogVersion and the kept history. An unknown or expired `since` is an error telling the client to resync from the dumps (GET /api/v1/dumps/).",
      inputSchema: portableSchema(changesInput),
      outputSchema: portableSchema(changesOutput),
      annotations: readOnly,
    },
    ({ since, limit, offset }) => run(log, "get_changes", () => queries.changes({ since, limit, offset })),
  );
}

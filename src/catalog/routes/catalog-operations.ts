import { PAGE_RESULT_BYTES } from "../../core/page-bytes.ts";
import { attribution } from "../record/attribution.ts";
import type { OperationSpec } from "../../http/operation-spec.ts";
import {
  always,
  catalogUnavailable,
  jsonBody,
  notModified,
  problemBody,
  problemExample,
  taggable,
} from "../../http/operation-responses.ts";
import { agentSearchQuery, catalogQuery, MAX_OFFSET } from "./catalog-schemas.ts";

/**
 * The catalog's read operations as the OpenAPI document describes them, beside their routes:
 * title search for agents (agent-search-route.ts), records, listings and searches
 * (games-route.ts), the release feed (community-route.ts) and the health check
 * (health-route.ts). Words, examples and responses; parameter schemas are the routes' own zod
 * schemas. Example bodies come from the sample catalog (data/sample/).
 * @see docs/service-spec.md §4
 */

const starfallSummary = (base: string): Record<string, unknown> => ({
  id: 35,
  title: "The Legend of Starfall",
  system: "snes",
  kind: "game",
  releaseYear: 1993,
  developer: "Lumen Forge",
  publisher: "Starbright Games",
  genres: ["Action RPG"],
  regions: ["USA", "Europe", "Japan"],
  releaseCount: 5,
  url: `${base}/api/v1/games/?id=35`,
});

const examples = {
  agentSearch: (base: string): unknown => ({
    query: "starfall",
    system: null,
    kind: "game",
    limit: 10,
    total: 1,
    results: [starfallSummary(base)],
    attribution,
  }),
  platformList: (): unknown => ({
    platforms: [
      {
        id: "snes",
        name: "Super Nintendo Entertainment System",
        manufacturer: "Nintendo",
        kind: "console",
        libretroName: "Nintendo - Super Nintendo Entertainment System",
        aliases: ["Nintendo - Super Nintendo Entertainment System", "Super Nintendo", "Super Famicom", "SNES", "SFC"],
        releaseYear: 1990,
        gameCount: 11,
        kindCounts: { game: 11 },
      },
    ],
    attribution,
  }),
  gameRecord: (): unknown => ({
    id: 35,
    title: "The Legend of Starfall",
    system: "snes",
    systemName: "Super Nintendo Entertainment System",
    kind: "game",
    developer: "Lumen Forge",
    publisher: "Starbright Games",
    genres: ["Action RPG"],
    releaseYear: 1993,
    players: 1,
    releases: [
      {
        name: "Legend of Starfall, The (USA)",
        regions: ["USA"],
        languages: [],
        status: "release",
        flags: [],
        source: "no-intro",
        roms: [
          {
            name: "Legend of Starfall, The (USA).sfc",
            size: 1048576,
            crc: "8f0e4b7a",
            md5: "3b7d3e3c5f0a9d0f2c1e4a6b8d9e0f1a",
            sha1: "6a1f0c2b3d4e5f60718293a4b5c6d7e8f9012345",
          },
        ],
      },
    ],
    attribution,
    updatedAt: "2026-03-02T09:14:07.000Z",
  }),
  catalogPage: (base: string): unknown => ({
    system: "snes",
    query: null,
    kind: "game",
    offset: 0,
    limit: 1,
    total: 11,
    results: [
      {
        id: 34,
        title: "Iron Lantern",
        system: "snes",
        kind: "game",
        developer: "Ashgrove Interactive",
        genres: ["Platform"],
        regions: ["USA"],
        releaseCount: 1,
      },
    ],
    recordUrl: `${base}/api/v1/games/?id={id}`,
    next: `${base}/api/v1/games/?system=snes&limit=1&offset=1`,
    attribution,
  }),
  releaseFeed: (): unknown => ({
    application: { name: "Ludex Player", homepage: "https://ludex.example/player" },
    updatedAt: "2026-03-02",
    channels: [{ id: "stable", version: "2.4.1", releasedAt: "2026-02-17", notesUrl: "https://ludex.example/player/releases/2.4.1" }],
    platforms: [
      {
        id: "android",
        name: "Android",
        status: "available",
        channel: "stable",
        version: "2.4.1",
        minimumOs: "Android 9",
        storeLinks: [{ store: "Google Play", url: "https://play.google.com/store/apps/details?id=example.ludex.player" }],
      },
    ],
    communityRequests: [{ id: 12, title: "Apple TV app", kind: "platform", status: "planned", votes: 341 }],
  }),
  health: (): unknown => ({
    status: "ok",
    catalogVersion: "DhJQmNh9Ip-0nkq5",
    dataVersion: "8f0aa9e3aad19e3e",
    builtAt: "2026-03-02T10:15:00.000Z",
    counts: { platforms: 6, records: 43, games: 40, releases: 77, roms: 87 },
    uptimeSeconds: 3600,
    dependencies: { database: { status: "ok", latencyMs: 1 }, redis: { status: "ok", latencyMs: 0 } },
  }),
} as const;

/** searchGames and getOrSearchGameCatalog, with absolute example URLs under `base` (PUBLIC_BASE_URL). */
export function catalogOperations(base: string): readonly OperationSpec[] {
  return [
    {
      operationId: "searchGames",
      method: "get",
      path: "/api/v1/agent/games/",
      tag: "Catalog",
      summary: "Search games by title, or list the platforms",
      description: [
        'Title search over the whole catalog, or over one platform with `system`; best matches first, then the first `limit` of them. Each hit carries the URL of its full record. Alternate titles are searched too (regional titles such as "Rockman X" for Mega Man X); a hit found by one names it in `matchedTitle`. Without `kind`, games first: a record of another kind (add-on, update, video, ...) is found when the query is its title, or when the platform has no games; `kind=game` finds games only.',
        "With `platforms=1` the answer is the platform list instead (the same document as `GET /api/v1/games/` without parameters).",
        "A parameter given twice is an error; parameters not listed here are ignored. No authentication.",
      ].join("\n\n"),
      auth: { kind: "none" },
      query: {
        schema: agentSearchQuery,
        notes: {
          q: {
            description: "Game title or part of one; typos and missing words are tolerated. Required unless `platforms=1`.",
            example: "starfall",
          },
          system: {
            description:
              "Only this platform: a slug (`snes`) or any alias (`Super Famicom`). An unknown platform is a 422; `platforms=1` lists them.",
            example: "snes",
          },
          limit: { description: "How many results to return. Keep it at 30 or fewer.", example: "10" },
          kind: {
            description:
              "Records of this kind only: `game`, `addon`, `update`, `cosmetic`, `application`, `video`, `music`, `bios`, or `any`. Without it, games first: a record of another kind is found when the query is its own title, or when the platform has no games.",
            example: "addon",
          },
          platforms: { description: "`1` lists the platforms instead of searching." },
        },
      },
      responses: {
        "200": {
          description: "The search results (AgentSearchResponse), or with `platforms=1` the platform list (PlatformList).",
          headers: { ...always, ETag: true, "Cache-Control": true, "Last-Modified": false, ...taggable },
          body: jsonBody(["AgentSearchResponse", "PlatformList"], {
            search: { summary: "GET /api/v1/agent/games/?q=starfall", value: examples.agentSearch(base) },
            platforms: { summary: "GET /api/v1/agent/games/?platforms=1", value: examples.platformList() },
          }),
        },
        "304": notModified,
        "422": {
          description:
            "Invalid request: `errors` names every bad parameter (missing `q`, `limit` out of range, unknown `system`, a repeated parameter).",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({
            missingQuery: {
              summary: "q missing",
              value: problemExample(base, "invalid-request", "q: required (a game title or part of one) unless platforms=1", {
                errors: [{ name: "q", detail: "required (a game title or part of one) unless platforms=1" }],
              }),
            },
            limit: {
              summary: "limit out of range",
              value: problemExample(base, "invalid-request", "limit: must be at most 30", {
                errors: [{ name: "limit", detail: "must be at most 30" }],
              }),
            },
          }),
        },
        "503": catalogUnavailable(base),
      },
      samples: [
        { label: "Search by title", query: { q: "starfall", limit: "5" } },
        { label: "Search one platform", query: { q: "mario", system: "snes" } },
        { label: "List the platforms", query: { platforms: "1" } },
      ],
    },
    {
      operationId: "getOrSearchGameCatalog",
      method: "get",
      path: "/api/v1/games/",
      tag: "Catalog",
      summary: "Get one game record, list or search a platform, or list the platforms",
      description: [
        "Which parameters are given selects the answer, in this order:",
        [
          "1. `id`: that game's full record (GameRecord); for an id that merged into another game (the same work under another name, or the same arcade set in another collection), a 301 to that game's record (GameMerged); or 404. Every other parameter is ignored.",
          "2. `system`: that platform's games (CatalogPage), listed by title, or searched when `q` is given too; without `kind`, games first (a record of another kind is found when `q` is its title, and a platform without games lists what it has).",
          "3. `q` alone: a search over every platform (CatalogPage).",
          "4. Nothing: the platform list (PlatformList).",
        ].join("\n"),
        "`ra=1` keeps only the records with a release whose dump RetroAchievements supports (from retool-clonelists-metadata's RetroAchievements lists, snapshot of 2025-08-25).",
        `A page holds at most \`limit\` results and at most ${PAGE_RESULT_BYTES / 1024} KB of them, so that no answer is far larger than its request: a page of long titles ends early. \`next\` and the \`Link: rel="next"\` header give the following page (its \`offset\` is this one's plus the results it holds); follow them rather than adding \`limit\` to \`offset\` (at most ${MAX_OFFSET}). A parameter given twice is an error; parameters not listed here are ignored. No authentication.`,
      ].join("\n\n"),
      auth: { kind: "none" },
      query: {
        schema: catalogQuery,
        notes: {
          id: { description: "A game id (from a search result or a match). Selects the full record.", example: "35" },
          system: { description: "A platform slug or alias: lists (or, with `q`, searches) that platform.", example: "snes" },
          q: { description: "Search text.", example: "starfall" },
          limit: { description: "Page size." },
          offset: { description: "How many results to skip; follow `next` instead of computing it." },
          kind: {
            description:
              "Records of this kind only, in listings and searches: `game`, `addon`, `update`, `cosmetic`, `application`, `video`, `music`, `bios`, or `any`. Without it, games first: a search finds a record of another kind when the query is its own title, and a platform without games lists what it has. The platform list counts each kind (`kindCounts`).",
            example: "addon",
          },
          ra: { description: "`1`: only records with a release whose dump RetroAchievements supports.", example: "1" },
        },
      },
      responses: {
        "200": {
          description: "A full game record (`id`), a page of games (`system` and/or `q`), or the platform list (no parameters).",
          headers: {
            ...always,
            ETag: true,
            "Cache-Control": true,
            "Last-Modified": false,
            Link: false,
            ...taggable,
          },
          body: jsonBody(["GameRecord", "CatalogPage", "PlatformList"], {
            record: { summary: "GET /api/v1/games/?id=35", value: examples.gameRecord() },
            page: { summary: "GET /api/v1/games/?system=snes&limit=1", value: examples.catalogPage(base) },
            platforms: { summary: "GET /api/v1/games/", value: examples.platformList() },
          }),
        },
        "301": {
          description:
            "Moved Permanently: the game with this `id` merged into another one, whose record answers for it from now on. `Location` is that record's URL; the body says the same. Cached like a record.",
          headers: { ...always, Location: true, "Cache-Control": true },
          body: jsonBody("GameMerged", {
            merged: {
              summary: "GET /api/v1/games/?id=36",
              value: { id: 36, mergedInto: 35, url: `${base}/api/v1/games/?id=35` },
            },
          }),
        },
        "304": notModified,
        "404": {
          description: "Not found: no game has this `id`, and no game it merged into.",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({ notFound: { summary: "Unknown id", value: problemExample(base, "not-found", "no game with id 999999") } }),
        },
        "422": {
          description:
            "Invalid request: `errors` names every bad parameter (`id` not a positive integer, `limit` out of range, unknown `system`, ...).",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({
            badId: {
              summary: "id is not a positive integer",
              value: problemExample(base, "invalid-request", "id: must be at least 1", {
                errors: [{ name: "id", detail: "must be at least 1" }],
              }),
            },
          }),
        },
        "503": catalogUnavailable(base),
      },
      samples: [
        { label: "One game's full record", query: { id: "35" } },
        { label: "A platform's games, by title", query: { system: "snes", limit: "30" } },
        { label: "Search every platform", query: { q: "starfall" } },
        { label: "The platform list" },
      ],
    },
  ];
}

/** getReleaseFeed (community-route.ts). */
export function releaseFeedOperation(base: string): OperationSpec {
  return {
    operationId: "getReleaseFeed",
    method: "get",
    path: "/api/v1/community/",
    tag: "Releases",
    summary: "Get the release and platform-availability feed",
    description:
      "The current versions of the Ludex Player media client per update channel, where it is available (stores, minimum OS) and the public community requests with their vote counts. Prebuilt: revalidate with `If-None-Match`. No parameters: a query string is ignored, so a GET or HEAD never gets a 4xx; another method gets 405 with `Allow: GET, HEAD`. No authentication.",
    auth: { kind: "none" },
    responses: {
      "200": {
        description: "The release feed.",
        headers: { ...always, ETag: true, "Last-Modified": true, "Cache-Control": true },
        body: jsonBody("ReleaseFeed", { feed: { summary: "The feed (shortened)", value: examples.releaseFeed() } }),
      },
      "304": notModified,
      "503": catalogUnavailable(base),
    },
    samples: [{ label: "The release feed" }],
  };
}

/** getApiHealth (health-route.ts). */
export function healthOperation(base: string): OperationSpec {
  return {
    operationId: "getApiHealth",
    method: "get",
    path: "/api/health/",
    tag: "Service",
    summary: "Check the service's health",
    description:
      "200 while a catalog build is loaded and every dependency (the database, and Redis when configured) answers, with the build's version and counts; 503 otherwise. No parameters: a query string is ignored, so a GET or HEAD never gets a 4xx; another method gets 405 with `Allow: GET, HEAD`. Never cached. No authentication.",
    auth: { kind: "none" },
    responses: {
      "200": {
        description: "Healthy.",
        headers: { ...always, "Cache-Control": true },
        body: jsonBody("Health", { ok: { summary: "Healthy", value: examples.health() } }),
      },
      "503": catalogUnavailable(base),
    },
    samples: [{ label: "Health" }],
  };
}

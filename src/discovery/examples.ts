import { attribution } from "../catalog/record/attribution.ts";
import { httpProblemTypes, type HttpProblemType } from "../core/problem-types.ts";
import { problemTypeUri } from "../http/problem-response.ts";
import { tokenLifetimes } from "../oauth/grant-store.ts";

/**
 * Example bodies for the OpenAPI document, llms-full.txt and the docs page, taken from the sample
 * catalog (data/sample/). Redocly's lint and tests/discovery check each against its schema.
 */

const starfallSummary = (base: string): Record<string, unknown> => ({
  id: 35,
  title: "The Legend of Starfall",
  system: "snes",
  releaseYear: 1993,
  developer: "Lumen Forge",
  publisher: "Starbright Games",
  genres: ["Action RPG"],
  regions: ["USA", "Europe", "Japan"],
  releaseCount: 5,
  url: `${base}/api/v1/games/?id=35`,
});

export const exampleBodies = {
  agentSearch: (base: string): unknown => ({
    query: "starfall",
    system: null,
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
      },
    ],
    attribution,
  }),
  gameRecord: (): unknown => ({
    id: 35,
    title: "The Legend of Starfall",
    system: "snes",
    systemName: "Super Nintendo Entertainment System",
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
    offset: 0,
    limit: 1,
    total: 11,
    results: [
      {
        id: 34,
        title: "Iron Lantern",
        system: "snes",
        developer: "Ashgrove Interactive",
        genres: ["Platform"],
        regions: ["USA"],
        releaseCount: 1,
        url: `${base}/api/v1/games/?id=34`,
      },
    ],
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
  matchRequest: (): unknown => ({
    systemId: "snes",
    items: [
      { name: "Legend of Starfall, The (USA).sfc", size: 1048576 },
      { crc: "8F0E4B7A", size: 65536 },
      { name: "Unknown Homebrew (World).sfc" },
    ],
    artworkTypes: ["boxart"],
  }),
  matchResponse: (): unknown => ({
    systemId: "snes",
    results: [
      {
        index: 0,
        status: "matched",
        match: {
          gameId: 35,
          title: "The Legend of Starfall",
          release: "Legend of Starfall, The (USA)",
          confidence: 0.95,
          matchedBy: "name",
        },
        artwork: {
          boxart:
            "https://thumbnails.libretro.com/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System/Named_Boxarts/Legend%20of%20Starfall%2C%20The%20(USA).png",
        },
      },
      { index: 1, status: "invalid", errors: [{ pointer: "/items/1/crc", detail: "must be 8 hexadecimal digits" }] },
      { index: 2, status: "notFound" },
    ],
  }),
  health: (): unknown => ({
    status: "ok",
    catalogVersion: "DhJQmNh9Ip-0nkq5",
    dataVersion: "8f0aa9e3aad19e3e",
    builtAt: "2026-03-02T10:15:00.000Z",
    counts: { platforms: 6, games: 43, releases: 77, roms: 87 },
    uptimeSeconds: 3600,
    dependencies: { database: { status: "ok", latencyMs: 1 }, redis: { status: "ok", latencyMs: 0 } },
  }),
  memberIdentity: (): unknown => ({ id: 42, displayName: "Ada" }),
  registrationRequest: (): unknown => ({
    client_name: "Example Agent",
    redirect_uris: ["https://agent.example/oauth/callback"],
    scope: "profile.read games.read",
    token_endpoint_auth_method: "none",
  }),
  registrationResponse: (): unknown => ({
    client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw",
    client_id_issued_at: 1772445600,
    client_name: "Example Agent",
    redirect_uris: ["https://agent.example/oauth/callback"],
    scope: "games.read profile.read",
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  }),
  tokenRequest: (): unknown => ({
    grant_type: "authorization_code",
    code: "<code from the redirect>",
    redirect_uri: "https://agent.example/oauth/callback",
    client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw",
    code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
  }),
  refreshRequest: (): unknown => ({ grant_type: "refresh_token", refresh_token: "<refresh token>", client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw" }),
  tokenResponse: (): unknown => ({
    access_token: "<opaque access token>",
    token_type: "Bearer",
    expires_in: tokenLifetimes.accessSeconds,
    scope: "games.read profile.read",
    refresh_token: "<opaque refresh token>",
  }),
  revocationRequest: (): unknown => ({ token: "<refresh token>", token_type_hint: "refresh_token", client_id: "g1Xb2Qk0Rr8yY3m4N5p6Tw" }),
} as const;

/** A problem+json example as problemResult() writes it; title and status come from the registry. */
export function problemExample(base: string, type: HttpProblemType, detail: string, extensions: Record<string, unknown> = {}): unknown {
  const { title, status } = httpProblemTypes[type];
  return { type: problemTypeUri(base, type), title, status, detail, ...extensions };
}

/** An OAuth error example. */
export function oauthErrorExample(error: string, description: string): unknown {
  return { error, error_description: description };
}

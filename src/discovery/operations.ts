import { agentSearchQuery, catalogQuery, MAX_OFFSET } from "../catalog/http/catalog-schemas.ts";
import { PROBLEM_CONTENT_TYPE } from "../http/problem-response.ts";
import { MATCH_BODY_LIMIT, MAX_MATCH_ITEMS } from "../match/match-schemas.ts";
import { AUTHORIZATION_CODE_LIFETIME_SECONDS } from "../oauth/authorization-codes.ts";
import { tokenLifetimes } from "../oauth/grant-store.ts";
import { IDENTITY_PATH, oauthPaths } from "../oauth/metadata.ts";
import type { OAuthLimits } from "../config/config.ts";
import { perWindow } from "./agent-guide.ts";
import { exampleBodies, oauthErrorExample, problemExample } from "./examples.ts";
import { feedOperations } from "./feed-operations.ts";
import type { OperationSpec, ResponseSpec, TagName } from "./operation-spec.ts";
import type { ExampleObject } from "./openapi-types.ts";
import type { ComponentName } from "./schema-components.ts";

/**
 * The operations table: every operation of the API with its words (summary, description,
 * parameter notes), examples and responses. openapi-document.ts turns it into the OpenAPI
 * document, with parameter and body schemas taken from the zod schemas the server validates with;
 * llms.txt, llms-full.txt and the docs page are rendered from that document. So all of them say
 * the same thing, and a change here reaches all of them.
 * @see docs/service-spec.md §4, §7, §8
 */

export const tagDescriptions: Readonly<Record<TagName, string>> = {
  Catalog: "Game search, platforms and full game records. Public, no authentication.",
  Matching: "Match files a client has to catalog games. Public, rate limited.",
  Releases: "Release and platform availability of the Ludex Player media client. Public.",
  Identity: "Who authorized a client: the only endpoint that needs a token.",
  OAuth: "OAuth 2.0 client registration and token endpoints (authorization code flow with PKCE).",
  Service: "Service status.",
};

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const always = { "X-Request-Id": true } as const;

function json(
  schema: ComponentName | readonly ComponentName[],
  examples: Record<string, ExampleObject>,
): NonNullable<ResponseSpec["body"]> {
  return { mediaType: JSON_TYPE, schema, examples };
}

function problem(examples: Record<string, ExampleObject>): NonNullable<ResponseSpec["body"]> {
  return { mediaType: PROBLEM_CONTENT_TYPE, schema: "Problem", examples };
}

function oauthErrors(examples: Record<string, ExampleObject>): NonNullable<ResponseSpec["body"]> {
  return { mediaType: JSON_TYPE, schema: "OAuthError", examples };
}

const notModified: ResponseSpec = {
  description: "Not Modified: the If-None-Match (or If-Modified-Since) validator still matches; reuse the cached answer.",
  headers: { ...always, ETag: true, "Cache-Control": true },
};

function unavailable(base: string): ResponseSpec {
  return {
    description: "Service temporarily unavailable: no catalog build is loaded. Retry after the given seconds.",
    headers: { ...always, "Retry-After": true, "Cache-Control": true },
    body: problem({
      unavailable: {
        summary: "No catalog loaded",
        value: problemExample(base, "catalog-unavailable", "The catalog is not loaded; try again later."),
      },
    }),
  };
}

function tooLarge(
  limit: number,
  body: (examples: Record<string, ExampleObject>) => NonNullable<ResponseSpec["body"]>,
  value: unknown,
): ResponseSpec {
  return {
    description: `Payload Too Large: the body may be at most ${limit} bytes.`,
    headers: { ...always, "Cache-Control": true },
    body: body({ tooLarge: { summary: "Body too large", value } }),
  };
}

function unsupportedMediaType(
  expected: string,
  body: (examples: Record<string, ExampleObject>) => NonNullable<ResponseSpec["body"]>,
  value: unknown,
): ResponseSpec {
  return {
    description: `Unsupported Media Type: send \`Content-Type: ${expected}\`.`,
    headers: { ...always, "Accept-Post": true, "Cache-Control": true },
    body: body({ unsupported: { summary: "Wrong Content-Type", value } }),
  };
}

const matchQuota = { "RateLimit-Policy": false, RateLimit: false } as const;

/** Every operation of the API, with absolute example URLs under `base` (PUBLIC_BASE_URL). */
export function operations(base: string, limits: OAuthLimits): readonly OperationSpec[] {
  const ex = exampleBodies;
  const invalidClient = oauthErrorExample("invalid_client", "client authentication failed");
  return [
    {
      operationId: "searchGames",
      method: "get",
      path: "/api/v1/agent/games/",
      tag: "Catalog",
      summary: "Search games by title, or list the platforms",
      description: [
        "Title search over the whole catalog, or over one platform with `system`; best matches first, then the first `limit` of them. Each hit carries the URL of its full record.",
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
          platforms: { description: "`1` lists the platforms instead of searching." },
        },
      },
      responses: {
        "200": {
          description: "The search results (AgentSearchResponse), or with `platforms=1` the platform list (PlatformList).",
          headers: { ...always, ETag: true, "Cache-Control": true, "Last-Modified": false },
          body: json(["AgentSearchResponse", "PlatformList"], {
            search: { summary: "GET /api/v1/agent/games/?q=starfall", value: ex.agentSearch(base) },
            platforms: { summary: "GET /api/v1/agent/games/?platforms=1", value: ex.platformList() },
          }),
        },
        "304": notModified,
        "422": {
          description:
            "Invalid request: `errors` names every bad parameter (missing `q`, `limit` out of range, unknown `system`, a repeated parameter).",
          headers: { ...always, "Cache-Control": true },
          body: problem({
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
        "503": unavailable(base),
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
          "1. `id`: that game's full record (GameRecord), or 404. Every other parameter is ignored.",
          "2. `system`: that platform's games (CatalogPage), listed by title, or searched when `q` is given too.",
          "3. `q` alone: a search over every platform (CatalogPage).",
          "4. Nothing: the platform list (PlatformList).",
        ].join("\n"),
        `Pages are walked with \`offset\` (at most ${MAX_OFFSET}) and \`limit\`; \`next\` and the \`Link: rel="next"\` header give the following page. A parameter given twice is an error; parameters not listed here are ignored. No authentication.`,
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
        },
      },
      responses: {
        "200": {
          description: "A full game record (`id`), a page of games (`system` and/or `q`), or the platform list (no parameters).",
          headers: { ...always, ETag: true, "Cache-Control": true, "Last-Modified": false, Link: false },
          body: json(["GameRecord", "CatalogPage", "PlatformList"], {
            record: { summary: "GET /api/v1/games/?id=35", value: ex.gameRecord() },
            page: { summary: "GET /api/v1/games/?system=snes&limit=1", value: ex.catalogPage(base) },
            platforms: { summary: "GET /api/v1/games/", value: ex.platformList() },
          }),
        },
        "304": notModified,
        "404": {
          description: "Not found: no game has this `id`.",
          headers: { ...always, "Cache-Control": true },
          body: problem({ notFound: { summary: "Unknown id", value: problemExample(base, "not-found", "no game with id 999999") } }),
        },
        "422": {
          description:
            "Invalid request: `errors` names every bad parameter (`id` not a positive integer, `limit` out of range, unknown `system`, ...).",
          headers: { ...always, "Cache-Control": true },
          body: problem({
            badId: {
              summary: "id is not a positive integer",
              value: problemExample(base, "invalid-request", "id: must be at least 1", {
                errors: [{ name: "id", detail: "must be at least 1" }],
              }),
            },
          }),
        },
        "503": unavailable(base),
      },
      samples: [
        { label: "One game's full record", query: { id: "35" } },
        { label: "A platform's games, by title", query: { system: "snes", limit: "30" } },
        { label: "Search every platform", query: { q: "starfall" } },
        { label: "The platform list" },
      ],
    },
    {
      operationId: "matchRomFiles",
      method: "post",
      path: "/api/v1/games/",
      tag: "Matching",
      summary: "Match ROM files by hash, serial or file name",
      description: [
        `Matches up to ${MAX_MATCH_ITEMS} files of one platform (\`systemId\`, a slug or alias). Each item is matched on its own, in this order: sha1, md5, crc with size, crc, serial, file or DAT name, clean title, fuzzy title. A hash shared by several games gives \`ambiguous\` with the candidates, never a silent pick.`,
        "An item that does not fit MatchItem does not fail the batch: its result is `invalid` with the reasons. Only an invalid envelope (no `systemId`, no `items`, too many items, unknown `artworkTypes`, unknown platform) is a 422.",
        `The rate limit counts items per client address and window; every answer says what is left in \`RateLimit\` and \`RateLimit-Policy\`. Past it the answer is 429 with \`Retry-After\`. The body may be at most ${MATCH_BODY_LIMIT} bytes. No authentication.`,
      ].join("\n\n"),
      auth: { kind: "none" },
      body: {
        mediaType: JSON_TYPE,
        schema: "MatchRequest",
        description: `The platform and up to ${MAX_MATCH_ITEMS} items (each a MatchItem: any of name, size, crc, md5, sha1, serial).`,
        examples: { batch: { summary: "A file name, a checksum and an unknown file", value: ex.matchRequest() } },
      },
      responses: {
        "200": {
          description: "One result per item, in request order.",
          headers: { ...always, "Cache-Control": true, ...matchQuota },
          body: json("MatchResponse", {
            mixed: { summary: 'A match, an invalid item (crc "zz") and an unknown file', value: ex.matchResponse() },
          }),
        },
        "400": {
          description: "Bad request: the body is not JSON or not UTF-8.",
          headers: { ...always, "Cache-Control": true, ...matchQuota },
          body: problem({
            malformed: {
              summary: "Not JSON",
              value: problemExample(base, "malformed-json", "the body is not valid JSON: Unexpected end of JSON input"),
            },
          }),
        },
        "413": {
          ...tooLarge(
            MATCH_BODY_LIMIT,
            problem,
            problemExample(base, "payload-too-large", `the body may be at most ${MATCH_BODY_LIMIT} bytes`),
          ),
          headers: { ...always, "Cache-Control": true, ...matchQuota },
        },
        "415": {
          ...unsupportedMediaType(
            JSON_TYPE,
            problem,
            problemExample(base, "unsupported-media-type", "expected application/json, got text/plain"),
          ),
          headers: { ...always, "Accept-Post": true, "Cache-Control": true, ...matchQuota },
        },
        "422": {
          description: "Invalid request envelope: `errors` lists each problem with a JSON Pointer into the body.",
          headers: { ...always, "Cache-Control": true, ...matchQuota },
          body: problem({
            tooMany: {
              summary: "Too many items",
              value: problemExample(base, "invalid-request", `/items: must hold at most ${MAX_MATCH_ITEMS} items`, {
                errors: [{ pointer: "/items", detail: `must hold at most ${MAX_MATCH_ITEMS} items` }],
              }),
            },
            unknownPlatform: {
              summary: "Unknown systemId",
              value: problemExample(base, "invalid-request", '/systemId: unknown platform "amiga-cd64"; GET /api/v1/games/ lists them', {
                errors: [{ pointer: "/systemId", detail: 'unknown platform "amiga-cd64"; GET /api/v1/games/ lists them' }],
              }),
            },
          }),
        },
        "429": {
          description: "Too Many Requests: the items would pass this address's quota. Nothing was counted; wait `Retry-After` seconds.",
          headers: { ...always, "Retry-After": true, "RateLimit-Policy": true, RateLimit: true, "Cache-Control": true },
          body: problem({
            limited: {
              summary: "Quota used up",
              value: problemExample(
                base,
                "rate-limited",
                "this request holds 100 items and 40 of 6000 are left in the current 60-second window",
              ),
            },
          }),
        },
        "503": { ...unavailable(base), headers: { ...always, "Retry-After": true, "Cache-Control": true, ...matchQuota } },
      },
      samples: [
        {
          label: "Match two files",
          json: {
            systemId: "snes",
            items: [{ name: "Legend of Starfall, The (USA).sfc" }, { crc: "8f0e4b7a", size: 1048576 }],
            artworkTypes: ["boxart"],
          },
        },
      ],
    },
    {
      operationId: "getReleaseFeed",
      method: "get",
      path: "/api/v1/community/",
      tag: "Releases",
      summary: "Get the release and platform-availability feed",
      description:
        "The current versions of the Ludex Player media client per update channel, where it is available (stores, minimum OS) and the public community requests with their vote counts. Prebuilt: revalidate with `If-None-Match`. No parameters, no authentication.",
      auth: { kind: "none" },
      responses: {
        "200": {
          description: "The release feed.",
          headers: { ...always, ETag: true, "Last-Modified": true, "Cache-Control": true },
          body: json("ReleaseFeed", { feed: { summary: "The feed (shortened)", value: ex.releaseFeed() } }),
        },
        "304": notModified,
        "503": unavailable(base),
      },
      samples: [{ label: "The release feed" }],
    },
    ...feedOperations(base, { always, json, problem, notModified, unavailable }),
    {
      operationId: "getAuthorizedMember",
      method: "get",
      path: IDENTITY_PATH,
      tag: "Identity",
      summary: "Get the member who authorized this client",
      description: [
        "The id and display name of the member whose access token this is, and nothing else. Needs `Authorization: Bearer <access token>` with the `profile.read` scope (OAuth 2.0 authorization code flow with PKCE; see the OAuth endpoints).",
        "The token goes in the Authorization header only: a token in the URL is refused (400), since URLs end up in logs. Tokens are checked on every request, so a revoked token fails from the next request on.",
      ].join("\n\n"),
      auth: { kind: "bearer", scope: "profile.read" },
      responses: {
        "200": {
          description: "The member's identity.",
          headers: { ...always, "Cache-Control": true },
          body: json("MemberIdentity", { member: { summary: "A member", value: ex.memberIdentity() } }),
        },
        "400": {
          description: "Bad request: the access token was sent in the URL.",
          headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
          body: problem({
            tokenInUrl: {
              summary: "access_token in the query",
              value: problemExample(base, "bad-request", "send the access token in the Authorization header, never in the URL"),
            },
          }),
        },
        "401": {
          description:
            "Unauthorized: the bearer token is missing, invalid, expired or revoked. `WWW-Authenticate` points at the protected resource metadata.",
          headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
          body: problem({
            missing: { summary: "No token", value: problemExample(base, "unauthorized", "send Authorization: Bearer <access token>") },
            invalid: {
              summary: "Bad token",
              value: problemExample(base, "unauthorized", "the access token is invalid, expired or revoked"),
            },
          }),
        },
        "403": {
          description: "Forbidden: the token lacks `profile.read`.",
          headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
          body: problem({
            scope: {
              summary: "Missing scope",
              value: problemExample(base, "insufficient-scope", "this endpoint needs the profile.read scope"),
            },
          }),
        },
      },
      samples: [{ label: "Who authorized this client", headers: { Authorization: "Bearer $ACCESS_TOKEN" } }],
    },
    {
      operationId: "getApiHealth",
      method: "get",
      path: "/api/health/",
      tag: "Service",
      summary: "Check the service's health",
      description:
        "200 while a catalog build is loaded and every dependency (database, Redis) answers, with the build's version and counts; 503 otherwise. Never cached. No authentication.",
      auth: { kind: "none" },
      responses: {
        "200": {
          description: "Healthy.",
          headers: { ...always, "Cache-Control": true },
          body: json("Health", { ok: { summary: "Healthy", value: ex.health() } }),
        },
        "503": unavailable(base),
      },
      samples: [{ label: "Health" }],
    },
    {
      operationId: "registerOAuthClient",
      method: "post",
      path: oauthPaths.register,
      tag: "OAuth",
      summary: "Register an OAuth client",
      description: [
        `Dynamic client registration (RFC 7591). Register once and keep the \`client_id\`. Agent clients use an exact https redirect URI; native development clients may use http on 127.0.0.1 or [::1]. \`token_endpoint_auth_method: none\` makes a public client (no secret, PKCE only); otherwise the answer carries \`client_secret\`, this once.`,
        `At most ${perWindow(limits.registration, "registrations")} per client address. Errors use the OAuth error form (\`error\`, \`error_description\`), not problem+json.`,
      ].join("\n\n"),
      auth: { kind: "none" },
      body: {
        mediaType: JSON_TYPE,
        schema: "ClientRegistrationRequest",
        description: "Client metadata.",
        examples: { publicClient: { summary: "A public agent client", value: ex.registrationRequest() } },
      },
      responses: {
        "201": {
          description: "Registered. `client_secret` is present only for confidential clients.",
          headers: { ...always, "Cache-Control": true },
          body: json("ClientRegistrationResponse", { publicClient: { summary: "A public client", value: ex.registrationResponse() } }),
        },
        "400": {
          description: "Invalid client metadata or redirect URI, or a body that is not JSON.",
          headers: { ...always, "Cache-Control": true },
          body: oauthErrors({
            metadata: {
              summary: "Missing client_name",
              value: oauthErrorExample(
                "invalid_client_metadata",
                "client_name is required: 1 to 100 characters without control characters",
              ),
            },
            redirect: {
              summary: "http redirect URI",
              value: oauthErrorExample(
                "invalid_redirect_uri",
                "plain http is allowed only on a loopback address (127.0.0.1 or [::1]): http://agent.example/cb",
              ),
            },
          }),
        },
        "413": tooLarge(16 * 1024, oauthErrors, oauthErrorExample("invalid_client_metadata", "the body may be at most 16384 bytes")),
        "415": unsupportedMediaType(
          JSON_TYPE,
          oauthErrors,
          oauthErrorExample("invalid_client_metadata", "expected application/json, got text/plain"),
        ),
        "429": {
          description: "Too Many Requests: too many registrations from this address; wait `Retry-After` seconds.",
          headers: { ...always, "Retry-After": true, "RateLimit-Policy": true, RateLimit: true, "Cache-Control": true },
          body: oauthErrors({
            limited: {
              summary: "Registration limit",
              value: oauthErrorExample("temporarily_unavailable", "too many registrations from this address; try again in 3412 s"),
            },
          }),
        },
      },
      samples: [{ label: "Register a public client", json: ex.registrationRequest() }],
    },
    {
      operationId: "requestOAuthToken",
      method: "post",
      path: oauthPaths.token,
      tag: "OAuth",
      summary: "Exchange an authorization code or a refresh token for tokens",
      description: [
        `\`grant_type=authorization_code\`: within ${AUTHORIZATION_CODE_LIFETIME_SECONDS} s of the redirect, with the same \`redirect_uri\` and the PKCE \`code_verifier\`. A code works once; replaying it revokes what it produced.`,
        `\`grant_type=refresh_token\`: a new access token and a new refresh token; keep the new one. Presenting a used refresh token revokes the whole grant.`,
        `Access tokens live ${tokenLifetimes.accessSeconds} s, refresh tokens ${tokenLifetimes.refreshSeconds / 86_400} days. Public clients send \`client_id\`; confidential clients authenticate as registered (HTTP Basic or \`client_secret\` in the form). Errors use the OAuth error form.`,
      ].join("\n\n"),
      auth: { kind: "client" },
      body: {
        mediaType: FORM_TYPE,
        schema: "TokenRequest",
        description: "The grant (form encoded).",
        examples: {
          authorizationCode: { summary: "Redeem a code (public client)", value: ex.tokenRequest() },
          refresh: { summary: "Refresh", value: ex.refreshRequest() },
        },
      },
      responses: {
        "200": {
          description: "Tokens.",
          headers: { ...always, "Cache-Control": true },
          body: json("TokenResponse", { tokens: { summary: "Tokens", value: ex.tokenResponse() } }),
        },
        "400": {
          description:
            "The grant was refused (`invalid_grant`: unknown, expired or used code; wrong redirect_uri or code_verifier) or the request is malformed.",
          headers: { ...always, "Cache-Control": true },
          body: oauthErrors({
            grant: {
              summary: "Bad code",
              value: oauthErrorExample("invalid_grant", "the authorization code is invalid, expired or already used"),
            },
            request: { summary: "Missing parameter", value: oauthErrorExample("invalid_request", "code_verifier is required") },
          }),
        },
        "401": {
          description: "Client authentication failed (`invalid_client`).",
          headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
          body: oauthErrors({ client: { summary: "Unknown client", value: invalidClient } }),
        },
        "413": tooLarge(16 * 1024, oauthErrors, oauthErrorExample("invalid_request", "the body may be at most 16384 bytes")),
        "415": unsupportedMediaType(
          FORM_TYPE,
          oauthErrors,
          oauthErrorExample("invalid_request", "expected application/x-www-form-urlencoded, got application/json"),
        ),
      },
      samples: [
        {
          label: "Redeem an authorization code (public client)",
          form: {
            grant_type: "authorization_code",
            code: "$CODE",
            redirect_uri: "https://agent.example/oauth/callback",
            client_id: "$CLIENT_ID",
            code_verifier: "$CODE_VERIFIER",
          },
        },
        { label: "Refresh", form: { grant_type: "refresh_token", refresh_token: "$REFRESH_TOKEN", client_id: "$CLIENT_ID" } },
      ],
    },
    {
      operationId: "revokeOAuthToken",
      method: "post",
      path: oauthPaths.revoke,
      tag: "OAuth",
      summary: "Revoke an access or refresh token",
      description:
        "Token revocation (RFC 7009). Answers 200 for unknown tokens too, so the answer tells nothing about which tokens exist. Revoking a refresh token ends its whole grant. Clients authenticate as at the token endpoint.",
      auth: { kind: "client" },
      body: {
        mediaType: FORM_TYPE,
        schema: "RevocationRequest",
        description: "The token (form encoded).",
        examples: { refresh: { summary: "Revoke a refresh token", value: ex.revocationRequest() } },
      },
      responses: {
        "200": { description: "Revoked (or unknown). No body.", headers: { ...always, "Cache-Control": true } },
        "400": {
          description: "Malformed request (`invalid_request`: no `token`, a repeated parameter).",
          headers: { ...always, "Cache-Control": true },
          body: oauthErrors({ request: { summary: "No token", value: oauthErrorExample("invalid_request", "token is required") } }),
        },
        "401": {
          description: "Client authentication failed (`invalid_client`).",
          headers: { ...always, "WWW-Authenticate": true, "Cache-Control": true },
          body: oauthErrors({ client: { summary: "Unknown client", value: invalidClient } }),
        },
        "413": tooLarge(16 * 1024, oauthErrors, oauthErrorExample("invalid_request", "the body may be at most 16384 bytes")),
        "415": unsupportedMediaType(
          FORM_TYPE,
          oauthErrors,
          oauthErrorExample("invalid_request", "expected application/x-www-form-urlencoded, got application/json"),
        ),
      },
      samples: [
        { label: "Revoke a refresh token", form: { token: "$REFRESH_TOKEN", token_type_hint: "refresh_token", client_id: "$CLIENT_ID" } },
      ],
    },
  ];
}

import { agentPaths } from "../config/service-info.ts";
import { attribution } from "../catalog/record/attribution.ts";
import { cachePolicy } from "../http/cache-policy.ts";
import { MAX_MATCH_ITEMS } from "../match/schema/match-schemas.ts";
import { AUTHORIZATION_CODE_LIFETIME_SECONDS } from "../oauth/authorization-codes.ts";
import { defaultClientScopes } from "../oauth/client-registry.ts";
import { tokenLifetimes } from "../oauth/grant-store.ts";
import { IDENTITY_PATH, identityResourceMetadataUrl, oauthPaths } from "../oauth/metadata.ts";
import type { OAuthLimits } from "../config/config.ts";
import { perWindow } from "../config/quota-words.ts";
import { formatScope, scopeDescriptions, supportedScopes } from "../oauth/scopes.ts";
import { contentSignalMeanings, contentSignals, contentSignalValue } from "./content-policy.ts";
import { discoveryPaths } from "./discovery-paths.ts";
import { fileHashingRules, romManagerRules } from "./rom-manager-guide.ts";

/**
 * The prose of the guide for clients and agents: the OAuth flow step by step, limits and caching,
 * the agent entry points, attribution and the content policy. Structured (paragraphs, lists, code)
 * with inline Markdown, so that llms-full.txt writes it as Markdown and the docs page as HTML.
 * @see docs/service-spec.md §1, §5, §8
 */

export type GuideBlock =
  | { readonly kind: "p"; readonly text: string }
  | { readonly kind: "ul" | "ol"; readonly items: readonly string[] }
  | { readonly kind: "code"; readonly text: string };

export interface GuideSection {
  /** Anchor on the docs page. */
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly GuideBlock[];
}

const p = (text: string): GuideBlock => ({ kind: "p", text });
const ul = (...items: string[]): GuideBlock => ({ kind: "ul", items });
const ol = (...items: string[]): GuideBlock => ({ kind: "ol", items });
const code = (text: string): GuideBlock => ({ kind: "code", text });

/** The one-paragraph description of the service (llms.txt's summary, the docs page's lead). */
export function serviceSummary(): string {
  return "ludex is a public, read-only video-game catalog and release service: title search, a platform list, full game records, ROM matching by hash, serial and file name, the release and platform-availability feed of the Ludex Player media client, and an OAuth-protected endpoint that tells a client which member authorized it.";
}

/** The rules every client must follow, short (llms.txt notes, the top of llms-full.txt). */
export function clientRules(base: string): readonly string[] {
  return [
    "Everything except `GET /api/v1/agent/me/` is anonymous: no key, no token.",
    "Never ask a person for their media-server password or their website password. The only sign-in is the person's own, on ludex's authorization page in their browser (OAuth 2.0 authorization code flow with PKCE).",
    "Do not automate contribution, voting or supporter operations: no scope permits them.",
    `Content policy: \`${contentSignalValue()}\` — search indexing and use as input to AI answers are allowed; training AI models on the content is not.`,
    `Catalog data comes from libretro-database under ${attribution.license}; keep the \`attribution\` with any copy.`,
    `Honour cache headers, keep search limits at 30 or fewer, avoid repeated identical requests, and wait \`Retry-After\` seconds after a 429 or 503. Full reference: ${base}${discoveryPaths.llmsFullTxt}`,
  ];
}

/** The guide's sections, with absolute URLs under `base`. */
export function guideSections(base: string, limits: OAuthLimits): readonly GuideSection[] {
  const scopes = supportedScopes.map((s) => `\`${s}\`: ${scopeDescriptions[s].toLowerCase()}`);
  const callback = "https://agent.example/oauth/callback";
  return [
    {
      id: "oauth",
      title: "Authorization (OAuth 2.0 with PKCE) for agent clients",
      blocks: [
        p(
          `Only \`GET ${IDENTITY_PATH}\` needs a token. ludex is its own authorization server: OAuth 2.0 authorization code flow with PKCE (\`S256\` only), for public clients (no secret) and confidential ones. Scopes: ${scopes.join("; ")}.`,
        ),
        ol(
          `**Discover.** \`GET ${base}/.well-known/oauth-authorization-server\` (RFC 8414) names the endpoints, scopes and methods; \`GET ${identityResourceMetadataUrl(base)}\` (RFC 9728) is the identity endpoint's protected resource metadata. The \`issuer\` is \`${base}\`.`,
          `**Register once.** \`POST ${base}${oauthPaths.register}\` with JSON \`client_name\`, \`redirect_uris\`, \`scope\` (without it: \`${formatScope(defaultClientScopes)}\`) and \`token_endpoint_auth_method\` (\`none\` for a public client). Agent clients use an exact, pre-registered **https** redirect URI; native development clients may use **http on 127.0.0.1 or [::1]** (any port then matches). The answer's \`redirect_uris\` are normalised (lower-case scheme and host): send them exactly so. Keep \`client_id\`; a confidential client gets \`client_secret\` in this answer only. At most ${perWindow(limits.registration, "registrations")} per address; past that, 429 problem+json with \`Retry-After\`.`,
          "**Make PKCE values and a state.** `code_verifier`: 43 to 128 random characters from `A-Z a-z 0-9 - . _ ~`; `code_challenge` = BASE64URL(SHA-256(code_verifier)); `state`: a fresh random value. Keep both for this one attempt.",
          `**Send the person to ludex.** Open \`${base}${oauthPaths.authorize}?response_type=code&client_id=…&redirect_uri=…&scope=profile.read&state=…&code_challenge=…&code_challenge_method=S256\` in the person's own browser. They sign in and approve on ludex's pages. Never ask for, collect, type or store their password, and never drive the sign-in or consent page for them.`,
          `**Receive the code.** The browser comes back to your \`redirect_uri\` with \`code\`, \`state\` and \`iss\`. Check that \`state\` is yours and \`iss\` is \`${base}\` (RFC 9207); otherwise stop. A refusal arrives as \`error=access_denied\`. A malformed request (bad \`response_type\`, no PKCE, an unregistered scope) is never sent back to you: the person sees an error page on ludex, since nothing is redirected before they act (RFC 9700 §4.11.2).`,
          `**Redeem it within ${AUTHORIZATION_CODE_LIFETIME_SECONDS} s.** \`POST ${base}${oauthPaths.token}\` form-encoded: \`grant_type=authorization_code\`, \`code\`, \`redirect_uri\` (the same), \`client_id\`, \`code_verifier\` (plus client authentication if confidential). The answer has \`access_token\` (${tokenLifetimes.accessSeconds / 3600} hour), \`refresh_token\` (${tokenLifetimes.refreshSeconds / 86_400} days) and \`scope\`.`,
          `**Call the API.** \`GET ${base}${IDENTITY_PATH}\` with \`Authorization: Bearer <access_token>\`. Never put a token in a URL (400) or a log. 401: the token is missing, expired or revoked — refresh, or start again. 403: the token lacks \`profile.read\`.`,
          `**Refresh.** \`grant_type=refresh_token\` at the token endpoint gives a new access token and a new refresh token; store the new one at once. Presenting a used refresh token revokes the whole grant.`,
          `**Revoke when done.** \`POST ${base}${oauthPaths.revoke}\` with \`token\`. Members see and revoke the apps they authorized at \`${base}${oauthPaths.apps}\`.`,
        ),
        p("A whole public-client exchange with curl, after the browser step:"),
        code(
          [
            "# 1. Register (once)",
            `curl -sS '${base}${oauthPaths.register}' -H 'Content-Type: application/json' \\`,
            `  --data '{"client_name":"Example Agent","redirect_uris":["${callback}"],"scope":"profile.read","token_endpoint_auth_method":"none"}'`,
            "# 2. PKCE values",
            "CODE_VERIFIER=$(openssl rand -base64 48 | tr '+/' '-_' | tr -d '=\\n')",
            "CODE_CHALLENGE=$(printf %s \"$CODE_VERIFIER\" | openssl dgst -sha256 -binary | openssl base64 | tr '+/' '-_' | tr -d '=\\n')",
            "# 3. The person opens this URL in their browser and approves",
            `echo "${base}${oauthPaths.authorize}?response_type=code&client_id=$CLIENT_ID&redirect_uri=${encodeURIComponent(callback)}&scope=profile.read&state=$STATE&code_challenge=$CODE_CHALLENGE&code_challenge_method=S256"`,
            "# 4. Redeem the code from the redirect",
            `curl -sS '${base}${oauthPaths.token}' --data-urlencode grant_type=authorization_code --data-urlencode "code=$CODE" \\`,
            `  --data-urlencode 'redirect_uri=${callback}' --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "code_verifier=$CODE_VERIFIER"`,
            "# 5. Who authorized me?",
            `curl -sS '${base}${IDENTITY_PATH}' -H "Authorization: Bearer $ACCESS_TOKEN"`,
          ].join("\n"),
        ),
        p(
          'Errors of the registration, token and revocation endpoints are JSON `{"error": …, "error_description": …}` (RFC 6749 §5.2, RFC 7591 §3.2.2); everything under `/api/` answers errors as `application/problem+json`.',
        ),
      ],
    },
    {
      id: "limits",
      title: "Rate limits, caching and retries",
      blocks: [
        ul(
          `\`POST /api/v1/games/\` (ROM matching) takes at most ${MAX_MATCH_ITEMS} items per request and counts items per client address in a fixed window. Every answer carries \`RateLimit-Policy: "match";q=<items>;w=<seconds>\` and \`RateLimit: "match";r=<left>;t=<seconds to reset>\`. Past the quota the answer is 429 with \`Retry-After\`, and nothing was counted: wait, then send the same request again.`,
          `Client registration: ${perWindow(limits.registration, "registrations")} per address. Sign-in: ${perWindow(limits.signInFailures, "failures")} per address.`,
          `Every catalog answer has a strong \`ETag\`; revalidate with \`If-None-Match\` and reuse your copy on 304. Records, the platform list, the release feed and the discovery documents: \`Cache-Control: ${cachePolicy.document}\`. Searches and listings: \`${cachePolicy.search}\`. 404 and 422: \`${cachePolicy.error}\`.`,
          "Keep search `limit` at 30 or fewer, follow `next` links rather than computing offsets, and do not repeat identical requests: cached answers are the same bytes.",
          "503 means no catalog is loaded (a deployment in progress): wait `Retry-After` seconds.",
        ),
      ],
    },
    {
      id: "rom-managers",
      title: "ROM managers: hashing files, multi-file games, dumps and the change feed",
      blocks: [
        p("How to hash each kind of file for `POST /api/v1/games/`, and what the catalog can recognise:"),
        ul(...fileHashingRules()),
        ul(...romManagerRules(base)),
      ],
    },
    {
      id: "agents",
      title: "Agent endpoints (MCP and A2A)",
      blocks: [
        p("Both are read-only and anonymous, and answer game search and release questions from the same catalog."),
        ul(
          `**MCP** (Streamable HTTP): \`POST ${base}${agentPaths.mcp}\`. Start a session with \`initialize\`, then use \`tools/list\` or \`resources/list\`. The server card with the current capabilities: \`${base}${agentPaths.mcpServerCard}\`.`,
          `**A2A** (JSON-RPC): \`POST ${base}${agentPaths.a2a}\`, described by its Agent Card at \`${base}${agentPaths.agentCard}\`.`,
          `Both are listed in \`${base}${agentPaths.aiCatalog}\`; the HTTP API is listed in the API catalog \`${base}${discoveryPaths.apiCatalog}\` (RFC 9727).`,
        ),
      ],
    },
    {
      id: "attribution",
      title: "Data attribution",
      blocks: [
        p(
          `Catalog data is derived from [libretro-database](${attribution.url}) (No-Intro, Redump and libretro metadata DATs) under [${attribution.license}](${attribution.licenseUrl}). Every game record, search answer and platform list carries an \`attribution\` object; keep it with any copy or derived work, which must be shared under the same licence. The release feed is authored by ludex.`,
        ),
      ],
    },
    {
      id: "policy",
      title: "Content policy",
      blocks: [
        p(`Published as a Content Signal in \`${base}${discoveryPaths.robotsTxt}\`: \`Content-Signal: ${contentSignalValue()}\`.`),
        ul(
          ...(Object.keys(contentSignals) as (keyof typeof contentSignals)[]).map(
            (name) =>
              `\`${name}=${contentSignals[name]}\`: ${contentSignalMeanings[name]} is ${contentSignals[name] === "yes" ? "allowed" : "not allowed"}.`,
          ),
        ),
        p(
          "The service never reveals anyone's media server, private library, account preferences or supporter credentials. Clients must never ask a person for their media-server password or their website password, and must not automate contribution, voting or supporter operations unless a future scope explicitly permits it.",
        ),
      ],
    },
  ];
}

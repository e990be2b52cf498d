import type { z } from "zod";
import type { ExampleObject, HttpMethod } from "./openapi-types.ts";
import type { ResponseHeaderName } from "./response-headers.ts";

/**
 * The shape of one HTTP API operation as the OpenAPI document describes it. Each surface declares
 * its operations beside its routes (`*-operations.ts` in src/catalog/routes/, src/match/,
 * src/oauth/); src/discovery/api-operations.ts collects them and openapi-document.ts renders them.
 * The types live here, below every surface, so that any of them may declare operations.
 * @see OpenAPI 3.1.0 §4.8.10 (Operation Object); docs/service-spec.md §4
 */

/**
 * Names of the response body schemas under `components.schemas`. Declared here as names only:
 * the zod schemas behind them belong to the surfaces, and src/discovery/schema-components.ts maps
 * every name to its schema (the compiler checks that the two lists agree).
 */
export type ResponseComponent =
  | "Attribution"
  | "Rom"
  | "Release"
  | "GameRecord"
  | "GameMerged"
  | "PlatformEntry"
  | "PlatformList"
  | "SearchResultItem"
  | "CatalogItem"
  | "AgentSearchResponse"
  | "CatalogPage"
  | "ReleaseFeed"
  | "MatchCandidate"
  | "Match"
  | "MatchResult"
  | "MatchResponse"
  | "MatchGroup"
  | "GameChange"
  | "ChangesPage"
  | "ChangesIndex"
  | "UpdateReview"
  | "DumpEntry"
  | "DumpListing"
  | "DumpHeader"
  | "DumpFile"
  | "Health"
  | "Problem"
  | "MemberIdentity"
  | "OAuthError"
  | "ClientRegistrationResponse"
  | "TokenResponse";

/** Names of the request body schemas under `components.schemas` (see {@link ResponseComponent}). */
export type RequestComponent = "MatchRequest" | "MatchItem" | "ClientRegistrationRequest" | "TokenRequest" | "RevocationRequest";

export type ComponentName = ResponseComponent | RequestComponent;

export type TagName = "Catalog" | "Matching" | "Releases" | "Identity" | "OAuth" | "Service";

export interface ResponseSpec {
  readonly description: string;
  /** Header fields sent with this answer: true when always present. */
  readonly headers?: Readonly<Partial<Record<ResponseHeaderName, boolean>>>;
  readonly body?: {
    readonly mediaType: string;
    /** One component, or several of which the body is exactly one. */
    readonly schema: ComponentName | readonly ComponentName[];
    readonly examples: Readonly<Record<string, ExampleObject>>;
  };
  /** Further media types the same answer may come in (the dump listing or a dump file). */
  readonly extraBodies?: readonly NonNullable<ResponseSpec["body"]>[];
}

export interface QueryParameterNote {
  readonly description: string;
  readonly example?: string;
}

/** A request shown as a curl example. */
export interface SampleSpec {
  readonly label: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly form?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Who may call an operation. A bearer operation names the OAuth scope it needs (src/oauth/scopes.ts). */
export type OperationAuth = { readonly kind: "none" } | { readonly kind: "bearer"; readonly scope: string } | { readonly kind: "client" };

export interface OperationSpec {
  /** The spec's operationId (§4), or a name of the same style for the OAuth endpoints. */
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly tag: TagName;
  readonly summary: string;
  /** CommonMark: paragraphs, lists, inline code and links. */
  readonly description: string;
  readonly auth: OperationAuth;
  /** The zod schema the route parses its query with, and a note per parameter. */
  readonly query?: { readonly schema: z.ZodObject; readonly notes: Readonly<Record<string, QueryParameterNote>> };
  readonly body?: {
    readonly mediaType: string;
    readonly schema: RequestComponent;
    readonly description: string;
    readonly examples: Readonly<Record<string, ExampleObject>>;
  };
  readonly responses: Readonly<Record<string, ResponseSpec>>;
  readonly samples: readonly SampleSpec[];
}

/** A response body: one media type with its schema and examples. */
export type ResponseBody = NonNullable<ResponseSpec["body"]>;

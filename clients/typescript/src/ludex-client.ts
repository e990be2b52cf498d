import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./generated/openapi.ts";
import { MAX_BATCH_ITEMS, planBatches, remapBatch } from "./match-batches.ts";
import { type RetryOptions, retryingFetch } from "./retry-after.ts";

type Schemas = components["schemas"];
export type GameRecord = Schemas["GameRecord"];
export type PlatformList = Schemas["PlatformList"];
export type PlatformEntry = Schemas["PlatformEntry"];
export type SearchResponse = Schemas["AgentSearchResponse"];
export type MatchRequest = Schemas["MatchRequest"];
export type MatchResult = Schemas["MatchResult"];
export type MatchGroup = Schemas["MatchGroup"];
export type ChangesPage = Schemas["ChangesPage"];
export type GameChange = Schemas["GameChange"];
export type DumpListing = Schemas["DumpListing"];
export type Health = Schemas["Health"];
export type ReleaseFeed = Schemas["ReleaseFeed"];
export type Problem = Schemas["Problem"];
export type SearchQuery = NonNullable<operations["searchGames"]["parameters"]["query"]>;

/** An answer other than the one asked for: the status and the problem+json body (RFC 9457) when there is one. */
export class LudexApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;

  constructor(operation: string, status: number, problem: unknown) {
    const body = typeof problem === "object" && problem !== null ? (problem as Problem) : undefined;
    super(`${operation}: HTTP ${status}${body?.detail ? `: ${body.detail}` : body?.title ? `: ${body.title}` : ""}`);
    this.name = "LudexApiError";
    this.status = status;
    this.problem = body;
  }
}

export interface LudexClientOptions extends RetryOptions {
  /** The instance's origin, e.g. `https://ludex.example` (its PUBLIC_BASE_URL). */
  readonly baseUrl: string;
  /** A fetch to use instead of the global one (tests, proxies, a counter of requests). */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request (a `User-Agent` naming your tool is welcome). */
  readonly headers?: Record<string, string>;
}

/** What {@link LudexClient.matchRomFiles} answers: one result per item in the caller's order, the groups, and how many requests it took. */
export interface MatchAnswer {
  readonly systemId: string;
  readonly results: MatchResult[];
  readonly groups: MatchGroup[];
  readonly requests: number;
}

/** A game record, and the id asked for when it was a merged id that the server redirected. */
export interface RecordAnswer {
  readonly record: GameRecord;
  readonly mergedFrom?: number;
}

function fail(operation: string, response: Response, error: unknown): never {
  throw new LudexApiError(operation, response.status, error);
}

/**
 * A thin typed wrapper over the ludex HTTP API (types generated from its /openapi.json): each
 * method is one operation, with the protocol's chores done: 301s of merged ids followed, match
 * batches of at most 100 items, Retry-After honoured on 429 and 503, change-feed pages followed.
 */
export class LudexClient {
  /** The generated openapi-fetch client, for any operation this wrapper does not cover. */
  readonly api: Client<paths>;

  constructor(options: LudexClientOptions) {
    const base = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.api = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      fetch: retryingFetch(base, options),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  }

  /** Title search (`searchGames`). */
  async search(query: Omit<SearchQuery, "platforms">): Promise<SearchResponse> {
    const { data, error, response } = await this.api.GET("/api/v1/agent/games/", { params: { query } });
    if (!data) fail("searchGames", response, error);
    return data as SearchResponse;
  }

  /** The platform list (`getOrSearchGameCatalog` without parameters). */
  async platforms(): Promise<PlatformList> {
    const { data, error, response } = await this.api.GET("/api/v1/games/", {});
    if (!data) fail("getOrSearchGameCatalog", response, error);
    return data as PlatformList;
  }

  /**
   * One game record by id, or undefined for an id the catalog never had. A merged id answers 301
   * to the record it joined; fetch follows it, and `mergedFrom` says so.
   */
  async game(id: number): Promise<RecordAnswer | undefined> {
    const { data, error, response } = await this.api.GET("/api/v1/games/", { params: { query: { id } } });
    if (response.status === 404) return undefined;
    if (!data) fail("getOrSearchGameCatalog", response, error);
    const record = data as GameRecord;
    return record.id === id ? { record } : { record, mergedFrom: id };
  }

  /**
   * Matches any number of items on one platform: sent in requests of at most 100 items (a group's
   * items kept together), one after another, each retried after its Retry-After when over the quota.
   */
  async matchRomFiles(request: MatchRequest): Promise<MatchAnswer> {
    const results: MatchResult[] = new Array(request.items.length);
    const groups: MatchGroup[] = [];
    let systemId = request.systemId;
    const batches = planBatches(request.items, MAX_BATCH_ITEMS);
    for (const indexes of batches) {
      const body: MatchRequest = { ...request, items: indexes.map((i) => request.items[i] as MatchRequest["items"][number]) };
      const { data, error, response } = await this.api.POST("/api/v1/games/", { body });
      if (!data) fail("matchRomFiles", response, error);
      systemId = data.systemId;
      const mapped = remapBatch(indexes, data.results, data.groups);
      for (const result of mapped.results) results[result.index] = result;
      groups.push(...mapped.groups);
    }
    return { systemId, results, groups, requests: batches.length };
  }

  /**
   * The change feed since a catalog version or date, page by page to its end (`next` is null).
   * Save the last page's `catalogVersion` for the next time. A 410 (`changes-expired`) throws: download the dumps again.
   */
  async *changes(since: string, options: { readonly limit?: number } = {}): AsyncGenerator<ChangesPage> {
    let query: { since: string; limit?: number; offset?: number } = { since, ...(options.limit ? { limit: options.limit } : {}) };
    for (;;) {
      const { data, error, response } = await this.api.GET("/api/v1/changes/", { params: { query } });
      if (!data) fail("getCatalogChanges", response, error);
      const page = data as ChangesPage;
      yield page;
      if (page.next === null) return;
      // `next` is under the instance's PUBLIC_BASE_URL; its query is what counts.
      const next = new URL(page.next).searchParams;
      query = {
        since: next.get("since") ?? since,
        limit: Number(next.get("limit") ?? page.limit),
        offset: Number(next.get("offset") ?? 0),
      };
    }
  }

  /** Every change since a version, all pages read, and the catalog version to ask from next time. */
  async allChanges(
    since: string,
    options: { readonly limit?: number } = {},
  ): Promise<{ changes: GameChange[]; catalogVersion: string; pages: number }> {
    const changes: GameChange[] = [];
    let catalogVersion = since;
    let pages = 0;
    for await (const page of this.changes(since, options)) {
      changes.push(...page.changes);
      catalogVersion = page.catalogVersion;
      pages++;
    }
    return { changes, catalogVersion, pages };
  }

  /** The per-platform dump listing (`getCatalogDumps`). */
  async dumps(): Promise<DumpListing> {
    const { data, error, response } = await this.api.GET("/api/v1/dumps/", {});
    if (!data) fail("getCatalogDumps", response, error);
    return data as DumpListing;
  }

  /** One platform's dump, gzip NDJSON as a byte stream (decompress with `DecompressionStream("gzip")`). */
  async dump(system: string): Promise<ReadableStream<Uint8Array>> {
    const { data, error, response } = await this.api.GET("/api/v1/dumps/", { params: { query: { system } }, parseAs: "stream" });
    if (!response.ok || !data) fail("getCatalogDumps", response, error);
    return data as ReadableStream<Uint8Array>;
  }

  /** The service's health and catalog version (`getApiHealth`). */
  async health(): Promise<Health> {
    const { data, error, response } = await this.api.GET("/api/health/", {});
    if (!data) fail("getApiHealth", response, error);
    return data as Health;
  }

  /** The release and platform-availability feed (`getReleaseFeed`). */
  async releaseFeed(): Promise<ReleaseFeed> {
    const { data, error, response } = await this.api.GET("/api/v1/community/", {});
    if (!data) fail("getReleaseFeed", response, error);
    return data as ReleaseFeed;
  }
}

/** A client for the instance at `baseUrl`. */
export function createLudexClient(options: LudexClientOptions): LudexClient {
  return new LudexClient(options);
}

import type { KindFilter } from "../../catalog/search/search-games.ts";
import type { CatalogSource } from "../../catalog/store/catalog-source.ts";
import { agentSearchBody, type AgentSearchBody } from "../../catalog/routes/search-response.ts";
import type { platformListSchema } from "../../catalog/routes/response-schemas.ts";
import type { Declared, PlatformEntry } from "../../catalog/record/game-record.ts";
import { recordJson, type CatalogSnapshot } from "../../catalog/store/catalog-snapshot.ts";
import type { DiscoveryDocumentKey } from "../../discovery/discovery-documents.ts";
import { renderedDiscoveryDocuments } from "../../discovery/rendered-documents.ts";
import { instanceDocument } from "../../catalog/routes/instance-documents.ts";
import type { OAuthLimits } from "../../config/config.ts";
import { type Problem, problems } from "../../core/problem.ts";
import { Matcher } from "../../match/engine/matcher.ts";
import type { MatchResponseBody } from "../../match/schema/match-response-schemas.ts";
import type { MatchRequest } from "../../match/schema/match-schemas.ts";
import type { ReleaseFeedSource } from "../../releases/release-feed-schema.ts";
import { changesSince, type ChangesPage } from "../../catalog/changes/changes-feed.ts";
import type { ChangesIndexBody } from "../../catalog/routes/changes-schemas.ts";

/** The body of GET /api/v1/games/ without parameters (and of `?platforms=1` on the agent search), inferred from its schema. */
export type PlatformListBody = Declared<typeof platformListSchema>;

/**
 * A game record exactly as GET /api/v1/games/?id= serves it (docs/api.md "Record shape"); for an id that
 * merged into another game, that game's record (where the HTTP API's 301 leads) with `mergedFrom`,
 * the id asked for.
 */
export type GameRecordBody = Readonly<Record<string, unknown>> & {
  readonly id: number;
  readonly title: string;
  readonly system: string;
  readonly mergedFrom?: number;
};

/** Everything the agent endpoints read from the catalog: queries answered by the HTTP routes' own code, in the same shapes. */
export interface CatalogQueries {
  /** As GET /api/v1/agent/games/?q=&system=&limit=; a 422 {@link Problem} for an unknown platform. */
  searchGames(input: {
    readonly query: string;
    readonly system?: string | undefined;
    readonly limit: number;
    readonly kind?: KindFilter | undefined;
  }): AgentSearchBody;
  /** As GET /api/v1/games/?id=, following the redirect of a merged id; undefined when there is no such game. */
  gameRecord(id: number): GameRecordBody | undefined;
  /** As GET /api/v1/games/ (the platform list). */
  platformList(): PlatformListBody;
  /** As GET /api/v1/community/ (the release and platform-availability feed). */
  releaseFeed(): ReleaseFeedSource;
  /** As POST /api/v1/games/ for a validated request; a 422 {@link Problem} for an unknown platform. */
  matchRoms(request: MatchRequest): MatchResponseBody;
  /**
   * As GET /api/v1/changes/?since=&limit=&offset= (a page), or without `since` the index (current
   * version and kept history); 410/422 {@link Problem}s as there.
   */
  changes(input: { readonly since?: string | undefined; readonly limit: number; readonly offset: number }): ChangesPage | ChangesIndexBody;
  /** A platform by slug, name or alias (case and punctuation ignored). */
  platform(nameOrAlias: string): PlatformEntry | undefined;
  /** The agent reference GET /llms-full.txt serves; undefined for a build without the discovery documents. */
  llmsFullText(): string | undefined;
}

export interface CatalogQueriesOptions {
  readonly baseUrl: string;
  readonly artworkBaseUrl: string;
  /** The catalog build folder, where the change logs are (LUDEX_BUILD_DIR). */
  readonly buildDir: string;
  /** The limits the served llms-full.txt quotes (the instance's own, as GET /llms-full.txt). */
  readonly oauthLimits: OAuthLimits;
}

/** The build's llms-full.txt (src/discovery/), by its name in the manifest. */
const LLMS_FULL_DOCUMENT: DiscoveryDocumentKey = "llmsFullTxt";

/** Prebuilt documents parsed once per snapshot (they only change with a rebuild, which brings a new snapshot). */
const parsedDocuments = new WeakMap<CatalogSnapshot, Map<string, unknown>>();

function parsedDocument<T>(snapshot: CatalogSnapshot, name: string): T {
  let documents = parsedDocuments.get(snapshot);
  if (!documents) parsedDocuments.set(snapshot, (documents = new Map()));
  if (!documents.has(name)) {
    const doc = snapshot.document(name);
    if (!doc) throw problems.catalogUnavailable(`the build has no ${name} document`);
    documents.set(name, JSON.parse(doc.body.toString("utf8")));
  }
  return documents.get(name) as T;
}

/**
 * The catalog queries of the HTTP API for the agent endpoints (MCP tools and resources, the
 * A2A agent). Each one calls what the HTTP route calls on the snapshot in service, so the agents
 * and the API cannot disagree.
 */
export function catalogQueries(catalog: CatalogSource, options: CatalogQueriesOptions): CatalogQueries {
  return {
    searchGames(input) {
      const snapshot = catalog.current();
      const platform = input.system === undefined ? undefined : snapshot.platform(input.system);
      if (input.system !== undefined && !platform)
        throw problems.invalidRequest([{ name: "system", detail: `unknown platform "${input.system}"` }]);
      return agentSearchBody(snapshot, options.baseUrl, {
        query: input.query.trim(),
        platform,
        collection: input.system === undefined ? undefined : snapshot.collection(input.system)?.id,
        limit: input.limit,
        ...(input.kind ? { kind: input.kind } : {}),
      });
    },
    gameRecord(id) {
      const snapshot = catalog.current();
      const record = snapshot.record(id);
      if (record) return JSON.parse(recordJson(record)) as GameRecordBody;
      const into = snapshot.mergedInto(id);
      const kept = into === undefined ? undefined : snapshot.record(into);
      return kept ? { ...(JSON.parse(recordJson(kept)) as GameRecordBody), mergedFrom: id } : undefined;
    },
    platformList: () => parsedDocument<PlatformListBody>(catalog.current(), "platforms"),
    releaseFeed: () => parsedDocument<ReleaseFeedSource>(catalog.current(), "releaseFeed"),
    matchRoms(request) {
      const job = new Matcher(catalog.current(), options.artworkBaseUrl).prepare(request);
      if (!job) throw problems.invalidRequest([{ name: "systemId", detail: `unknown platform "${request.systemId}"` }]);
      return job.answer();
    },
    changes(input) {
      const snapshot = catalog.current();
      // The index as GET /api/v1/changes/ serves it: rendered for this instance's base URL, not the build's.
      if (input.since === undefined)
        return JSON.parse(instanceDocument(snapshot, options.baseUrl, "changes").body.toString("utf8")) as ChangesIndexBody;
      return changesSince(snapshot.manifest, options.buildDir, options.baseUrl, {
        since: input.since,
        limit: input.limit,
        offset: input.offset,
      });
    },
    platform: (nameOrAlias) => catalog.current().platform(nameOrAlias),
    // Exactly what GET /llms-full.txt serves: rendered for this instance's base URL and limits, for a build that has it.
    llmsFullText: () =>
      catalog.current().document(LLMS_FULL_DOCUMENT) === undefined
        ? undefined
        : renderedDiscoveryDocuments(options.baseUrl, options.oauthLimits)[LLMS_FULL_DOCUMENT].body.toString("utf8"),
  };
}

import { cachePolicy } from "../../http/cache-policy.ts";
import { fitToBytes } from "../../core/page-bytes.ts";
import { cacheTagHeaders, cacheTags } from "../../http/cache-tags.ts";
import type { ResponseCache } from "../../http/response-cache.ts";
import type { HttpResult, RequestContext } from "../../http/http-types.ts";
import { problems } from "../../core/problem.ts";
import { attribution } from "../record/attribution.ts";
import { searchGames, type SearchHit } from "../search/search-games.ts";
import { catalogParams, catalogQuery } from "./catalog-schemas.ts";
import type { CatalogSource } from "../store/catalog-source.ts";
import { documentResult } from "./document-result.ts";
import { encodedRecord } from "./encoded-records.ts";
import { idOnlyQuery } from "./id-query.ts";
import { parseQuery } from "./query-params.ts";
import { catalogItems, computedEtag, recordUrlTemplate } from "./search-response.ts";

/**
 * The answer for an id that merged into another game: a permanent redirect to that game's record,
 * cached like a record, with a body naming it for clients that do not follow redirects.
 * @see RFC 9110 §15.4.2 (301 Moved Permanently)
 */
function mergedResult(baseUrl: string, id: number, into: number): HttpResult {
  const url = `${baseUrl}/api/v1/games/?id=${into}`;
  return {
    status: 301,
    headers: {
      location: url,
      "content-type": "application/json",
      "cache-control": cachePolicy.document,
      ...cacheTagHeaders([cacheTags.game(id)]),
    },
    body: JSON.stringify({ id, mergedInto: into, url }),
  };
}

function pageUrl(baseUrl: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") search.set(k, String(v));
  return `${baseUrl}/api/v1/games/?${search.toString()}`;
}

/**
 * GET /api/v1/games/ (getOrSearchGameCatalog). Precedence: `id` → that game's full record (for a
 * merged id a 301 to the game it joined, 404 if none); else `system` → that platform's games,
 * searched by `q` or listed by title; else `q` → search across all platforms; else the platform
 * list. Lists are paginated with `offset` and `limit`; `next` (and a `Link: rel="next"` header)
 * gives the following page.
 * @see docs/service-spec.md §4.2
 */
export function gamesRoute(catalog: CatalogSource, baseUrl: string, cache: ResponseCache): (ctx: RequestContext) => HttpResult {
  return (ctx) => {
    const query = idOnlyQuery(ctx.url.search) ?? parseQuery(ctx.url.searchParams, catalogQuery, catalogParams);
    const snapshot = catalog.current();
    if (query.id !== undefined) {
      const id = query.id;
      const record = snapshot.record(id);
      if (!record) {
        const into = snapshot.mergedInto(id);
        if (into !== undefined) return mergedResult(baseUrl, id, into);
        throw problems.notFound(`no game with id ${id}`);
      }
      return {
        status: 200,
        etag: record.etag,
        lastModified: record.lastModified,
        headers: { "content-type": "application/json", "cache-control": cachePolicy.document, ...cacheTagHeaders([cacheTags.game(id)]) },
        body: record.latin1Body,
        bodyEncoding: "latin1",
        compressible: true,
        encode: (coding) => encodedRecord(snapshot, id, record, coding),
      };
    }
    const q = query.q?.trim() ?? "";
    if (query.system === undefined && q === "") return documentResult(snapshot, "platforms");

    const platform = query.system === undefined ? undefined : snapshot.platform(query.system);
    if (query.system !== undefined && !platform) {
      throw problems.invalidRequest([{ name: "system", detail: `unknown platform "${query.system}"; GET /api/v1/games/ lists them` }]);
    }
    const { kind } = query;
    const achievements = query.ra === "1";
    // An arcade collection's slug ("mame-2003") names the arcade games of that collection.
    const collection = query.system === undefined ? undefined : snapshot.collection(query.system)?.id;
    const etag = computedEtag(snapshot.manifest.catalogVersion, "games", [
      platform?.id ?? null,
      collection ?? null,
      q,
      query.limit,
      query.offset,
      kind,
      achievements ? "ra" : null,
    ]);
    return cache.get(etag, () => {
      let total: number;
      let page: readonly SearchHit[];
      if (q === "" && platform) {
        // Without a kind, a platform's games; a platform without games (title updates, UMD videos) lists what it has.
        const all = snapshot.listing(platform.id, kind ?? (platform.gameCount > 0 ? "game" : "any"), collection) ?? [];
        const listing = achievements ? all.filter((s) => s.retroAchievements === true) : all;
        total = listing.length;
        page = listing.slice(query.offset, query.offset + query.limit);
      } else {
        const found = searchGames(snapshot.searchScope(platform?.id, collection), {
          query: q,
          limit: query.limit,
          offset: query.offset,
          ...(kind ? { kind } : {}),
          ...(achievements ? { retroAchievements: true } : {}),
        });
        total = found.total;
        page = found.results;
      }
      const results = fitToBytes(catalogItems(page));
      const nextOffset = query.offset + results.length;
      // The default kind stays out of the link, so that the next page's URL is the one a client would write.
      const next =
        nextOffset < total
          ? pageUrl(baseUrl, {
              system: collection ?? platform?.id,
              q,
              limit: query.limit,
              offset: nextOffset,
              kind,
              ra: achievements ? "1" : undefined,
            })
          : null;
      const body = {
        system: platform?.id ?? null,
        ...(collection !== undefined ? { collection } : {}),
        query: q || null,
        kind: kind ?? "games-first",
        ...(achievements ? { ra: 1 } : {}),
        offset: query.offset,
        limit: query.limit,
        total,
        results,
        recordUrl: recordUrlTemplate(baseUrl),
        next,
        attribution,
      };
      return {
        status: 200,
        etag,
        headers: {
          "content-type": "application/json",
          "cache-control": cachePolicy.search,
          ...(next ? { link: `<${next}>; rel="next"` } : {}),
          // A search across every platform changes with any of them; one within a platform, with it.
          ...cacheTagHeaders([platform ? cacheTags.platform(platform.id) : cacheTags.catalog]),
        },
        body: JSON.stringify(body),
        compressible: true,
      };
    });
  };
}

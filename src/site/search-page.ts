import type { PlatformEntry } from "../catalog/record/game-record.ts";
import type { SearchResultItem } from "../catalog/routes/search-response.ts";
import { html, type SafeHtml } from "./html.ts";
import { pageLayout, type SiteContext } from "./page-layout.ts";
import { sitePaths } from "./site-paths.ts";

/** The search form: a plain GET to /search/, which works without JavaScript. */
export function searchForm(
  ctx: SiteContext,
  state: { readonly query: string; readonly system: string | undefined; readonly platforms: readonly PlatformEntry[]; readonly id: string },
): SafeHtml {
  const sorted = [...state.platforms].sort((a, b) => a.name.localeCompare(b.name, "en"));
  return html`<form class="searchform" role="search" action="${ctx.pathPrefix + sitePaths.search}" method="get" data-search-form>
<label for="${state.id}">Game title</label><input id="${state.id}" type="search" name="q" maxlength="120" value="${state.query}" placeholder="e.g. chrono trigger" autocomplete="off">
<label for="${state.id}-system">Platform</label><select id="${state.id}-system" name="system"><option value="">All platforms</option>${sorted.map((p) => html`<option value="${p.id}"${p.id === state.system ? html` selected` : ""}>${p.name}</option>`)}</select>
<button type="submit">Search</button>
</form>`;
}

export interface SearchPageInput {
  readonly query: string;
  readonly system: string | undefined;
  readonly platforms: readonly PlatformEntry[];
  /** The API's answer (GET /api/v1/agent/games/): hits in its order, one per game and platform. */
  readonly result?: { readonly total: number; readonly results: readonly SearchResultItem[] };
  /** Why the query was refused (a 422 page). */
  readonly problem?: string;
}

/** `/search/?q=&system=`: rendered per request by the Node server; the script only refreshes it. */
export function searchPage(ctx: SiteContext, input: SearchPageInput): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  const names = new Map(input.platforms.map((p) => [p.id, p.name]));
  const hits = input.result?.results ?? [];
  let status: SafeHtml;
  if (input.problem)
    status = html`<div class="notice" role="alert"><p><strong>This search cannot be run.</strong> ${input.problem}</p><p>A query is at most 120 characters of ordinary text (no control characters), and the platform must be one of the list.</p></div>`;
  else if (!input.result)
    status = html`<p class="muted">Type a title or part of one. Case, accents, punctuation and articles do not matter, and one typo per long word is forgiven.</p>`;
  else
    status = html`<p>${input.result.total === 0 ? "No games found." : `${input.result.total} game${input.result.total === 1 ? "" : "s"} found${input.result.total > hits.length ? `, the best ${hits.length} shown` : ""}.`}</p>`;
  const body = html`<h1>Search games</h1>
${searchForm(ctx, { query: input.query, system: input.system, platforms: input.platforms, id: "q" })}
<div class="results" data-search-results aria-live="polite">
${status}
${hits.length > 0 ? html`<ol class="plain">${hits.map((h) => html`<li class="hit"><a href="${link(sitePaths.game(h.id))}">${h.title}</a> <span class="muted">&mdash; ${names.get(h.system) ?? h.system}${h.releaseYear === undefined ? "" : `, ${h.releaseYear}`}${h.regions.length > 0 ? ` · ${h.regions.slice(0, 3).join(", ")}` : ""} · ${h.releaseCount} release${h.releaseCount === 1 ? "" : "s"}</span></li>`)}</ol>` : ""}
</div>`;
  return pageLayout(ctx, {
    title: input.query ? `Search: ${input.query}` : "Search games",
    description: "Search the ludex game catalog by title, on every platform or one.",
    noindex: input.query !== "" || input.problem !== undefined,
    searchScript: true,
    body,
  });
}

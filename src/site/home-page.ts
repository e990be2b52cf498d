import type { PlatformEntry } from "../catalog/record/game-record.ts";
import { html } from "./html.ts";
import { type KindCounts, otherKinds } from "./kind-labels.ts";
import { pageLayout, type SiteContext } from "./page-layout.ts";
import { searchForm } from "./search-page.ts";
import { sitePaths } from "./site-paths.ts";

const countFormat = new Intl.NumberFormat("en");

/**
 * `/`: what ludex is, a search box, the platforms by manufacturer with game counts, API links.
 * Counts are of games only (`counts`, by platform: its records by kind); add-ons, updates and
 * the other kinds are counted apart. A platform without counts falls back to its `gameCount`.
 */
export function homePage(
  ctx: SiteContext,
  platforms: readonly PlatformEntry[],
  counts: ReadonlyMap<string, KindCounts> = new Map(),
): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  const gamesOf = (p: PlatformEntry): number => {
    const c = counts.get(p.id);
    return c === undefined ? p.gameCount : (c.game ?? 0);
  };
  const othersOf = (p: PlatformEntry): number => {
    const c = counts.get(p.id) ?? {};
    return otherKinds(c).reduce((n, k) => n + (c[k] ?? 0), 0);
  };
  const byMaker = new Map<string, PlatformEntry[]>();
  for (const p of platforms) {
    const list = byMaker.get(p.manufacturer);
    if (list) list.push(p);
    else byMaker.set(p.manufacturer, [p]);
  }
  const makers = [...byMaker.entries()]
    .map(([maker, list]) => ({
      maker,
      list: [...list].sort((a, b) => (a.releaseYear ?? 9999) - (b.releaseYear ?? 9999) || a.name.localeCompare(b.name, "en")),
      games: list.reduce((n, p) => n + gamesOf(p), 0),
    }))
    .sort((a, b) => b.games - a.games || a.maker.localeCompare(b.maker, "en"));
  const total = platforms.reduce((n, p) => n + gamesOf(p), 0);
  const others = platforms.reduce((n, p) => n + othersOf(p), 0);
  const besides = others > 0 ? ` (and ${countFormat.format(others)} add-ons, updates and other items, listed apart)` : "";
  const body = html`<h1>ludex</h1>
<p class="lead">A public, read-only catalog of ${countFormat.format(total)} video games on ${platforms.length} platforms${besides}, compiled from the No-Intro, Redump and libretro databases: titles, releases by region, metadata, and the size and hashes of every rom file, to identify a dump or browse a console's library.</p>
${searchForm(ctx, { query: "", system: undefined, platforms, id: "home-q" })}
<h2 id="platforms">Platforms</h2>
<div class="grid">${makers.map(({ maker, list, games }) => html`<section class="card" aria-labelledby="maker-${list[0]?.id ?? ""}"><h3 id="maker-${list[0]?.id ?? ""}">${maker} <span class="count">${countFormat.format(games)} games</span></h3><ul class="plain">${list.map((p) => html`<li><a href="${link(sitePaths.platform(p.id))}">${p.name}</a><span class="count">${countFormat.format(gamesOf(p))}</span></li>`)}</ul></section>`)}</div>
<h2>For programs and agents</h2>
<ul>
<li><a href="${link("/docs/")}">API documentation</a>: search, full game records, ROM matching by hash, OAuth member identity, MCP and A2A agent endpoints (<a href="${link("/openapi.json")}">OpenAPI</a>, <a href="${link("/llms.txt")}">llms.txt</a>).</li>
<li><a href="${link("/api/v1/community/")}">Release feed</a> of the Ludex Player media client.</li>
<li><a href="${link("/api/v1/games/")}">Platform list</a> as JSON, and every game page links its JSON record.</li>
</ul>`;
  return pageLayout(ctx, {
    title: "ludex",
    description: `A public video-game catalog: ${countFormat.format(total)} games on ${platforms.length} platforms with releases, metadata and rom hashes, plus an open API for programs and agents.`,
    body,
  });
}

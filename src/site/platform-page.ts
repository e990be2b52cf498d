import type { PlatformEntry } from "../catalog/record/game-record.ts";
import type { GameSummary } from "../catalog/search/game-summary.ts";
import { html } from "./html.ts";
import { pageLayout, type SiteContext } from "./page-layout.ts";
import { sitePaths } from "./site-paths.ts";

/** Games per listing page: a long page is fine for people and crawlers; 200 keeps it under ~40 KB. */
export const PLATFORM_PAGE_SIZE = 200;

const letters = ["#", ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

/** The index letter of a title: its first letter without diacritics, or `#` for digits and symbols. */
export function indexLetter(title: string): string {
  const c = title.normalize("NFKD").charAt(0).toUpperCase();
  return c >= "A" && c <= "Z" ? c : "#";
}

const anchor = (letter: string): string => (letter === "#" ? "letter-0" : `letter-${letter}`);

export interface PlatformListing {
  readonly platform: PlatformEntry;
  /** Every game of the platform in listing order (title, then id). */
  readonly games: readonly GameSummary[];
  /** Where each letter first occurs: the index into `games`. */
  readonly firstOfLetter: ReadonlyMap<string, number>;
  /** Games per page: {@link PLATFORM_PAGE_SIZE}, smaller in tests that need several pages of a small catalog. */
  readonly pageSize: number;
}

export function platformListing(
  platform: PlatformEntry,
  games: readonly GameSummary[],
  pageSize: number = PLATFORM_PAGE_SIZE,
): PlatformListing {
  const firstOfLetter = new Map<string, number>();
  games.forEach((g, i) => {
    const l = indexLetter(g.title);
    if (!firstOfLetter.has(l)) firstOfLetter.set(l, i);
  });
  return { platform, games, firstOfLetter, pageSize };
}

export function platformPageCount(listing: PlatformListing): number {
  return Math.max(1, Math.ceil(listing.games.length / listing.pageSize));
}

const countFormat = new Intl.NumberFormat("en");

/** One page of a platform's listing: `/platforms/{slug}/` and `/platforms/{slug}/page/{n}/`. */
export function platformPage(ctx: SiteContext, listing: PlatformListing, page: number): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  const { platform, games, firstOfLetter, pageSize } = listing;
  const pages = platformPageCount(listing);
  const start = (page - 1) * pageSize;
  const slice = games.slice(start, start + pageSize);
  const anchors = new Map<number, string>();
  for (const [letter, index] of firstOfLetter) if (index >= start && index < start + pageSize) anchors.set(index, anchor(letter));
  const facts: [string, string | undefined][] = [
    ["Manufacturer", platform.manufacturer],
    ["Kind", platform.kind.replace("-", " ")],
    ["Released", platform.releaseYear === undefined ? undefined : String(platform.releaseYear)],
    ["Also known as", platform.aliases.length > 0 ? platform.aliases.join(", ") : undefined],
    ["Games", countFormat.format(platform.gameCount)],
  ];
  const pageSuffix = page > 1 ? `, page ${page} of ${pages}` : "";
  const pager =
    pages <= 1
      ? html``
      : html`<nav class="pager" aria-label="Pages">${page > 1 ? html`<a href="${link(sitePaths.platform(platform.id, page - 1))}" rel="prev">← Previous</a>` : ""}<span>Page ${page} of ${pages}</span>${page < pages ? html`<a href="${link(sitePaths.platform(platform.id, page + 1))}" rel="next">Next →</a>` : ""}</nav>`;
  const body = html`<p class="crumbs"><a href="${link(sitePaths.home)}">Home</a> › <a href="${link(sitePaths.home)}#platforms">Platforms</a></p>
<h1>${platform.name}${pageSuffix}</h1>
<dl class="facts">${facts.filter(([, v]) => v !== undefined).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
<p>Data: <a href="${link(`/api/v1/games/?system=${encodeURIComponent(platform.id)}`)}" type="application/json">JSON listing</a>. <a href="${link(`${sitePaths.search}?system=${encodeURIComponent(platform.id)}`)}">Search this platform</a>.</p>
<h2 id="games">Games by title</h2>
<nav aria-label="Index by letter"><ul class="letters">${letters.map((l) => {
    const index = firstOfLetter.get(l);
    if (index === undefined) return html`<li><span aria-disabled="true">${l}</span></li>`;
    const target = Math.floor(index / pageSize) + 1;
    return html`<li><a href="${target === page ? "" : link(sitePaths.platform(platform.id, target))}#${anchor(l)}" aria-label="${l === "#" ? "Digits and symbols" : `Letter ${l}`}">${l}</a></li>`;
  })}</ul></nav>
${pager}
${
  slice.length === 0
    ? html`<p class="muted">No games listed yet.</p>`
    : html`<ol class="games" start="${start + 1}">${slice.map((g, i) => {
        const id = anchors.get(start + i);
        const meta = [g.releaseYear === undefined ? undefined : String(g.releaseYear), g.regions.slice(0, 3).join(", ") || undefined]
          .filter((v) => v !== undefined)
          .join(" · ");
        return html`<li${id ? html` id="${id}"` : ""}><a href="${link(sitePaths.game(g.id))}">${g.title}</a><span class="count">${meta}</span></li>`;
      })}</ol>`
}
${pager}`;
  return pageLayout(ctx, {
    title: `${platform.name} games${pageSuffix}`,
    description: `${countFormat.format(platform.gameCount)} ${platform.name} games (${platform.manufacturer}${platform.releaseYear ? `, ${platform.releaseYear}` : ""}) listed by title, with releases, rom hashes and metadata.`,
    canonicalPath: sitePaths.platform(platform.id, page),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: `${platform.name} games`,
      // Relative IRIs, resolved against the page's URL (JSON-LD in HTML): the page stays base-independent.
      url: ctx.pathPrefix + sitePaths.platform(platform.id, page),
      numberOfItems: games.length,
      itemListOrder: "https://schema.org/ItemListOrderAscending",
      itemListElement: slice.map((g, i) => ({
        "@type": "ListItem",
        position: start + i + 1,
        url: ctx.pathPrefix + sitePaths.game(g.id),
        name: g.title,
      })),
    },
    body,
  });
}

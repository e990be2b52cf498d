import type { PlatformEntry } from "../catalog/record/game-record.ts";
import type { GameSummary } from "../catalog/search/game-summary.ts";
import type { ContentKind } from "../catalog/identity/content-kind.ts";
import { html, type SafeHtml } from "./html.ts";
import { countOf, inWords, type KindCounts, kindLabels, otherKinds, capitalized } from "./kind-labels.ts";
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
  /** The kind of record this listing holds: the platform's own pages list its games. */
  readonly kind: ContentKind;
  /** Every record of that kind in listing order (title, then id). */
  readonly games: readonly GameSummary[];
  /** Where each letter first occurs: the index into `games`. */
  readonly firstOfLetter: ReadonlyMap<string, number>;
  /** Games per page: {@link PLATFORM_PAGE_SIZE}, smaller in tests that need several pages of a small catalog. */
  readonly pageSize: number;
  /** Records of each kind on the platform, for the counts and the links between its listings. */
  readonly counts: KindCounts;
  /** The base game of each listed add-on, update or cosmetic item that has one, by the item's id. */
  readonly bases: ReadonlyMap<number, { readonly id: number; readonly title: string }>;
}

export interface ListingOptions {
  readonly kind?: ContentKind;
  readonly counts?: KindCounts;
  readonly bases?: ReadonlyMap<number, { readonly id: number; readonly title: string }>;
}

export function platformListing(
  platform: PlatformEntry,
  games: readonly GameSummary[],
  pageSize: number = PLATFORM_PAGE_SIZE,
  options: ListingOptions = {},
): PlatformListing {
  const firstOfLetter = new Map<string, number>();
  games.forEach((g, i) => {
    const l = indexLetter(g.title);
    if (!firstOfLetter.has(l)) firstOfLetter.set(l, i);
  });
  const kind = options.kind ?? "game";
  return {
    platform,
    kind,
    games,
    firstOfLetter,
    pageSize,
    counts: options.counts ?? { [kind]: games.length },
    bases: options.bases ?? new Map(),
  };
}

export function platformPageCount(listing: PlatformListing): number {
  return Math.max(1, Math.ceil(listing.games.length / listing.pageSize));
}

const countFormat = new Intl.NumberFormat("en");

/** Links to the platform's listings of other kinds than `except`: "3 add-ons, 1 update and 2 videos". */
function otherListings(ctx: SiteContext, listing: PlatformListing, except: ContentKind): SafeHtml | undefined {
  const kinds: ContentKind[] = [
    ...(except === "game" ? [] : (["game"] as const)),
    ...otherKinds(listing.counts).filter((k) => k !== except),
  ];
  if (kinds.length === 0) return undefined;
  return inWords(
    kinds.map(
      (k) => html`<a href="${ctx.pathPrefix + sitePaths.listing(listing.platform.id, k)}">${countOf(k, listing.counts[k] ?? 0)}</a>`,
    ),
  );
}

/** What the listing of an attached kind says of the base games its items name, if it names any. */
function basesNamed(listing: PlatformListing): string {
  const named = listing.games.filter((g) => listing.bases.has(g.id)).length;
  if (named === 0) return "";
  return named === listing.games.length
    ? "; each names the game it belongs to"
    : "; each names the game it belongs to when the catalog knows it";
}

/**
 * One page of a platform's listing of one kind: its games at `/platforms/{slug}/` and
 * `/platforms/{slug}/page/{n}/`, its add-ons (and each other kind it has) at
 * `/platforms/{slug}/add-ons/[page/{n}/]`.
 */
export function platformPage(ctx: SiteContext, listing: PlatformListing, page: number): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  const { platform, kind, games, firstOfLetter, pageSize } = listing;
  const label = kindLabels[kind];
  const at = (p: number): string => sitePaths.listing(platform.id, kind, p);
  const pages = platformPageCount(listing);
  const start = (page - 1) * pageSize;
  const slice = games.slice(start, start + pageSize);
  const anchors = new Map<number, string>();
  for (const [letter, index] of firstOfLetter) if (index >= start && index < start + pageSize) anchors.set(index, anchor(letter));
  const others = otherListings(ctx, listing, kind);
  const pageSuffix = page > 1 ? `, page ${page} of ${pages}` : "";
  const pager =
    pages <= 1
      ? html``
      : html`<nav class="pager" aria-label="Pages">${page > 1 ? html`<a href="${link(at(page - 1))}" rel="prev">&larr; Previous</a>` : ""}<span>Page ${page} of ${pages}</span>${page < pages ? html`<a href="${link(at(page + 1))}" rel="next">Next &rarr;</a>` : ""}</nav>`;
  let intro: SafeHtml;
  if (kind === "game") {
    const facts: [string, string | undefined][] = [
      ["Manufacturer", platform.manufacturer],
      ["Kind", platform.kind.replace("-", " ")],
      ["Released", platform.releaseYear === undefined ? undefined : String(platform.releaseYear)],
      ["Also known as", platform.aliases.length > 0 ? platform.aliases.join(", ") : undefined],
      ["Games", countFormat.format(games.length)],
    ];
    intro = html`<p class="crumbs"><a href="${link(sitePaths.home)}">Home</a> &rsaquo; <a href="${link(sitePaths.home)}#platforms">Platforms</a></p>
<h1>${platform.name}${pageSuffix}</h1>
<dl class="facts">${facts.filter(([, v]) => v !== undefined).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
${others ? html`<p>Listed apart from the games: ${others}.</p>\n` : ""}<p>Data: <a href="${link(`/api/v1/games/?system=${encodeURIComponent(platform.id)}`)}" type="application/json">JSON listing</a>. <a href="${link(`${sitePaths.search}?system=${encodeURIComponent(platform.id)}`)}">Search this platform</a>.</p>`;
  } else {
    intro = html`<p class="crumbs"><a href="${link(sitePaths.home)}">Home</a> &rsaquo; <a href="${link(sitePaths.platform(platform.id))}">${platform.name}</a></p>
<h1>${platform.name} ${label.many}${pageSuffix}</h1>
<p>${countOf(kind, games.length)}, listed apart from the platform's games${basesNamed(listing)}.${others ? html` Also on this platform: ${others}.` : ""}</p>`;
  }
  const body = html`${intro}
<h2 id="games">${capitalized(label.many)} by title</h2>
<nav aria-label="Index by letter"><ul class="letters">${letters.map((l) => {
    const index = firstOfLetter.get(l);
    if (index === undefined) return html`<li><span aria-disabled="true">${l}</span></li>`;
    const target = Math.floor(index / pageSize) + 1;
    return html`<li><a href="${target === page ? "" : link(at(target))}#${anchor(l)}" aria-label="${l === "#" ? "Digits and symbols" : `Letter ${l}`}">${l}</a></li>`;
  })}</ul></nav>
${pager}
${
  slice.length === 0
    ? html`<p class="muted">No ${label.many} listed yet.</p>`
    : html`<ol class="games" start="${start + 1}">${slice.map((g, i) => {
        const id = anchors.get(start + i);
        const base = listing.bases.get(g.id);
        const meta = [
          base === undefined ? undefined : `for ${base.title}`,
          g.releaseYear === undefined ? undefined : String(g.releaseYear),
          g.regions.slice(0, 3).join(", ") || undefined,
        ]
          .filter((v) => v !== undefined)
          .join(" · ");
        return html`<li${id ? html` id="${id}"` : ""}><a href="${link(sitePaths.game(g.id))}">${g.title}</a><span class="count">${meta}</span></li>`;
      })}</ol>`
}
${pager}`;
  const what = kind === "game" ? `${platform.name} games` : `${platform.name} ${label.many}`;
  const description =
    kind === "game"
      ? `${countFormat.format(games.length)} ${platform.name} games (${platform.manufacturer}${platform.releaseYear ? `, ${platform.releaseYear}` : ""}) listed by title, with releases, rom hashes and metadata.`
      : `${countOf(kind, games.length)} for ${platform.name} (${platform.manufacturer}), listed by title apart from its games, with releases and rom hashes.`;
  return pageLayout(ctx, {
    title: `${what}${pageSuffix}`,
    description,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: what,
      // Relative IRIs, resolved against the page's URL (JSON-LD in HTML): the page stays base-independent.
      url: ctx.pathPrefix + at(page),
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

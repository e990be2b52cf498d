import { idFolder } from "../catalog/build/id-folder.ts";
import type { ContentKind } from "../catalog/identity/content-kind.ts";

/**
 * The website's URLs and the files under the build's static/ folder that hold them. One table,
 * read by the page build (src/site/build-site.ts), the Node route (site-route.ts) and the nginx
 * template (deploy/nginx/ludex.conf.template), so the three cannot disagree.
 *
 * Canonical forms: `/games/{id}/` (ids are stable for as long as the game exists; a title can
 * change), `/platforms/{slug}/`, `/platforms/{slug}/page/{n}/` for n ≥ 2, and the listings of the
 * platform's other kinds of record, `/platforms/{slug}/{segment}/[page/{n}/]` with a segment of
 * {@link listingSegments} (`/platforms/ps3/add-ons/`). `/games/{id}/{anything}/` and the forms
 * without the trailing slash answer 301 to the canonical URL.
 */
export const sitePaths = {
  home: "/",
  search: "/search/",
  sitemap: "/sitemap.xml",
  game: (id: number): string => `/games/${id}/`,
  platform: (slug: string, page = 1): string => (page > 1 ? `/platforms/${slug}/page/${page}/` : `/platforms/${slug}/`),
  /** A platform's listing of one kind of record: its games are the platform's own pages. */
  listing: (slug: string, kind: ContentKind, page = 1): string =>
    kind === "game" ? sitePaths.platform(slug, page) : `/platforms/${slug}/${listingSegments[kind]}/${page > 1 ? `page/${page}/` : ""}`,
  sitemapPart: (name: string): string => `/sitemaps/${name}.xml`,
  asset: (file: string): string => `/site/${file}`,
  /** At the root, where browsers and feed readers look for it without reading a page. */
  faviconSvg: "/favicon.svg",
  faviconIco: "/favicon.ico",
} as const;

/** Files under the build folder, relative to it. Game pages are in id folders, as record files are (src/catalog/build/id-folder.ts). */
export const siteFiles = {
  home: "static/index.html",
  sitemap: "static/sitemap.xml",
  game: (id: number): string => `static/games/${idFolder(id)}/${id}.html`,
  gamesDir: "static/games",
  platformsDir: "static/platforms",
  platform: (slug: string, page = 1): string =>
    page > 1 ? `static/platforms/${slug}/page-${page}.html` : `static/platforms/${slug}/index.html`,
  /** Flat beside the platform's pages, so that a platform's folder holds files only. */
  listing: (slug: string, kind: ContentKind, page = 1): string =>
    kind === "game"
      ? siteFiles.platform(slug, page)
      : `static/platforms/${slug}/${listingSegments[kind]}${page > 1 ? `-page-${page}` : ""}.html`,
  platformDir: (slug: string): string => `static/platforms/${slug}`,
  sitemapPart: (name: string): string => `static/sitemaps/${name}.xml`,
  asset: (file: string): string => `static/site/${file}`,
  faviconSvg: "static/favicon.svg",
  faviconIco: "static/favicon.ico",
  /** What the last page build rendered (src/site/build-site.ts), for the incremental rule. */
  state: "site/state.json",
} as const;

/**
 * The URL segment of each kind's listing under its platform; none is `page`, the games' pager.
 * deploy/nginx/ludex.conf.template lists the same segments.
 */
export const listingSegments: Readonly<Record<Exclude<ContentKind, "game">, string>> = {
  addon: "add-ons",
  update: "updates",
  cosmetic: "themes-and-avatars",
  application: "applications",
  video: "videos",
  music: "music",
  bios: "bios",
};

/** The kind whose listing a URL segment names, if any. */
export function listingKind(segment: string): Exclude<ContentKind, "game"> | undefined {
  for (const [kind, s] of Object.entries(listingSegments) as [Exclude<ContentKind, "game">, string][]) if (s === segment) return kind;
  return undefined;
}

/** A game id as a URL segment: 1 to 15 digits, no leading zero (what nginx's map accepts too). */
export const GAME_ID_PATTERN = /^[1-9][0-9]{0,14}$/;
/** A platform slug as a URL segment. */
export const PLATFORM_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** A listing page number as a URL segment (page 1 is the platform's own URL). */
export const PAGE_NUMBER_PATTERN = /^[1-9][0-9]{0,4}$/;

const listingSegmentPattern = Object.values(listingSegments).join("|");
/** Each kind of file of {@link siteFiles} and the URL path it is served at, for {@link sitePathOfFile}. */
const fileForms: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^static\/index\.html$/, () => sitePaths.home],
  [/^static\/games\/[0-9]+\/([0-9]+)\.html$/, (m) => sitePaths.game(Number(m[1]))],
  [/^static\/platforms\/([^/]+)\/index\.html$/, (m) => sitePaths.platform(m[1] ?? "")],
  [/^static\/platforms\/([^/]+)\/page-([0-9]+)\.html$/, (m) => sitePaths.platform(m[1] ?? "", Number(m[2]))],
  [
    new RegExp(`^static/platforms/([^/]+)/(${listingSegmentPattern})(?:-page-([0-9]+))?\\.html$`),
    (m) => `/platforms/${m[1]}/${m[2]}/${m[3] === undefined ? "" : `page/${m[3]}/`}`,
  ],
  [/^static\/sitemap\.xml$/, () => sitePaths.sitemap],
  [/^static\/sitemaps\/([a-z0-9-]+)\.xml$/, (m) => sitePaths.sitemapPart(m[1] ?? "")],
  [/^static\/site\/([^/]+)$/, (m) => sitePaths.asset(m[1] ?? "")],
  [/^static\/(favicon\.(?:svg|ico))$/, (m) => `/${m[1]}`],
];

/**
 * The URL path a file of {@link siteFiles} is served at, or undefined for a file no URL serves (the build's state): the build's purge list maps the
 * files it changed with it.
 */
export function sitePathOfFile(file: string): string | undefined {
  for (const [pattern, toPath] of fileForms) {
    const m = pattern.exec(file);
    if (m) return toPath(m);
  }
  return undefined;
}

/**
 * The website's URLs and the files under the build's static/ folder that hold them. One table,
 * read by the page build (src/site/build-site.ts), the Node route (site-route.ts) and the nginx
 * template (deploy/nginx/ludex.conf.template), so the three cannot disagree.
 *
 * Canonical forms: `/games/{id}/` (ids are stable for as long as the game exists; a title can
 * change), `/platforms/{slug}/`, `/platforms/{slug}/page/{n}/` for n ≥ 2. `/games/{id}/{anything}/`
 * and the forms without the trailing slash answer 301 to the canonical URL.
 */
export const sitePaths = {
  home: "/",
  search: "/search/",
  sitemap: "/sitemap.xml",
  game: (id: number): string => `/games/${id}/`,
  platform: (slug: string, page = 1): string => (page > 1 ? `/platforms/${slug}/page/${page}/` : `/platforms/${slug}/`),
  sitemapPart: (name: string): string => `/sitemaps/${name}.xml`,
  asset: (file: string): string => `/site/${file}`,
} as const;

/** Files under the build folder, relative to it. Game pages are flat (one directory, no mkdir per game). */
export const siteFiles = {
  home: "static/index.html",
  sitemap: "static/sitemap.xml",
  /** The file that holds a page: pages are stored gzip-compressed only (src/site/render-platform.ts). */
  stored: (page: string): string => `${page}.gz`,
  game: (id: number): string => `static/games/${id}.html`,
  gamesDir: "static/games",
  platformsDir: "static/platforms",
  platform: (slug: string, page = 1): string =>
    page > 1 ? `static/platforms/${slug}/page-${page}.html` : `static/platforms/${slug}/index.html`,
  platformDir: (slug: string): string => `static/platforms/${slug}`,
  sitemapPart: (name: string): string => `static/sitemaps/${name}.xml`,
  asset: (file: string): string => `static/site/${file}`,
  /** What the last page build rendered (src/site/build-site.ts), for the incremental rule. */
  state: "site/state.json",
} as const;

/** A game id as a URL segment: 1 to 15 digits, no leading zero (what nginx's map accepts too). */
export const GAME_ID_PATTERN = /^[1-9][0-9]{0,14}$/;
/** A platform slug as a URL segment. */
export const PLATFORM_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** A listing page number as a URL segment (page 1 is the platform's own URL). */
export const PAGE_NUMBER_PATTERN = /^[1-9][0-9]{0,4}$/;

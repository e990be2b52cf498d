import { attribution, retoolAttribution } from "../catalog/record/attribution.ts";
import { html, jsonForScript, raw, type SafeHtml } from "./html.ts";
import { sitePaths } from "./site-paths.ts";

/**
 * What every page template needs to know about the deployment and the build's shared assets. Not
 * the origin of PUBLIC_BASE_URL: a page names its own site by path only (links, JSON-LD), so its
 * bytes are the same under every base URL with that path and one build serves several (docs/website.md
 * "Base URLs"). The sitemaps, absolute by their format, and the canonical Link header are rendered
 * per instance (site-route.ts).
 */
export interface SiteContext {
  /** The path part of PUBLIC_BASE_URL ("" at the root), prefixed to every link between pages. */
  readonly pathPrefix: string;
  /** libretro-thumbnails host (LUDEX_ARTWORK_BASE_URL): the only other origin a page loads from. */
  readonly artworkBaseUrl: string;
  /** The content-addressed stylesheet and scripts under /site/ (src/site/site-assets.ts). */
  readonly assets: SiteAssetRefs;
}

export interface SiteAssetRefs {
  readonly css: { readonly file: string; readonly integrity: string };
  readonly script: { readonly file: string; readonly integrity: string };
  readonly copyScript: { readonly file: string; readonly integrity: string };
  readonly artworkScript: { readonly file: string; readonly integrity: string };
}

export function siteContext(publicBaseUrl: string, artworkBaseUrl: string, assets: SiteAssetRefs): SiteContext {
  const baseUrl = publicBaseUrl.replace(/\/+$/, "");
  return {
    pathPrefix: new URL(baseUrl).pathname.replace(/\/+$/, ""),
    artworkBaseUrl: artworkBaseUrl.replace(/\/+$/, ""),
    assets: {
      css: { file: assets.css.file, integrity: assets.css.integrity },
      script: { file: assets.script.file, integrity: assets.script.integrity },
      copyScript: { file: assets.copyScript.file, integrity: assets.copyScript.integrity },
      artworkScript: { file: assets.artworkScript.file, integrity: assets.artworkScript.integrity },
    },
  };
}

export interface PageInput {
  readonly title: string;
  readonly description: string;
  readonly ogType?: "website" | "video.game";
  readonly image?: string;
  readonly jsonLd?: unknown;
  /** Adds `noindex` (search results, error pages). */
  readonly noindex?: boolean;
  /** Loads the search-as-you-type script (search page only; the page works without it). */
  readonly searchScript?: boolean;
  /** Loads the script that adds a Copy button beside each hash (game pages; the hashes stay selectable without it). */
  readonly copyScript?: boolean;
  /** Loads the script that tries an image's other artwork URLs when one fails (game pages with candidates; the first URL shows without it). */
  readonly artworkScript?: boolean;
  /** The search box in the header keeps the current query. */
  readonly query?: string;
  readonly body: SafeHtml;
}

/**
 * The header of every page: the brand, the site links and the search box. Shared with the Astro
 * layout (src/layouts/page.astro), so /docs/ and /problems/ carry the same header as the catalog.
 */
export function siteHeader(ctx: SiteContext, query = ""): SafeHtml {
  const link = (p: string): string => ctx.pathPrefix + p;
  return html`<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="bar">
<a class="brand" href="${link(sitePaths.home)}">ludex</a>
<nav aria-label="Site"><a href="${link(sitePaths.home)}#platforms">Platforms</a><a href="${link("/docs/")}">API docs</a></nav>
<form role="search" action="${link(sitePaths.search)}" method="get"><label class="skip" for="site-q">Search games</label><input id="site-q" type="search" name="q" maxlength="120" placeholder="Search games" value="${query}"><button type="submit">Search</button></form>
</div></header>`;
}

/** The footer of every page, with the attribution the CC BY-SA licence asks for; shared with the Astro layout too. */
export function siteFooter(ctx: SiteContext): SafeHtml {
  const link = (p: string): string => ctx.pathPrefix + p;
  const retool = retoolAttribution;
  return html`<footer class="site"><div class="bar">
<p>Game data from <a href="${attribution.url}">${attribution.source}</a>, licensed <a href="${attribution.licenseUrl}" rel="license">${attribution.license}</a>; regional titles and local names from <a href="${retool.url}">Retool's clone lists and metadata</a>, <a href="${retool.licenseUrl}" rel="license">${retool.license}</a>. Artwork from <a href="https://github.com/libretro-thumbnails/libretro-thumbnails">libretro-thumbnails</a>.</p>
<p><a href="${link("/docs/")}">API docs</a> · <a href="${link("/api/v1/community/")}">Release feed</a> · <a href="${link(sitePaths.sitemap)}">Sitemap</a></p>
</div></footer>`;
}

/** The HTML shell of every page: head metadata, header with search, footer with attribution. */
export function pageLayout(ctx: SiteContext, page: PageInput): string {
  const link = (p: string): string => ctx.pathPrefix + p;
  // No <link rel="canonical">: the canonical is an absolute URL under the serving instance's base,
  // sent at serve time as a Link header (RFC 6596 §3, RFC 8288; site-route.ts and the nginx
  // template), since an absolute one here would tie the bytes to one origin and Lighthouse fails a
  // relative one. No og:url for the same reason (Open Graph requires it absolute; without it
  // consumers use the page's own URL, the canonical one for every page the build writes).
  // Entities rather than the characters keep a page's text one-byte in V8 when its catalog text is
  // Latin-1, which makes building and encoding the ~140,000 pages of a build cheaper.
  const fullTitle = page.title === "ludex" ? raw("ludex &mdash; a public video-game catalog") : html`${page.title} &mdash; ludex`;
  const script = (asset: { readonly file: string; readonly integrity: string }): SafeHtml =>
    html`<script src="${link(sitePaths.asset(asset.file))}" integrity="${asset.integrity}" defer></script>\n`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${fullTitle}</title>
<meta name="description" content="${page.description}">
${page.noindex ? html`<meta name="robots" content="noindex">\n` : ""}<meta property="og:site_name" content="ludex">
<meta property="og:title" content="${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:type" content="${page.ogType ?? "website"}">
${page.image ? html`<meta property="og:image" content="${page.image}">\n` : ""}<link rel="icon" href="${link(sitePaths.faviconSvg)}" type="image/svg+xml">
<link rel="stylesheet" href="${link(sitePaths.asset(ctx.assets.css.file))}" integrity="${ctx.assets.css.integrity}">
${page.searchScript ? script(ctx.assets.script) : ""}${page.copyScript ? script(ctx.assets.copyScript) : ""}${page.artworkScript ? script(ctx.assets.artworkScript) : ""}${page.jsonLd === undefined ? "" : html`<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>\n`}</head>
<body>
${siteHeader(ctx, page.query)}
<main id="main">
${page.body}
</main>
${siteFooter(ctx)}
</body>
</html>
`.value;
}

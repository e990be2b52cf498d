import { contentSignalMeanings, contentSignals, contentSignalValue } from "./content-policy.ts";
import { discoveryPaths } from "./discovery-paths.ts";

/**
 * /robots.txt: crawling is allowed except for the sign-in and account pages (no content, and
 * per-person) and search results (endless, and every game has its own page), the content policy
 * is stated as a Content Signal inside the `User-agent: *` group, where parsers look for it, and
 * the sitemap index the build writes (src/site/sitemap.ts) is named.
 * @see RFC 9309 (robots exclusion protocol), https://contentsignals.org/, docs/service-spec.md §1
 */
export function robotsTxt(base: string): string {
  const meanings = (Object.keys(contentSignals) as (keyof typeof contentSignals)[]).map(
    (name) => `#   ${name}: ${contentSignalMeanings[name]}`,
  );
  return [
    "# ludex: public game catalog and release service.",
    `# Content policy (Content Signals, https://contentsignals.org/): ${contentSignalValue()}`,
    "#   yes: the use is allowed; no: it is not.",
    ...meanings,
    `# Agents: ${base}${discoveryPaths.llmsTxt} and ${base}${discoveryPaths.apiCatalog}`,
    "",
    "User-agent: *",
    `Content-Signal: ${contentSignalValue()}`,
    "Allow: /",
    "Disallow: /oauth/",
    "Disallow: /account/",
    "Disallow: /search/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

import { contentHash } from "../catalog/build/etag.ts";
import { searchScript } from "./search-script.ts";
import { siteCss } from "./site-styles.ts";

/** The stylesheet and script under content-addressed names, so they can be cached for a year. */
export const siteAssets = {
  css: { file: `ludex.${contentHash(siteCss, 10)}.css`, body: siteCss },
  script: { file: `search.${contentHash(searchScript, 10)}.js`, body: searchScript },
} as const;

import { createHash } from "node:crypto";
import { contentHash } from "../http/etag.ts";
import { artworkScript } from "./artwork-script.ts";
import { copyScript } from "./copy-script.ts";
import { searchScript } from "./search-script.ts";
import { siteCss } from "./site-styles.ts";

/** Subresource Integrity value of an asset. @see https://www.w3.org/TR/SRI/ */
function integrity(body: string): string {
  return `sha384-${createHash("sha384").update(body).digest("base64")}`;
}

/** The stylesheet and scripts under content-addressed names, so they can be cached for a year. */
export const siteAssets = {
  css: { file: `ludex.${contentHash(siteCss, 10)}.css`, body: siteCss, integrity: integrity(siteCss) },
  script: { file: `search.${contentHash(searchScript, 10)}.js`, body: searchScript, integrity: integrity(searchScript) },
  copyScript: { file: `copy.${contentHash(copyScript, 10)}.js`, body: copyScript, integrity: integrity(copyScript) },
  artworkScript: { file: `artwork.${contentHash(artworkScript, 10)}.js`, body: artworkScript, integrity: integrity(artworkScript) },
} as const;

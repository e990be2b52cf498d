import path from "node:path";
import type { BuildSummary as CatalogBuildSummary } from "../catalog/build/build-catalog.ts";
import type { BuiltDocument } from "../catalog/build/manifest.ts";
import { MERGED_IDS_DOCUMENT, readBuiltMergedIds } from "../catalog/build/merged-ids.ts";
import { writeFileAtomic } from "../catalog/build/write-file-atomic.ts";
import { discoveryDocumentPaths } from "../discovery/discovery-documents.ts";
import { cacheTags } from "../http/cache-tags.ts";
import { sitePathOfFile, sitePaths } from "../site/site-paths.ts";

/** The purge list, in the build folder beside manifest.json; `PURGE_TEXT_FILE` holds its URLs one a line. */
export const PURGE_FILE = "purge.json";
export const PURGE_TEXT_FILE = "purge.txt";
export const PURGE_FORMAT = "ludex-purge";
export const PURGE_FORMAT_VERSION = 1;

/**
 * What a CDN in front of this deployment must forget after a build (docs/cdn.md): the public URLs
 * whose bytes changed, appeared or disappeared since the previous build, and the cache tags
 * (src/http/cache-tags.ts) of the answers no list of URLs can name (searches).
 */
export interface PurgeList {
  readonly format: typeof PURGE_FORMAT;
  readonly formatVersion: typeof PURGE_FORMAT_VERSION;
  readonly catalogVersion: string;
  /** The build compared with; null for a first build. */
  readonly previousCatalogVersion: string | null;
  readonly builtAt: string;
  /** The base every URL is under: the build's PUBLIC_BASE_URL. */
  readonly publicBaseUrl: string;
  /**
   * True when there is nothing to compare with (a first build, or one for another base URL): purge
   * the whole cache, and `urls` and `tags` are empty.
   */
  readonly everything: boolean;
  /** Why `everything` is set. */
  readonly reason?: string;
  /** Absolute URLs, sorted. */
  readonly urls: readonly string[];
  /** Cache tags, sorted. */
  readonly tags: readonly string[];
}

/**
 * The URL paths of each prebuilt document of the manifest. A key missing here makes the list say
 * `everything`, so that a new document is never left out silently.
 */
const documentPaths: Readonly<Record<string, readonly string[]>> = {
  platforms: ["/api/v1/games/", "/api/v1/agent/games/?platforms=1"],
  releaseFeed: ["/api/v1/community/"],
  changes: ["/api/v1/changes/"],
  dumps: ["/api/v1/dumps/"],
  // Served at no URL of its own: the redirects of merged ids are compared one by one below.
  [MERGED_IDS_DOCUMENT]: [],
  ...Object.fromEntries(Object.entries(discoveryDocumentPaths).map(([key, p]) => [key, [p]])),
};

/** An API path and its form without the trailing slash, which the server answers alike (src/http/router.ts). */
function apiForms(pathAndQuery: string): string[] {
  const query = pathAndQuery.indexOf("?");
  const pathname = query < 0 ? pathAndQuery : pathAndQuery.slice(0, query);
  if (!pathname.endsWith("/") || pathname.length === 1) return [pathAndQuery];
  return [pathAndQuery, pathname.slice(0, -1) + (query < 0 ? "" : pathAndQuery.slice(query))];
}

const recordPath = (id: number): string => `/api/v1/games/?id=${id}`;

function sameDocument(a: BuiltDocument | undefined, b: BuiltDocument | undefined): boolean {
  return a?.hash === b?.hash && a?.staticFile === b?.staticFile;
}

export interface PurgeInput {
  readonly buildDir: string;
  readonly catalog: CatalogBuildSummary;
  /** The files of the website this build changed or removed (src/site/build-site.ts), if it built pages. */
  readonly siteFiles?: readonly string[];
}

/**
 * Compares the build with the one it replaced from what the build already knows: the record files
 * it wrote or removed, the page files whose bytes it changed, and the two manifests (documents,
 * dumps and shards by hash). Nothing is read or hashed again, but the two merged-id lists when
 * that list changed.
 */
export function purgeList(input: PurgeInput): PurgeList {
  const { manifest, previous } = input.catalog;
  const base = (manifest.publicBaseUrl ?? "").replace(/\/+$/, "");
  const head = {
    format: PURGE_FORMAT,
    formatVersion: PURGE_FORMAT_VERSION,
    catalogVersion: manifest.catalogVersion,
    previousCatalogVersion: previous?.catalogVersion ?? null,
    builtAt: manifest.builtAt,
    publicBaseUrl: base,
  } as const;
  const everything = (reason: string): PurgeList => ({ ...head, everything: true, reason, urls: [], tags: [] });
  if (!previous) return everything("first build: there is no previous build to compare with");
  if ((previous.publicBaseUrl ?? "").replace(/\/+$/, "") !== base) return everything("the build's PUBLIC_BASE_URL changed");

  const paths = new Set<string>();
  const tags = new Set<string>();
  const addApi = (p: string): void => {
    for (const form of apiForms(p)) paths.add(form);
  };
  for (const id of [...input.catalog.recordsWritten, ...input.catalog.recordsRemoved]) {
    addApi(recordPath(id));
    tags.add(cacheTags.game(id));
  }

  for (const file of input.siteFiles ?? []) {
    const p = sitePathOfFile(file);
    if (p === undefined) continue;
    paths.add(p);
    const game = /^\/games\/([0-9]+)\/$/.exec(p)?.[1];
    if (game !== undefined) tags.add(cacheTags.game(Number(game)));
    const platform = /^\/platforms\/([^/]+)\//.exec(p)?.[1];
    if (platform !== undefined) tags.add(cacheTags.platform(platform));
  }

  for (const slug of new Set([...Object.keys(previous.platforms), ...Object.keys(manifest.platforms)])) {
    const was = previous.platforms[slug];
    const now = manifest.platforms[slug];
    if (was?.hash !== now?.hash) tags.add(cacheTags.platform(slug));
    if (was?.dump?.etag !== now?.dump?.etag || was?.dump?.version !== now?.dump?.version) {
      addApi(`/api/v1/dumps/?system=${slug}`);
      tags.add(cacheTags.platform(slug));
    }
  }
  // Any platform's change can change a search across all of them.
  if ([...tags].some((tag) => tag.startsWith(cacheTags.platform("")))) tags.add(cacheTags.catalog);

  for (const key of new Set([...Object.keys(previous.documents), ...Object.keys(manifest.documents)])) {
    if (sameDocument(previous.documents[key], manifest.documents[key])) continue;
    const served = documentPaths[key];
    if (served === undefined) return everything(`the document "${key}" changed and the purge list knows no URL for it`);
    for (const p of served) addApi(p);
    if (key === "changes") tags.add(cacheTags.changes);
    if (key === MERGED_IDS_DOCUMENT) {
      // A merged id answers with a redirect to the game it joined: its URLs change when that game does.
      const into = (doc: BuiltDocument | undefined): Map<number, number> =>
        new Map(readBuiltMergedIds(input.buildDir, doc).map((m) => [m.id, m.into]));
      const was = into(previous.documents[key]);
      const now = into(manifest.documents[key]);
      for (const id of new Set([...was.keys(), ...now.keys()])) {
        if (was.get(id) === now.get(id)) continue;
        addApi(recordPath(id));
        paths.add(sitePaths.game(id));
        tags.add(cacheTags.game(id));
      }
    }
  }

  return {
    ...head,
    everything: false,
    urls: [...paths].map((p) => base + p).sort(),
    tags: [...tags].sort(),
  };
}

/** Writes the purge list as {@link PURGE_FILE} and its URLs, one a line, as {@link PURGE_TEXT_FILE} (for curl or xargs). */
export function writePurgeList(buildDir: string, list: PurgeList): void {
  writeFileAtomic(path.join(buildDir, PURGE_FILE), `${JSON.stringify(list, null, 1)}\n`);
  writeFileAtomic(path.join(buildDir, PURGE_TEXT_FILE), list.urls.length === 0 ? "" : `${list.urls.join("\n")}\n`);
}

import { PAGE_RESULT_BYTES } from "../../core/page-bytes.ts";
import { KEEP_BUILDS, KEEP_DAYS } from "../changes/change-types.ts";
import { attribution } from "../record/attribution.ts";
import type { OperationSpec, ResponseBody } from "../../http/operation-spec.ts";
import {
  always,
  catalogUnavailable,
  jsonBody,
  notModified,
  problemBody,
  problemExample,
  taggable,
} from "../../http/operation-responses.ts";
import { changesQuery, DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT } from "./changes-schemas.ts";
import { dumpsQuery } from "./dumps-route.ts";

/**
 * The operations ROM managers keep a local copy of the catalog in sync with, as the OpenAPI
 * document describes them: the change feed (changes-route.ts over src/catalog/changes/) and the
 * per-platform dumps (dumps-route.ts over src/catalog/dumps/).
 * @see docs/service-spec.md §4
 */

const v1 = "DhJQmNh9Ip-0nkq5";
const v2 = "Qx3Vr0aLk2cV7mZe";
const sha = "9c1f7e0b2a4d6c8e0f1a3b5c7d9e1f20314253647586970a1b2c3d4e5f607182";

function gzipBody(summary: string): ResponseBody {
  return { mediaType: "application/gzip", schema: "DumpFile", examples: { dump: { summary, value: "(gzip bytes)" } } };
}

/** getCatalogChanges and getCatalogDumps, with absolute example URLs under `base` (PUBLIC_BASE_URL). */
export function syncOperations(base: string): readonly OperationSpec[] {
  const page = {
    since: v1,
    sinceVersion: v1,
    catalogVersion: v2,
    builtAt: "2026-03-02T09:14:07.512Z",
    total: 3,
    offset: 0,
    limit: DEFAULT_CHANGES_LIMIT,
    counts: { added: 0, removed: 1, changed: 1, merged: 1 },
    changes: [
      { id: 24, system: "virtual-boy", title: "3-D Tetris", change: "removed", updatedAt: "2026-03-02T09:14:07.512Z", url: null },
      {
        id: 26,
        system: "virtual-boy",
        title: "BLOX",
        change: "changed",
        kinds: ["roms"],
        updatedAt: "2026-03-02T09:14:07.512Z",
        url: `${base}/api/v1/games/?id=26`,
      },
      {
        id: 27,
        system: "virtual-boy",
        title: "Space Squash",
        change: "merged",
        into: 28,
        updatedAt: "2026-03-02T09:14:07.512Z",
        url: `${base}/api/v1/games/?id=28`,
      },
    ],
    next: null,
    attribution,
  };
  const index = {
    catalogVersion: v2,
    builtAt: "2026-03-02T09:14:07.512Z",
    oldestVersion: v1,
    retention: { builds: KEEP_BUILDS, days: KEEP_DAYS },
    history: [
      {
        catalogVersion: v2,
        builtAt: "2026-03-02T09:14:07.512Z",
        added: 0,
        removed: 1,
        changed: 1,
        merged: 1,
        changes: `${base}/api/v1/changes/?since=${v2}`,
        review: `${base}/api/v1/changes/?review=${v2}`,
      },
      {
        catalogVersion: v1,
        builtAt: "2026-02-01T08:00:00.000Z",
        added: 0,
        removed: 0,
        changed: 0,
        merged: 0,
        changes: `${base}/api/v1/changes/?since=${v1}`,
      },
    ],
    dumps: `${base}/api/v1/dumps/`,
    attribution,
  };
  const review = {
    format: "ludex-review",
    version: 1,
    status: "published",
    catalogVersion: v2,
    dataVersion: "6e8f8862a70e0613",
    builtAt: "2026-03-02T09:14:07.512Z",
    anomalies: [],
    imports: [
      {
        importedAt: "2026-03-02T09:13:51.004Z",
        fromDataVersion: "0b6f1c2d3e4a5968",
        toDataVersion: "6e8f8862a70e0613",
        threshold: 5,
        anomalies: [],
        totals: {
          platformsChanged: 1,
          gamesAdded: 0,
          gamesRemoved: 1,
          renamed: 0,
          merged: 1,
          kindChanged: 0,
          metadataChanged: 0,
          releasesAdded: 0,
          releasesRemoved: 1,
          romsAdded: 0,
          romsRemoved: 1,
          newWarnings: 0,
        },
        platforms: {
          "virtual-boy": {
            status: "changed",
            gamesBefore: 28,
            gamesAfter: 26,
            added: { total: 0, examples: [] },
            removed: { total: 1, examples: [{ id: 24, title: "3-D Tetris" }] },
            renamed: { total: 0, examples: [] },
            merged: { total: 1, examples: [{ id: 27, title: "Space Squash", into: 28 }] },
            kindChanged: { total: 0, examples: [] },
            metadataChanged: { total: 0, examples: [] },
            releasesAdded: { total: 0, examples: [] },
            releasesRemoved: { total: 1, examples: ["3-D Tetris (USA)"] },
            romsAdded: { total: 0, examples: [] },
            romsRemoved: { total: 1, examples: ["sha1:6c7d4b3f2a1e0d9c8b7a69584736251403f2e1d0"] },
          },
        },
        newWarnings: { total: 0, examples: [] },
      },
    ],
  };
  const listing = {
    format: "ludex-dump",
    formatVersion: 1,
    catalogVersion: v2,
    dumps: [
      {
        system: "snes",
        name: "Super Nintendo Entertainment System",
        url: `${base}/api/v1/dumps/?system=snes`,
        version: "a_EfPsokT1fKjpM4",
        sha256: sha,
        bytes: 2841123,
        records: 3852,
        updatedAt: "2026-03-02T09:14:07.000Z",
        etag: '"69a55c2f-2b5a23"',
        contentType: "application/gzip",
      },
    ],
    attribution,
  };
  const dumpHeaders = {
    ...always,
    ETag: true,
    "Last-Modified": true,
    "Cache-Control": true,
    "Accept-Ranges": true,
    "Content-Disposition": true,
    "Surrogate-Key": true,
    "Cache-Tag": true,
  } as const;
  return [
    {
      operationId: "getCatalogChanges",
      method: "get",
      path: "/api/v1/changes/",
      tag: "Catalog",
      summary: "What changed in the catalog since a version",
      description: [
        "For clients that keep a local copy (ROM managers, media clients): every game added, removed, changed or merged between the build named by `since` and the current one, in game id order. A changed game has the kinds of change (`title`, `system` for a game that moved to another platform keeping its id, `releases`, `roms`, `artwork` for its artwork links, `metadata`). A merged game's id stopped being a record of its own: it joined the game `into` (the same work under another name or in another collection), and `GET /api/v1/games/?id=` answers it with a 301 to that game. Several builds are folded into one entry per game. Save the answer's `catalogVersion` and send it as `since` next time.",
        "Without `since`: the current `catalogVersion` and the kept history (ChangesIndex). Each build keeps its log against its predecessor; at least the last " +
          `${KEEP_BUILDS} builds and every build of the last ${KEEP_DAYS} days are kept.`,
        "A `since` that is unknown or older than the history answers **410 Gone** (`changes-expired`): download the dumps (`GET /api/v1/dumps/`) and continue from their listing's `catalogVersion`. 410, not 422, because the request was well-formed and was once valid: the resource it names is gone for good. A malformed, too long or future `since` is a 422.",
        `A page holds at most \`limit\` changes (at most ${MAX_CHANGES_LIMIT}) and at most ${PAGE_RESULT_BYTES / 1024} KB of them: a page of long titles ends early. \`next\` and the \`Link: rel="next"\` header give the following page; follow them rather than adding \`limit\` to \`offset\`. No authentication.`,
      ].join("\n\n"),
      auth: { kind: "none" },
      query: {
        schema: changesQuery,
        notes: {
          since: {
            description:
              "A `catalogVersion` (from `GET /api/health/`, the dump listing or an earlier answer), or an RFC 3339 date-time (changes of builds made after it).",
            example: v1,
          },
          review: {
            description:
              "A catalogVersion of the kept history (the index links each one that has a review): answers that version's update review instead of changes. Not with `since`.",
            example: v2,
          },
          limit: { description: "Page size." },
          offset: { description: "How many changes to skip; follow `next` instead of computing it." },
        },
      },
      responses: {
        "200": {
          description:
            "One page of changes since `since` (ChangesPage); with `review`, the review of the update that version published (UpdateReview); without either, the current version and kept history (ChangesIndex).",
          headers: {
            ...always,
            ETag: true,
            "Cache-Control": true,
            "Last-Modified": false,
            Link: false,
            ...taggable,
          },
          body: jsonBody(["ChangesPage", "ChangesIndex", "UpdateReview"], {
            page: { summary: `GET /api/v1/changes/?since=${v1}`, value: page },
            index: { summary: "GET /api/v1/changes/", value: index },
            review: { summary: `GET /api/v1/changes/?review=${v2}`, value: review },
          }),
        },
        "404": {
          description: "`review` names a version with no review kept: not in the kept history, or a build that published no new import.",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({
            noReview: {
              summary: "No review for that version",
              value: problemExample(
                base,
                "not-found",
                `no review kept for version ${v1}; GET /api/v1/changes/ lists the kept history and links each version's review`,
              ),
            },
          }),
        },
        "304": notModified,
        "410": {
          description: "Gone: `since` is not in the kept history (unknown, or past retention). Resync from the dumps.",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({
            expired: {
              summary: "Unknown or expired version",
              value: problemExample(
                base,
                "changes-expired",
                `no kept build matches since=AAAAAAAAAAAAAAAA; the history starts at ${v1} (2026-02-01T08:00:00.000Z). Resync from the dumps at ${base}/api/v1/dumps/, then follow changes since their catalogVersion`,
                {
                  oldestVersion: v1,
                  resync: `${base}/api/v1/dumps/`,
                },
              ),
            },
          }),
        },
        "422": {
          description:
            "Invalid request: `since` malformed, over 64 characters or in the future; `limit` or `offset` out of range; a repeated parameter.",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({
            future: {
              summary: "since in the future",
              value: problemExample(base, "invalid-request", "since: 2999-01-01T00:00:00Z is in the future", {
                errors: [{ name: "since", detail: "2999-01-01T00:00:00Z is in the future" }],
              }),
            },
          }),
        },
        "503": catalogUnavailable(base),
      },
      samples: [
        { label: "Changes since a version", query: { since: v1 } },
        { label: "The current version and the kept history" },
        { label: "The review of the update a version published", query: { review: v2 } },
      ],
    },
    {
      operationId: "getCatalogDumps",
      method: "get",
      path: "/api/v1/dumps/",
      tag: "Catalog",
      summary: "List the per-platform dumps, or download one",
      description: [
        "Without parameters: every platform's dump with its URL, version, SHA-256, size and record count (DumpListing). With `system`: that platform's dump file.",
        "A dump is gzip-compressed NDJSON: a DumpHeader line, then one GameRecord per line (releases, roms with hashes, metadata, attribution, `updatedAt`), everything needed to match files offline. It is rewritten only when the platform's records change, so its `ETag` holds until then.",
        "Downloads resume: send `Range: bytes=<from>-` with `If-Range: <ETag>` and get 206 with the rest, or the whole new file (200) if it changed. A range past the end is 416. Check the download against the listing's `sha256` (`ludex dump verify <file>` does it). No authentication.",
      ].join("\n\n"),
      auth: { kind: "none" },
      query: {
        schema: dumpsQuery,
        notes: { system: { description: "A platform slug or alias: download its dump.", example: "snes" } },
      },
      responses: {
        "200": {
          description:
            "The dump listing (JSON), or with `system` the whole dump file (`application/gzip`, sent as is: no Content-Encoding).",
          headers: { ...always, ETag: true, "Cache-Control": true, "Last-Modified": true, ...taggable },
          body: jsonBody("DumpListing", { listing: { summary: "GET /api/v1/dumps/", value: listing } }),
          extraBodies: [gzipBody("GET /api/v1/dumps/?system=snes")],
        },
        "206": {
          description: "Partial Content: the requested byte range of the dump (`Content-Range` says which).",
          headers: { ...dumpHeaders, "Content-Range": true },
          body: gzipBody("GET /api/v1/dumps/?system=snes with Range: bytes=1048576-"),
        },
        "304": notModified,
        "404": {
          description: "Not found: no platform (or no dump) by that name.",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({
            notFound: {
              summary: "Unknown platform",
              value: problemExample(base, "not-found", 'no dump for platform "amiga-cd64"; GET /api/v1/dumps/ lists them'),
            },
          }),
        },
        "416": {
          description: "Range Not Satisfiable: the range lies outside the file; `Content-Range: bytes */<size>` gives its size.",
          headers: { ...always, "Content-Range": true, "Cache-Control": true },
          body: problemBody({
            past: {
              summary: "Range past the end",
              value: problemExample(base, "range-not-satisfiable", "the dump is 2841123 bytes; the requested range lies outside it"),
            },
          }),
        },
        "422": {
          description: "Invalid request: `system` empty, over 64 characters, or given twice.",
          headers: { ...always, "Cache-Control": true },
          body: problemBody({
            long: {
              summary: "system too long",
              value: problemExample(base, "invalid-request", "system: must be at most 64 characters", {
                errors: [{ name: "system", detail: "must be at most 64 characters" }],
              }),
            },
          }),
        },
        "503": catalogUnavailable(base),
      },
      samples: [{ label: "The dump listing" }, { label: "Download the SNES dump", query: { system: "snes" } }],
    },
  ];
}

import type { OperationSpec } from "../../http/operation-spec.ts";
import {
  always,
  catalogUnavailable,
  JSON_TYPE,
  jsonBody,
  payloadTooLarge,
  problemBody,
  problemExample,
  tooManyRequests,
  unsupportedMediaType,
} from "../../http/operation-responses.ts";
import { MATCH_BODY_LIMIT, MAX_MATCH_ITEMS } from "../schema/match-schemas.ts";
import { MAX_MATCH_CANDIDATES } from "../schema/match-response-schemas.ts";

/**
 * ROM matching (match-route.ts) as the OpenAPI document describes it: words, examples and
 * responses. The body limit and the item count are the route's own constants.
 * @see docs/service-spec.md §4.3
 */

/** Every answer reports the quota as it stands (RateLimit-Policy, RateLimit), absent when the limit is off. */
const matchQuota = { "RateLimit-Policy": false, RateLimit: false } as const;

/** One story: the 200 example is what the server answers to the request example (openapi-contract.test.ts sends it). */
const examples = {
  matchRequest: (): unknown => ({
    systemId: "snes",
    items: [
      { name: "Legend of Starfall, The (USA).sfc", size: 1048576 },
      { crc: "8F0E4B7A", size: 65536 },
      { name: "Unknown Homebrew (World).sfc" },
    ],
    artworkTypes: ["boxart"],
  }),
  matchResponse: (): unknown => ({
    systemId: "snes",
    results: [
      {
        index: 0,
        status: "matched",
        match: {
          gameId: 35,
          title: "The Legend of Starfall",
          release: "Legend of Starfall, The (USA)",
          confidence: 0.95,
          matchedBy: "name",
        },
        artwork: {
          verified: false,
          boxart: {
            url: "https://thumbnails.libretro.com/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System/Named_Boxarts/Legend%20of%20Starfall%2C%20The%20(USA).png",
            candidates: [
              "https://thumbnails.libretro.com/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System/Named_Boxarts/Legend%20of%20Starfall%2C%20The%20(USA)%20(Rev%201).png",
              "https://thumbnails.libretro.com/Nintendo%20-%20Super%20Nintendo%20Entertainment%20System/Named_Boxarts/Legend%20of%20Starfall%2C%20The.png",
            ],
          },
        },
      },
      { index: 1, status: "notFound" },
      { index: 2, status: "notFound" },
    ],
  }),
} as const;

/** matchRomFiles, with absolute example URLs under `base` (PUBLIC_BASE_URL). */
export function matchOperation(base: string): OperationSpec {
  return {
    operationId: "matchRomFiles",
    method: "post",
    path: "/api/v1/games/",
    tag: "Matching",
    summary: "Match ROM files by hash, serial or file name",
    description: [
      `Matches up to ${MAX_MATCH_ITEMS} files of one platform (\`systemId\`, a slug or alias). Each item is matched on its own, in this order: sha1, md5, crc with size, crc, serial, file or DAT name, clean title, fuzzy title. A hash shared by several games gives \`ambiguous\` with \`candidateCount\` and at most ${MAX_MATCH_CANDIDATES} \`candidates\`, never a silent pick; a file name that more than ${MAX_MATCH_CANDIDATES} games share gives \`reason: "generic-name"\` instead of a list.`,
      "An item that does not fit MatchItem does not fail the batch: its result is `invalid` with the reasons. Only an invalid envelope (no `systemId`, no `items`, too many items, unknown `artworkTypes`, unknown platform) is a 422.",
      "`artworkTypes` adds to each `matched` result the libretro-thumbnails links of those types, as the game record's `artwork` gives them but starting from the matched release's name: `url` to show, then `candidates` to try in order when it fails. `verified: true` means every link was checked against the operator's thumbnail listing (a type with no file is left out); `false` means no listing was imported and the links are the names libretro-thumbnails would use. A platform without a thumbnails folder gets no `artwork`.",
      `The rate limit counts items per client address and window; every answer says what is left in \`RateLimit\` and \`RateLimit-Policy\`. Past it the answer is 429 with \`Retry-After\`. The body may be at most ${MATCH_BODY_LIMIT} bytes. No authentication.`,
    ].join("\n\n"),
    auth: { kind: "none" },
    body: {
      mediaType: JSON_TYPE,
      schema: "MatchRequest",
      description: `The platform and up to ${MAX_MATCH_ITEMS} items (each a MatchItem: any of name, size, crc, md5, sha1, serial).`,
      examples: { batch: { summary: "A file name, a checksum and a file name the catalog does not know", value: examples.matchRequest() } },
    },
    responses: {
      "200": {
        description: "One result per item, in request order.",
        headers: { ...always, "Cache-Control": true, ...matchQuota },
        body: jsonBody("MatchResponse", {
          batch: { summary: "The answer to the request example: a match by name and two unknown files", value: examples.matchResponse() },
        }),
      },
      "400": {
        description: "Bad request: the body is not JSON or not UTF-8.",
        headers: { ...always, "Cache-Control": true, ...matchQuota },
        body: problemBody({
          malformed: {
            summary: "Not JSON",
            value: problemExample(base, "malformed-json", "the body is not valid JSON: Unexpected end of JSON input"),
          },
        }),
      },
      "413": payloadTooLarge(MATCH_BODY_LIMIT, { kind: "problem", base }, matchQuota),
      "415": unsupportedMediaType(JSON_TYPE, "text/plain", { kind: "problem", base }, matchQuota),
      "422": {
        description: "Invalid request envelope: `errors` lists each problem with a JSON Pointer into the body.",
        headers: { ...always, "Cache-Control": true, ...matchQuota },
        body: problemBody({
          tooMany: {
            summary: "Too many items",
            value: problemExample(base, "invalid-request", `/items: must hold at most ${MAX_MATCH_ITEMS} items`, {
              errors: [{ pointer: "/items", detail: `must hold at most ${MAX_MATCH_ITEMS} items` }],
            }),
          },
          unknownPlatform: {
            summary: "Unknown systemId",
            value: problemExample(base, "invalid-request", '/systemId: unknown platform "amiga-cd64"; GET /api/v1/games/ lists them', {
              errors: [{ pointer: "/systemId", detail: 'unknown platform "amiga-cd64"; GET /api/v1/games/ lists them' }],
            }),
          },
        }),
      },
      "429": tooManyRequests(
        "Too Many Requests: the items would pass this address's quota. Nothing was counted; wait `Retry-After` seconds.",
        problemBody({
          limited: {
            summary: "Quota used up",
            value: problemExample(
              base,
              "rate-limited",
              "this request holds 100 items and 40 of 6000 are left in the current 60-second window",
            ),
          },
        }),
      ),
      "503": catalogUnavailable(base, matchQuota),
    },
    samples: [
      {
        label: "Match two files",
        json: {
          systemId: "snes",
          items: [{ name: "Legend of Starfall, The (USA).sfc" }, { crc: "8f0e4b7a", size: 1048576 }],
          artworkTypes: ["boxart"],
        },
      },
    ],
  };
}

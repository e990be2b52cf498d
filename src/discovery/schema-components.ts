import { stripValueRules } from "../core/strip-value-rules.ts";
import { z } from "zod";
import {
  agentSearchResponseSchema,
  attributionSchema,
  catalogItemSchema,
  catalogPageSchema,
  gameMergedSchema,
  gameRecordSchema,
  healthResponseSchema,
  platformEntrySchema,
  platformListSchema,
  releaseSchema,
  romSchema,
  searchResultItemSchema,
} from "../catalog/routes/response-schemas.ts";
import { problemSchema } from "../core/problem-schema.ts";
import { matchCandidateSchema, matchResponseSchema, matchResultSchema, matchSchema } from "../match/schema/match-response-schemas.ts";
import { matchItemSchema, matchRequestSchema } from "../match/schema/match-schemas.ts";
import {
  clientRegistrationRequestSchema,
  clientRegistrationResponseSchema,
  memberIdentitySchema,
  oauthErrorSchema,
  revocationRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from "../oauth/oauth-schemas.ts";
import { releaseFeedResponseSchema } from "../releases/release-feed-schema.ts";
import { changesIndexSchema, changesPageSchema, gameChangeSchema, updateReviewSchema } from "../catalog/routes/changes-schemas.ts";
import { dumpEntrySchema, dumpFileSchema, dumpHeaderSchema, dumpListingSchema } from "../catalog/dumps/dump-format.ts";
import { matchGroupSchema } from "../match/schema/match-response-schemas.ts";
import type { JsonObject } from "../http/openapi-types.ts";
import type { ComponentName, RequestComponent, ResponseComponent } from "../http/operation-spec.ts";

/**
 * The zod schemas behind `components.schemas` of the OpenAPI document, by component name. Request
 * schemas are converted as the server's input (before transforms and defaults), response schemas
 * as what it sends. They are the schemas the server validates with or (for responses and the OAuth
 * surface) the ones written to describe what it sends: one definition each.
 */
export const responseComponents = {
  Attribution: attributionSchema,
  Rom: romSchema,
  Release: releaseSchema,
  GameRecord: gameRecordSchema,
  GameMerged: gameMergedSchema,
  PlatformEntry: platformEntrySchema,
  PlatformList: platformListSchema,
  SearchResultItem: searchResultItemSchema,
  CatalogItem: catalogItemSchema,
  AgentSearchResponse: agentSearchResponseSchema,
  CatalogPage: catalogPageSchema,
  ReleaseFeed: releaseFeedResponseSchema,
  MatchCandidate: matchCandidateSchema,
  Match: matchSchema,
  MatchResult: matchResultSchema,
  MatchResponse: matchResponseSchema,
  MatchGroup: matchGroupSchema,
  GameChange: gameChangeSchema,
  ChangesPage: changesPageSchema,
  ChangesIndex: changesIndexSchema,
  UpdateReview: updateReviewSchema,
  DumpEntry: dumpEntrySchema,
  DumpListing: dumpListingSchema,
  DumpHeader: dumpHeaderSchema,
  DumpFile: dumpFileSchema,
  Health: healthResponseSchema,
  Problem: problemSchema,
  MemberIdentity: memberIdentitySchema,
  OAuthError: oauthErrorSchema,
  ClientRegistrationResponse: clientRegistrationResponseSchema,
  TokenResponse: tokenResponseSchema,
} as const satisfies Readonly<Record<ResponseComponent, z.ZodType>>;

export const requestComponents = {
  MatchRequest: matchRequestSchema,
  MatchItem: matchItemSchema,
  ClientRegistrationRequest: clientRegistrationRequestSchema,
  TokenRequest: tokenRequestSchema,
  RevocationRequest: revocationRequestSchema,
} as const satisfies Readonly<Record<RequestComponent, z.ZodType>>;

/** Descriptions for schemas whose definitions (validation schemas of other capabilities) carry none. */
const addedDescriptions: Readonly<Partial<Record<ComponentName, string>>> = {
  MatchItem:
    "One file the client has: any of name, size, crc, md5, sha1, serial, group and headerless. The schema gives each member's type (null counts as absent); other members are ignored. The rules on values (lengths, hexadecimal digits in any case, at least one of name, crc, md5, sha1, serial or headerless) are checked item by item, and an item that breaks one gets a MatchResult `invalid` with the reasons instead of failing the batch (see MatchResult).",
  MatchRequest: "The platform and the files to match.",
};

/** A `$ref` to a component schema. */
export function schemaRef(name: ComponentName): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** Keys zod writes that do not belong inside an OpenAPI components object. */
function tidy(schema: JsonObject): JsonObject {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * zod bounds every `.int()` by the safe-integer range; JSON numbers past it mean nothing to the
 * API anyway, so those bounds are left out rather than repeated on every integer.
 */
function dropSafeIntegerBounds(schema: JsonObject): void {
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
}

type Override = (ctx: { zodSchema: unknown; jsonSchema: JsonObject }) => void;

function convert(components: Readonly<Record<string, z.ZodType>>, io: "input" | "output", override?: Override): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    override: (ctx) => {
      const jsonSchema = ctx.jsonSchema as JsonObject;
      dropSafeIntegerBounds(jsonSchema);
      override?.({ zodSchema: ctx.zodSchema, jsonSchema });
    },
  }) as { schemas: Record<string, JsonObject> };
  const out: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(converted.schemas)) out[id] = tidy(schema);
  return out;
}

/**
 * Every component schema as OpenAPI 3.1 (JSON Schema 2020-12) objects. The match request's items
 * are validated one by one after the envelope (an invalid item is answered `invalid`, not
 * refused), so MatchItem keeps only the members' types: a validating client or proxy must not
 * refuse a batch the server answers with 200, and the value rules are in MatchResult's description.
 */
export function componentSchemas(): Record<string, JsonObject> {
  const requests = convert(requestComponents, "input", ({ zodSchema, jsonSchema }) => {
    if (zodSchema === matchRequestSchema.shape.items) jsonSchema.items = schemaRef("MatchItem");
  });
  stripValueRules(requests.MatchItem);
  // A dump's lines as a schema can say it: the decompressed NDJSON read as an array whose first item is the header.
  const responses = convert(responseComponents, "output", ({ zodSchema, jsonSchema }) => {
    if (zodSchema !== dumpFileSchema) return;
    jsonSchema.contentMediaType = "application/x-ndjson";
    jsonSchema.contentSchema = { type: "array", prefixItems: [schemaRef("DumpHeader")], items: schemaRef("GameRecord") };
  });
  for (const [name, description] of Object.entries(addedDescriptions)) {
    const schema = responses[name] ?? requests[name];
    if (schema && schema.description === undefined) schema.description = description;
  }
  return { ...responses, ...requests };
}

/**
 * The query parameters of a zod object schema as JSON Schemas, converted as the server sees them
 * after parsing (so `limit` is an integer with its bounds and default, not a digit string), and
 * whether each is required (not optional and without a default in the input).
 */
export function queryParameterSchemas(schema: z.ZodObject): { name: string; schema: JsonObject; required: boolean }[] {
  const output = z.toJSONSchema(schema, {
    io: "output",
    target: "draft-2020-12",
    override: (ctx) => dropSafeIntegerBounds(ctx.jsonSchema as JsonObject),
  }) as {
    properties?: Record<string, JsonObject>;
  };
  const input = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12" }) as { required?: string[] };
  return Object.entries(output.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: input.required?.includes(name) ?? false,
  }));
}

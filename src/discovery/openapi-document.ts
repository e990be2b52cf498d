import type { OAuthLimits } from "../config/config.ts";
import { agentPaths } from "../config/service-info.ts";
import { attribution } from "../catalog/record/attribution.ts";
import { oauthPaths } from "../oauth/metadata.ts";
import { scopeDescriptions } from "../oauth/scopes.ts";
import { contentSignalValue } from "./content-policy.ts";
import { discoveryPaths } from "./discovery-paths.ts";
import type { OperationSpec, ResponseSpec, SampleSpec } from "../http/operation-spec.ts";
import { apiOperations, tagDescriptions } from "./api-operations.ts";
import type {
  CodeSample,
  ExampleObject,
  HeaderObject,
  JsonObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
} from "../http/openapi-types.ts";
import { responseHeaders } from "../http/response-headers.ts";
import { componentSchemas, queryParameterSchemas, schemaRef } from "./schema-components.ts";

/** The interface version the description declares. @see docs/service-spec.md §9 */
export const API_VERSION = "1.0.0";

/** Security scheme names. */
export const securitySchemeNames = { oauth2: "oauth2", clientBasic: "oauthClientBasic" } as const;

/** A shell word: single-quoted, or double-quoted when it holds a `$VARIABLE` the reader fills in. */
function shellWord(value: string): string {
  if (/\$[A-Z_]+/.test(value)) return `"${value.replace(/["\\`]/g, "\\$&")}"`;
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/** A curl command for a sample request. */
export function curlCommand(base: string, op: Pick<OperationSpec, "method" | "path">, sample: SampleSpec): string {
  const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : "";
  // curl infers POST from --data; -X only when there is none.
  const method = op.method === "post" && sample.json === undefined && sample.form === undefined ? " -X POST" : "";
  const parts = [`curl -sS${method} ${shellWord(`${base}${op.path}${query}`)}`];
  for (const [name, value] of Object.entries(sample.headers ?? {})) parts.push(`-H ${shellWord(`${name}: ${value}`)}`);
  if (sample.json !== undefined) parts.push(`-H 'Content-Type: application/json'`, `--data ${shellWord(JSON.stringify(sample.json))}`);
  for (const [name, value] of Object.entries(sample.form ?? {})) parts.push(`--data-urlencode ${shellWord(`${name}=${value}`)}`);
  return parts.join(" \\\n  ");
}

function parameters(op: OperationSpec): ParameterObject[] | undefined {
  if (!op.query) return undefined;
  const { notes } = op.query;
  const derived = queryParameterSchemas(op.query.schema);
  // The notes and the zod schema must name the same parameters: a parameter added to the schema
  // without words (or words for a removed one) fails the build rather than drifting.
  const names = derived.map((p) => p.name);
  const undocumented = names.filter((n) => !notes[n]);
  const stale = Object.keys(notes).filter((n) => !names.includes(n));
  if (undocumented.length > 0 || stale.length > 0) {
    throw new Error(
      `${op.operationId}: query notes out of step with the schema (undocumented: ${undocumented.join(", ") || "none"}; unknown: ${stale.join(", ") || "none"})`,
    );
  }
  return derived.map(({ name, schema, required }) => {
    const note = notes[name];
    return {
      name,
      in: "query",
      required,
      description: note?.description ?? "",
      schema,
      ...(note?.example !== undefined ? { example: schema.type === "integer" ? Number(note.example) : note.example } : {}),
    };
  });
}

function security(op: OperationSpec): OperationObject["security"] {
  switch (op.auth.kind) {
    case "none":
      return [];
    case "bearer":
      return [{ [securitySchemeNames.oauth2]: [op.auth.scope] }];
    case "client":
      // Public clients send only client_id (no scheme); confidential ones use Basic or the form.
      return [{}, { [securitySchemeNames.clientBasic]: [] }];
  }
}

/** The further media types of an answer (a dump file beside the dump listing). */
function extraContent(spec: ResponseSpec): Record<string, { schema: JsonObject; examples: Readonly<Record<string, ExampleObject>> }> {
  const out: Record<string, { schema: JsonObject; examples: Readonly<Record<string, ExampleObject>> }> = {};
  for (const extra of spec.extraBodies ?? []) {
    out[extra.mediaType] = {
      schema: typeof extra.schema === "string" ? schemaRef(extra.schema) : { oneOf: extra.schema.map(schemaRef) },
      examples: extra.examples,
    };
  }
  return out;
}

function response(spec: ResponseSpec): ResponseObject {
  const headers: Record<string, HeaderObject> = {};
  for (const [name, required] of Object.entries(spec.headers ?? {}) as [keyof typeof responseHeaders, boolean][]) {
    headers[name] = { ...responseHeaders[name], required };
  }
  const body = spec.body;
  const schema =
    body === undefined ? undefined : typeof body.schema === "string" ? schemaRef(body.schema) : { oneOf: body.schema.map(schemaRef) };
  return {
    description: spec.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(body && schema ? { content: { [body.mediaType]: { schema, examples: body.examples }, ...extraContent(spec) } } : {}),
  };
}

function operationObject(base: string, op: OperationSpec): OperationObject {
  const params = parameters(op);
  const samples: CodeSample[] = op.samples.map((sample) => ({ lang: "Shell", label: sample.label, source: curlCommand(base, op, sample) }));
  const responses: Record<string, ResponseObject> = {};
  for (const [status, spec] of Object.entries(op.responses)) responses[status] = response(spec);
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    security: security(op),
    ...(params ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            description: op.body.description,
            required: true,
            content: { [op.body.mediaType]: { schema: schemaRef(op.body.schema), examples: op.body.examples } },
          },
        }
      : {}),
    responses,
    "x-codeSamples": samples,
  };
}

function infoDescription(base: string): string {
  return [
    "ludex is a small, read-only public HTTP interface: release and platform availability for the Ludex Player media client, a public video-game metadata catalog (title search, platforms, full game records, ROM matching by hash and name), and one OAuth-protected endpoint that tells a client which member authorized it.",
    "Everything but the identity endpoint is anonymous. Errors are `application/problem+json` (RFC 9457); the OAuth registration and token endpoints use the OAuth error form (RFC 6749 §5.2).",
    `Agents can also use the read-only MCP endpoint (\`POST ${base}${agentPaths.mcp}\`) and the A2A JSON-RPC endpoint (\`POST ${base}${agentPaths.a2a}\`). The guide for agent clients is [llms-full.txt](${base}${discoveryPaths.llmsFullTxt}); all APIs are listed in the [API catalog](${base}${discoveryPaths.apiCatalog}).`,
    `Catalog data comes from [libretro-database](${attribution.url}) under [${attribution.license}](${attribution.licenseUrl}); every record carries its attribution. Content policy: \`${contentSignalValue()}\`. Clients must never ask a person for a media-server or website password.`,
  ].join("\n\n");
}

/**
 * The OpenAPI 3.1 description of the API, with absolute URLs under `base` (PUBLIC_BASE_URL).
 * Parameters and bodies come from the zod schemas the server validates with, responses from the
 * zod schemas of what it sends, words and examples from each surface's operation declarations (api-operations.ts). Deterministic: the
 * same base gives the same bytes, so the build's ETag changes only with the content.
 * @see OpenAPI 3.1.0; docs/service-spec.md §4, §9
 */
export function openApiDocument(base: string, limits: OAuthLimits): OpenApiDocument {
  const paths: Record<string, Partial<Record<"get" | "post", OperationObject>>> = {};
  for (const op of apiOperations(base, limits)) {
    const item = (paths[op.path] ??= {});
    item[op.method] = operationObject(base, op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "ludex API",
      version: API_VERSION,
      summary: "Public game catalog, ROM matching, release feed and member identity",
      description: infoDescription(base),
      license: { name: attribution.license, identifier: "CC-BY-SA-4.0" },
      contact: { name: "ludex", url: `${base}${discoveryPaths.docs}` },
    },
    servers: [{ url: base, description: "This deployment" }],
    externalDocs: { description: "Guide: the OAuth flow, agent endpoints, limits and policies", url: `${base}${discoveryPaths.docs}` },
    tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        [securitySchemeNames.oauth2]: {
          type: "oauth2",
          description: `OAuth 2.0 authorization code flow with PKCE (RFC 7636): \`code_challenge_method=S256\` is required, plain is refused. Register at \`${base}${oauthPaths.register}\`; metadata at \`${base}/.well-known/oauth-authorization-server\` (RFC 8414).`,
          flows: {
            authorizationCode: {
              authorizationUrl: `${base}${oauthPaths.authorize}`,
              tokenUrl: `${base}${oauthPaths.token}`,
              refreshUrl: `${base}${oauthPaths.token}`,
              scopes: { ...scopeDescriptions },
            },
          },
        },
        [securitySchemeNames.clientBasic]: {
          type: "http",
          scheme: "basic",
          description:
            "Confidential clients registered with client_secret_basic: client_id and client_secret, each form-url-encoded (RFC 6749 §2.3.1). Public clients send only client_id in the form.",
        },
      },
    },
  };
}

import type { OAuthLimits } from "../config/config.ts";
import { agentPaths } from "../config/service-info.ts";
import { attribution } from "../catalog/record/attribution.ts";
import { identityResourceMetadataUrl } from "../oauth/metadata.ts";
import { clientRules, guideSections, serviceSummary, type GuideBlock } from "./agent-guide.ts";
import { discoveryPaths } from "./discovery-paths.ts";
import type { JsonObject, OpenApiDocument, OperationObject, ResponseObject } from "../http/openapi-types.ts";
import { componentDescription, componentProperties, describeSchema, documentOperations, refName } from "./schema-text.ts";

/**
 * llms.txt and llms-full.txt, rendered from the OpenAPI document (operations, parameters with
 * their limits, responses, examples) and the guide's prose — the same sources as openapi.json and
 * the docs page, so none of them can say something the others do not.
 * @see https://llmstxt.org/ (an H1, a blockquote summary, notes, then H2 sections of link lists)
 */

function serverUrl(doc: OpenApiDocument): string {
  return doc.servers[0]?.url ?? "";
}

/** The docs page anchor of an operation. */
export function operationAnchor(operationId: string): string {
  return `op-${operationId}`;
}

function blockMarkdown(block: GuideBlock): string {
  switch (block.kind) {
    case "p":
      return block.text;
    case "ul":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "ol":
      return block.items.map((item, i) => `${i + 1}. ${item}`).join("\n");
    case "code":
      return `\`\`\`sh\n${block.text}\n\`\`\``;
  }
}

function authText(operation: OperationObject): string {
  const [first, second] = operation.security;
  if (!first) return "none";
  const scopes = Object.values(first)[0];
  if (scopes && scopes.length > 0) return `\`Authorization: Bearer <access token>\` with scope ${scopes.map((s) => `\`${s}\``).join(", ")}`;
  if (second)
    return "OAuth client authentication: public clients send `client_id` in the form; confidential clients use HTTP Basic (`client_secret_basic`) or `client_id` and `client_secret` in the form (`client_secret_post`), as registered";
  return "none";
}

function bodySchemaName(schema: JsonObject): string {
  if (Array.isArray(schema.oneOf)) return schema.oneOf.map((s) => refName(s as JsonObject) ?? "object").join(" or ");
  return refName(schema) ?? describeSchema(schema);
}

function responseLine(status: string, response: ResponseObject): string {
  const content = Object.entries(response.content ?? {})
    .map(([type, media]) => `\`${type}\` (${bodySchemaName(media.schema)})`)
    .join(", ");
  const headers = Object.entries(response.headers ?? {})
    .filter(([name]) => name !== "X-Request-Id")
    .map(([name, h]) => (h.required ? `\`${name}\`` : `\`${name}\` (sometimes)`));
  return `- \`${status}\`${content ? ` ${content}` : ""}: ${response.description}${headers.length > 0 ? ` Headers: ${headers.join(", ")}.` : ""}`;
}

function operationMarkdown(doc: OpenApiDocument, method: string, path: string, operation: OperationObject): string {
  const lines: string[] = [
    `### ${operation.operationId}: \`${method.toUpperCase()} ${path}\``,
    "",
    `${operation.summary}.`,
    "",
    operation.description,
    "",
    `Authentication: ${authText(operation)}.`,
  ];
  if (operation.parameters && operation.parameters.length > 0) {
    lines.push("", "Query parameters:");
    for (const param of operation.parameters) {
      lines.push(
        `- \`${param.name}\` (${describeSchema(param.schema)}; ${param.required ? "required" : "optional"}): ${param.description}`,
      );
    }
  }
  if (operation.requestBody) {
    for (const [type, media] of Object.entries(operation.requestBody.content)) {
      const name = refName(media.schema) ?? "";
      lines.push("", `Request body (\`${type}\`, ${name}): ${operation.requestBody.description}`);
      for (const { variant, rows } of componentProperties(doc, name)) {
        if (variant) lines.push(`- When ${variant}:`);
        for (const row of rows)
          lines.push(
            `${variant ? "  " : ""}- \`${row.name}\` (${row.type}; ${row.required ? "required" : "optional"})${row.description ? `: ${row.description}` : ""}`,
          );
      }
    }
  }
  lines.push("", "Responses:");
  for (const [status, response] of Object.entries(operation.responses)) lines.push(responseLine(status, response));
  lines.push("", "Examples:");
  for (const sample of operation["x-codeSamples"]) lines.push("", `${sample.label}:`, "```sh", sample.source, "```");
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
  const example = success && Object.values(success[1].content ?? {})[0];
  const first = example && Object.values(example.examples)[0];
  if (success && first)
    lines.push("", `Answer (\`${success[0]}\`, ${first.summary}):`, "```json", JSON.stringify(first.value, null, 2), "```");
  return lines.join("\n");
}

function schemaMarkdown(doc: OpenApiDocument, name: string): string {
  const lines = [`### ${name}`, "", componentDescription(doc, name)];
  for (const { variant, rows } of componentProperties(doc, name)) {
    lines.push("");
    if (variant) lines.push(`When ${variant}:`);
    for (const row of rows)
      lines.push(
        `- \`${row.name}\` (${row.type}; ${row.required ? "required" : "optional"})${row.description ? `: ${row.description}` : ""}`,
      );
  }
  return lines.join("\n");
}

/** The response schemas worth spelling out in text (request ones are listed with their operation). */
const describedSchemas = [
  "GameRecord",
  "Release",
  "Rom",
  "PlatformList",
  "PlatformEntry",
  "AgentSearchResponse",
  "CatalogPage",
  "SearchResultItem",
  "CatalogItem",
  "MatchResponse",
  "MatchResult",
  "MatchItem",
  "ReleaseFeed",
  "Health",
  "MemberIdentity",
  "TokenResponse",
  "Problem",
  "OAuthError",
  "Attribution",
];

function discoveryList(base: string): string[] {
  return [
    `- [OpenAPI 3.1 description](${base}${discoveryPaths.openapi}): every operation with its parameters, limits, request bodies, responses, headers and examples`,
    `- [Agent reference](${base}${discoveryPaths.llmsFullTxt}): this reference in one file (llms-full.txt)`,
    `- [API documentation](${base}${discoveryPaths.docs}): the same for people, with the OAuth guide`,
    `- [API catalog](${base}${discoveryPaths.apiCatalog}): RFC 9727 linkset of the APIs, their descriptions and status`,
    `- [Authorization server metadata](${base}/.well-known/oauth-authorization-server): RFC 8414; endpoints, scopes, PKCE methods`,
    `- [Protected resource metadata](${identityResourceMetadataUrl(base)}): RFC 9728; how to get a token for the identity endpoint`,
  ];
}

function agentList(base: string): string[] {
  return [
    `- [MCP endpoint](${base}${agentPaths.mcp}): POST, MCP Streamable HTTP; \`initialize\`, then \`tools/list\` or \`resources/list\`; read-only game search and releases`,
    `- [MCP server card](${base}${agentPaths.mcpServerCard}): the MCP endpoint's current capabilities`,
    `- [A2A endpoint](${base}${agentPaths.a2a}): POST, A2A JSON-RPC; read-only game search and release questions`,
    `- [A2A Agent Card](${base}${agentPaths.agentCard}): the A2A service's description`,
    `- [AI catalog](${base}${agentPaths.aiCatalog}): the agent entry points in one list`,
  ];
}

/** /llms.txt: what the service is, its rules, and where everything is. @see https://llmstxt.org/ */
export function llmsTxt(doc: OpenApiDocument): string {
  const base = serverUrl(doc);
  const endpoints = documentOperations(doc).map(
    ({ method, path, operation }) =>
      `- [${operation.operationId}: ${method.toUpperCase()} ${path}](${base}${discoveryPaths.docs}#${operationAnchor(operation.operationId)}): ${operation.summary}`,
  );
  return [
    `# ${doc.info.title.replace(/ API$/, "")}`,
    "",
    `> ${serviceSummary()}`,
    "",
    `Base URL: ${base} (API version ${doc.info.version}). Rules for clients and agents:`,
    "",
    ...clientRules(base).map((rule) => `- ${rule}`),
    "",
    "## Docs",
    "",
    ...discoveryList(base),
    `- [OAuth guide](${base}${discoveryPaths.docs}#oauth): register, PKCE, the person approves in their browser, redeem the code, call the API`,
    "",
    "## Endpoints",
    "",
    ...endpoints,
    "",
    "## Agent endpoints",
    "",
    ...agentList(base),
    "",
    "## Optional",
    "",
    `- [libretro-database](${attribution.url}): where the catalog data comes from (${attribution.license})`,
    `- [${attribution.license}](${attribution.licenseUrl}): the data licence`,
    `- [robots.txt](${base}${discoveryPaths.robotsTxt}): the content policy as Content Signals`,
    "",
  ].join("\n");
}

/**
 * /llms-full.txt: the whole reference for agents in one file — every endpoint with parameters,
 * limits, curl examples and errors, the response schemas, the OAuth flow step by step, limits and
 * caching, the agent endpoints, attribution and the content policy.
 */
export function llmsFullTxt(doc: OpenApiDocument, limits: OAuthLimits): string {
  const base = serverUrl(doc);
  const sections: string[] = [
    `# ${doc.info.title.replace(/ API$/, "")}: agent reference`,
    "",
    `> ${serviceSummary()}`,
    "",
    `Base URL: ${base}. Interface version ${doc.info.version}; catalog and release paths start with \`/api/v1/\`. This file is generated from the same source as ${base}${discoveryPaths.openapi}.`,
    "",
    ...clientRules(base).map((rule) => `- ${rule}`),
    "",
    "## Endpoints",
    "",
    documentOperations(doc)
      .map(({ method, path, operation }) => operationMarkdown(doc, method, path, operation))
      .join("\n\n"),
    "",
    "## Errors",
    "",
    'Errors under `/api/` are `application/problem+json` (RFC 9457): `type` (a URI naming the kind of problem), `title`, `status`, `detail`, and on 422 an `errors` list naming every bad parameter (`name`) or body member (`pointer`, a JSON Pointer). The OAuth registration, token and revocation endpoints answer `application/json` `{"error", "error_description"}` instead (RFC 6749 §5.2), except the registration limit\'s 429, which is problem+json `rate-limited` (RFC 7591 defines no error code for it). A method a path does not serve is 405 with `Allow`.',
    "",
    "## Response schemas",
    "",
    describedSchemas
      .filter((name) => doc.components.schemas[name])
      .map((name) => schemaMarkdown(doc, name))
      .join("\n\n"),
  ];
  for (const section of guideSections(base, limits)) {
    sections.push("", `## ${section.title}`, "", section.blocks.map(blockMarkdown).join("\n\n"));
  }
  sections.push(
    "",
    "## Discovery documents",
    "",
    ...discoveryList(base),
    `- [robots.txt](${base}${discoveryPaths.robotsTxt}): crawling rules and Content Signals`,
    "",
  );
  return sections.join("\n");
}

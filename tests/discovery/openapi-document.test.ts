import { defaultOAuthLimits } from "../../src/config/config.ts";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { agentSearchQuery, catalogQuery } from "../../src/catalog/routes/catalog-schemas.ts";
import { openApiDocument } from "../../src/discovery/openapi-document.ts";
import type { JsonObject } from "../../src/http/openapi-types.ts";
import { documentOperations } from "../../src/discovery/schema-text.ts";
import { matchRequestSchema } from "../../src/match/schema/match-schemas.ts";
import { parseClientMetadata } from "../../src/oauth/client-registry.ts";
import { clientRegistrationRequestSchema } from "../../src/oauth/oauth-schemas.ts";
import { createSchemaValidator, pointerEscape } from "./openapi-validator.ts";

const base = "https://ludex.test";
const doc = openApiDocument(base, defaultOAuthLimits);

function operation(method: "get" | "post", path: string): NonNullable<(typeof doc.paths)[string]["get"]> {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`no ${method} ${path}`);
  return op;
}

function param(method: "get" | "post", path: string, name: string): JsonObject {
  const p = operation(method, path).parameters?.find((x) => x.name === name);
  if (!p) throw new Error(`no parameter ${name}`);
  return p.schema;
}

describe("the OpenAPI document", () => {
  it("declares OpenAPI 3.1.0, version 1.0.0 and this deployment's server", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers.map((s) => s.url)).toEqual([base]);
  });

  it("has every operation of the spec under its operationId, with the spec's statuses", () => {
    const spec: [string, "get" | "post", string, string[]][] = [
      ["searchGames", "get", "/api/v1/agent/games/", ["200", "422", "503"]],
      ["getOrSearchGameCatalog", "get", "/api/v1/games/", ["200", "404"]],
      ["matchRomFiles", "post", "/api/v1/games/", ["200", "429"]],
      ["getReleaseFeed", "get", "/api/v1/community/", ["200"]],
      ["getAuthorizedMember", "get", "/api/v1/agent/me/", ["200", "401", "403"]],
      ["getApiHealth", "get", "/api/health/", ["200", "503"]],
    ];
    for (const [operationId, method, path, statuses] of spec) {
      const op = operation(method, path);
      expect(op.operationId).toBe(operationId);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(statuses));
    }
    const ids = documentOperations(doc).map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("states the spec's limits (§8) on the parameters and the match body", () => {
    expect(param("get", "/api/v1/agent/games/", "limit")).toMatchObject({ type: "integer", minimum: 1, maximum: 30, default: 10 });
    expect(param("get", "/api/v1/agent/games/", "q")).toMatchObject({ type: "string", maxLength: 120 });
    expect(param("get", "/api/v1/agent/games/", "system")).toMatchObject({ type: "string", maxLength: 64 });
    expect(param("get", "/api/v1/agent/games/", "platforms")).toMatchObject({ const: "1" });
    expect(param("get", "/api/v1/games/", "limit")).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 30 });
    expect(param("get", "/api/v1/games/", "id")).toMatchObject({ type: "integer", minimum: 1 });
    expect(doc.components.schemas.MatchRequest).toMatchObject({
      required: ["systemId", "items"],
      properties: { items: { maxItems: 100, items: { $ref: "#/components/schemas/MatchItem" } } },
    });
  });

  it("describes each parameter exactly as the server's zod schema checks it", () => {
    // Boundary values taken from the published schema must be accepted or refused by the zod
    // schema the route parses with: the document and the server cannot disagree on a limit.
    const cases: [string, z.ZodObject, Record<string, string>][] = [
      ["/api/v1/agent/games/", agentSearchQuery, { q: "mario" }],
      ["/api/v1/games/", catalogQuery, {}],
    ];
    for (const [path, schema, required] of cases) {
      for (const p of operation("get", path).parameters ?? []) {
        const s = p.schema;
        const accepts = (value: string): boolean => schema.safeParse({ ...required, [p.name]: value }).success;
        if (s.type === "integer") {
          if (typeof s.minimum === "number")
            expect([accepts(String(s.minimum)), accepts(String(s.minimum - 1))], `${path} ${p.name}`).toEqual([true, false]);
          if (typeof s.maximum === "number")
            expect([accepts(String(s.maximum)), accepts(String(s.maximum + 1))], `${path} ${p.name}`).toEqual([true, false]);
        }
        if (typeof s.maxLength === "number")
          expect([accepts("x".repeat(s.maxLength)), accepts("x".repeat(s.maxLength + 1))], `${path} ${p.name}`).toEqual([true, false]);
      }
    }
    const items = (doc.components.schemas.MatchRequest?.properties as Record<string, JsonObject> | undefined)?.items;
    const many = (n: number): unknown => ({ systemId: "snes", items: Array.from({ length: n }, () => ({ name: "x" })) });
    expect([
      matchRequestSchema.safeParse(many(Number(items?.maxItems))).success,
      matchRequestSchema.safeParse(many(Number(items?.maxItems) + 1)).success,
    ]).toEqual([true, false]);
  });

  it("has the OAuth 2.0 authorization code scheme with PKCE and the three scopes", () => {
    const scheme = doc.components.securitySchemes.oauth2 as {
      type: string;
      description: string;
      flows: { authorizationCode: Record<string, unknown> };
    };
    expect(scheme.type).toBe("oauth2");
    expect(scheme.description).toMatch(/PKCE/);
    expect(scheme.description).toMatch(/S256/);
    expect(scheme.flows.authorizationCode).toEqual({
      authorizationUrl: `${base}/oauth/authorize/`,
      tokenUrl: `${base}/oauth/token/`,
      refreshUrl: `${base}/oauth/token/`,
      scopes: { "games.read": expect.any(String), "community.read": expect.any(String), "profile.read": expect.any(String) },
    });
    expect(operation("get", "/api/v1/agent/me/").security).toEqual([{ oauth2: ["profile.read"] }]);
    for (const { path, operation: op } of documentOperations(doc))
      if (path.startsWith("/api/") && path !== "/api/v1/agent/me/") expect(op.security, path).toEqual([]);
  });

  it("has an example for every request and response body, each valid against its schema", () => {
    const check = createSchemaValidator(doc);
    let count = 0;
    for (const { method, path, operation: op } of documentOperations(doc)) {
      const at = `/paths/${pointerEscape(path)}/${method}`;
      const media: [string, { examples: Record<string, { value: unknown }> }][] = [];
      for (const [type, m] of Object.entries(op.requestBody?.content ?? {}))
        media.push([`${at}/requestBody/content/${pointerEscape(type)}`, m]);
      for (const [status, r] of Object.entries(op.responses))
        for (const [type, m] of Object.entries(r.content ?? {}))
          media.push([`${at}/responses/${status}/content/${pointerEscape(type)}`, m]);
      for (const [pointer, m] of media) {
        expect(Object.keys(m.examples).length, pointer).toBeGreaterThan(0);
        for (const [name, example] of Object.entries(m.examples)) {
          expect(check(`${pointer}/schema`, example.value), `${pointer} ${name}`).toBeUndefined();
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(30);
  });

  it("describes client registration as the server's parser judges it", () => {
    const ok = {
      client_name: "App",
      redirect_uris: ["https://app.example/cb", "http://127.0.0.1:8080/cb"],
      scope: "games.read profile.read",
      token_endpoint_auth_method: "none",
    };
    const bad = [
      { ...ok, client_name: "" },
      { ...ok, scope: "admin" },
      { ...ok, scope: "games.read  profile.read" },
      { ...ok, redirect_uris: [] },
      { ...ok, token_endpoint_auth_method: "private_key_jwt" },
      { ...ok, response_types: ["token"] },
    ];
    expect(clientRegistrationRequestSchema.safeParse(ok).success).toBe(true);
    expect(() => parseClientMetadata(ok)).not.toThrow();
    for (const body of bad) {
      expect(clientRegistrationRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
      expect(() => parseClientMetadata(body), JSON.stringify(body)).toThrow();
    }
  });

  it("references every component schema it defines", () => {
    const { schemas, ...rest } = doc.components;
    const text = JSON.stringify({ ...doc, components: { ...rest, schemas: {} } }) + JSON.stringify(schemas);
    const referenced = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    expect(Object.keys(schemas).filter((name) => !referenced.has(name))).toEqual([]);
    expect(doc.components.schemas.DumpFile?.contentSchema).toEqual({
      type: "array",
      prefixItems: [{ $ref: "#/components/schemas/DumpHeader" }],
      items: { $ref: "#/components/schemas/GameRecord" },
    });
  });

  it("describes Health's dependencies as the server reports them: the database always", () => {
    const dependencies = (doc.components.schemas.Health?.properties as Record<string, JsonObject> | undefined)?.dependencies;
    expect(String(dependencies?.description)).toMatch(/always `database`/);
    expect(String(dependencies?.description)).not.toMatch(/none in the single-process/);
  });

  it("is deterministic and names only its own base", () => {
    expect(JSON.stringify(openApiDocument(base, defaultOAuthLimits))).toBe(JSON.stringify(doc));
    const other = JSON.stringify(openApiDocument("https://games.example/ludex", defaultOAuthLimits));
    expect(other).not.toContain(base);
    expect(other).toContain('"url":"https://games.example/ludex"');
    expect(other).toContain("https://games.example/ludex/oauth/authorize/");
  });
});

import SwaggerParser from "@apidevtools/swagger-parser";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { OpenApiDocument } from "../../src/http/openapi-types.ts";
import { http } from "../helpers/http.ts";
import { startDiscoveryServer } from "./discovery-server.ts";

/**
 * A third-party check of the published document: swagger-parser validates it against the OpenAPI
 * 3.1 schema and dereferences it, so every `$ref` must resolve. Copies broken on purpose must be
 * refused, so that a validator that accepts anything cannot pass the test.
 */

let doc: OpenApiDocument;

beforeAll(async () => {
  const live = await startDiscoveryServer({ LUDEX_BUILD_DIR: inject("sampleCatalog").buildDir });
  const published = await http(live.url("/openapi.json"));
  expect(published.status).toBe(200);
  doc = JSON.parse(published.body.toString("utf8")) as OpenApiDocument;
});

/** A fresh copy: swagger-parser dereferences the object it is given in place. */
function copy(): Record<string, unknown> {
  return structuredClone(doc) as unknown as Record<string, unknown>;
}

/** Every `$ref` left in a value, as the path to it. */
function refsIn(value: unknown, at = "#"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsIn(item, `${at}/${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" ? [at] : refsIn(inner, `${at}/${key}`)));
}

describe("openapi.json under swagger-parser", () => {
  it("validates as OpenAPI 3.1 and dereferences to a document without a $ref", async () => {
    expect(refsIn(doc).length, "the document uses $ref, so dereferencing is tested").toBeGreaterThan(0);
    const parser = new SwaggerParser();
    const api = (await parser.validate(copy() as never)) as unknown as OpenApiDocument;
    expect(api.openapi).toBe("3.1.0");
    expect(refsIn(api)).toEqual([]);
    expect(parser.$refs.circular).toBe(false);
    expect(Object.keys(api.paths)).toEqual(Object.keys(doc.paths));
    const dereferenced = (await SwaggerParser.dereference(copy() as never)) as unknown as OpenApiDocument;
    expect(refsIn(dereferenced)).toEqual([]);
  });

  it("refuses a copy with a $ref that resolves to nothing", async () => {
    const broken = copy();
    const schemas = (broken.components as { schemas: Record<string, unknown> }).schemas;
    delete schemas.MatchItem;
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/MatchItem/);
  });

  it("refuses a copy that breaks the OpenAPI schema", async () => {
    const broken = copy();
    const paths = broken.paths as Record<string, Record<string, { responses?: unknown }>>;
    const health = paths["/api/health/"]?.get;
    expect(health).toBeDefined();
    if (health) health.responses = { "200": { content: {} } };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/description/);
  });
});

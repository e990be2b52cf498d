import type { JsonObject, OpenApiDocument } from "../http/openapi-types.ts";

/**
 * JSON Schemas in words ("integer, 1 to 30, default 10"), for llms-full.txt and the docs page: the
 * limits they state are read from the OpenAPI document, so they are the limits the server checks.
 */

function asObject(value: unknown): JsonObject | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** The component name of a `$ref`, e.g. "GameRecord". */
export function refName(schema: JsonObject): string | undefined {
  return typeof schema.$ref === "string" ? schema.$ref.split("/").pop() : undefined;
}

function range(min: unknown, max: unknown, unit: string): string | undefined {
  const hasMin = typeof min === "number";
  const hasMax = typeof max === "number";
  if (hasMin && hasMax) return min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`;
  if (hasMin) return `at least ${min}${unit}`;
  if (hasMax) return `at most ${max}${unit}`;
  return undefined;
}

/** A schema as a short phrase: type, bounds, allowed values and default. */
export function describeSchema(schema: JsonObject): string {
  const ref = refName(schema);
  if (ref) return ref;
  for (const key of ["oneOf", "anyOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const described = options.map((o) => describeSchema(asObject(o) ?? {}));
      return described.join(" or ");
    }
  }
  const parts: string[] = [];
  const type = typeof schema.type === "string" ? schema.type : "any";
  if (schema.const !== undefined) {
    parts.push(`${type}, only ${JSON.stringify(schema.const)}`);
  } else if (Array.isArray(schema.enum)) {
    parts.push(`${type}, one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  } else if (type === "array") {
    const items = asObject(schema.items);
    parts.push(items && Object.keys(items).length > 0 ? `array of ${describeSchema(items)}` : "array");
    const count = range(schema.minItems, schema.maxItems, " items");
    if (count) parts.push(count);
  } else {
    parts.push(typeof schema.format === "string" ? `${type} (${schema.format})` : type);
    if (type === "string") {
      const length = range(schema.minLength, schema.maxLength, " characters");
      if (length) parts.push(length);
      if (typeof schema.pattern === "string" && typeof schema.format !== "string") parts.push(`matching \`${schema.pattern}\``);
    }
    if (type === "integer" || type === "number") {
      const bounds = range(
        schema.minimum ?? (typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : undefined),
        schema.maximum,
        "",
      );
      if (bounds) parts.push(bounds);
    }
  }
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

/** One property of an object schema, for a table. */
export interface PropertyRow {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

/** The properties of a component schema (each variant's for a oneOf), in declaration order. */
export function componentProperties(
  doc: OpenApiDocument,
  name: string,
): { readonly variant: string | undefined; readonly rows: readonly PropertyRow[] }[] {
  const schema = doc.components.schemas[name];
  if (!schema) return [];
  const objects = Array.isArray(schema.oneOf) ? schema.oneOf.map((o) => asObject(o) ?? {}) : [schema];
  return objects.map((object) => {
    const properties = asObject(object.properties) ?? {};
    const required = Array.isArray(object.required) ? object.required : [];
    const discriminator = Object.entries(properties).find(([, p]) => asObject(p)?.const !== undefined);
    return {
      variant:
        objects.length > 1 && discriminator ? `${discriminator[0]} = ${JSON.stringify(asObject(discriminator[1])?.const)}` : undefined,
      rows: Object.entries(properties).map(([prop, value]) => {
        const p = asObject(value) ?? {};
        return {
          name: prop,
          type: describeSchema(p),
          required: required.includes(prop),
          description: typeof p.description === "string" ? p.description : "",
        };
      }),
    };
  });
}

/** The description of a component schema. */
export function componentDescription(doc: OpenApiDocument, name: string): string {
  const description = doc.components.schemas[name]?.description;
  return typeof description === "string" ? description : "";
}

/** The operations of a document in document order, with their method and path. */
export function documentOperations(
  doc: OpenApiDocument,
): { readonly method: "get" | "post"; readonly path: string; readonly operation: NonNullable<OpenApiDocument["paths"][string]["get"]> }[] {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ["get", "post"] as const) {
      const operation = item[method];
      if (operation) out.push({ method, path, operation });
    }
  }
  return out;
}

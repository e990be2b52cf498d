import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";

type JsonObject = Record<string, unknown>;

/** Keywords that describe a schema rather than constrain it: they stay on the node when its types are split. */
const annotationKeywords = new Set(["title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment"]);

/** Keywords that constrain any instance type, so they still apply to the `null` branch of a split type. */
const anyTypeKeywords = new Set(["enum", "const", "not", "allOf", "anyOf", "oneOf", "if", "then", "else", "$ref"]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keywords whose value maps names to subschemas, so its keys are names rather than keywords. */
const schemaMapKeywords = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

/** Keywords whose values are data rather than subschemas: they are kept as written. */
const dataKeywords = new Set(["enum", "const", "default", "examples", "required"]);

/** One node rewritten, its subschemas first: no empty `additionalProperties`, no `type` array. */
function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (schemaMapKeywords.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, rewrite(schema)]));
      continue;
    }
    // `additionalProperties: {}` allows any member, which is already the default (JSON Schema 2020-12 §10.3.2.3).
    if (key === "additionalProperties" && isObject(value) && Object.keys(value).length === 0) continue;
    out[key] = dataKeywords.has(key) ? value : rewrite(value);
  }
  return Array.isArray(out.type) ? splitTypes(out, out.type as unknown[]) : out;
}

/**
 * `type: ["string", "null"]` as `anyOf` of single-type branches, each with the constraints, so a
 * client that reads one type per schema keeps them; the annotations stay on the node. Equivalent
 * under JSON Schema 2020-12 §6.1.1, since type-specific keywords ignore other instance types.
 */
function splitTypes(node: JsonObject, types: readonly unknown[]): JsonObject {
  const annotations: JsonObject = {};
  const constraints: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "type") continue;
    if (annotationKeywords.has(key)) annotations[key] = value;
    else constraints[key] = value;
  }
  if (types.length === 1) return { ...annotations, type: types[0], ...constraints };
  const branches = types.map((type): JsonObject => {
    if (type !== "null") return { type, ...constraints };
    return { type, ...Object.fromEntries(Object.entries(constraints).filter(([key]) => anyTypeKeywords.has(key))) };
  });
  return { ...annotations, anyOf: branches };
}

/** A JSON Schema rewritten for clients that read one `type` per schema and an object per `additionalProperties`. */
export function portableJsonSchema(schema: JsonObject): JsonObject {
  return rewrite(schema) as JsonObject;
}

/**
 * The same schema (validation, types) advertising {@link portableJsonSchema} of its JSON Schema:
 * the SDK converts tool schemas through `~standard.jsonSchema` for `tools/list`, so this is the
 * one place to shape what clients read without touching what the server validates.
 */
export function portableSchema<Input, Output>(schema: StandardSchemaWithJSON<Input, Output>): StandardSchemaWithJSON<Input, Output> {
  const standard = schema["~standard"];
  return {
    "~standard": {
      version: standard.version,
      vendor: standard.vendor,
      validate: (value, options) => standard.validate(value, options),
      jsonSchema: {
        input: (options) => portableJsonSchema(standard.jsonSchema.input(options)),
        output: (options) => portableJsonSchema(standard.jsonSchema.output(options)),
      },
      ...(standard.types ? { types: standard.types } : {}),
    },
  };
}

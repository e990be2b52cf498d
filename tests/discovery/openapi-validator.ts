import { gunzipSync } from "node:zlib";
import { createRequire } from "node:module";
import type { OpenApiDocument, ResponseObject } from "../../src/http/openapi-types.ts";

/**
 * Checks HTTP answers against the OpenAPI document with Ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1). Ajv is not a direct dependency: it comes with @modelcontextprotocol/sdk and
 * @redocly/cli, so it is loaded through require and typed here as far as it is used.
 */

interface ValidateFunction {
  (data: unknown): boolean;
  errors?: readonly { instancePath: string; message?: string }[] | null;
}

interface AjvInstance {
  addSchema(schema: object, key?: string): AjvInstance;
  addVocabulary(keywords: readonly string[]): AjvInstance;
  compile(schema: object): ValidateFunction;
}

const require = createRequire(import.meta.url);
const Ajv2020 = (require("ajv/dist/2020") as { default: new (options: object) => AjvInstance }).default;
const addFormats = require("ajv-formats") as (ajv: AjvInstance) => void;

const DOCUMENT_ID = "urn:ludex:openapi";

/** An HTTP answer as the contract test saw it (header names in lower case). */
export interface ObservedResponse {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export interface ResponseValidator {
  /** Every way `response` departs from the document; empty when it conforms. */
  check(response: ObservedResponse): string[];
  /** The documented response of an operation, if any. */
  documented(method: string, path: string, status: number): { operationId: string; response: ResponseObject } | undefined;
  /** Every documented (operationId, status) pair, as "operationId status". */
  readonly documentedPairs: readonly string[];
}

function pointerEscape(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

function withSlash(path: string): string {
  return path.endsWith("/") ? path : `${path}/`;
}

export function createResponseValidator(doc: OpenApiDocument): ResponseValidator {
  // strict: an OpenAPI keyword Ajv does not know would be a schema the document should not have.
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // The document's own members, so that it can be registered whole and referenced into.
  ajv.addVocabulary(["openapi", "info", "servers", "externalDocs", "tags", "paths", "components"]);
  ajv.addSchema(JSON.parse(JSON.stringify(doc)) as object, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string): ValidateFunction => {
    let fn = compiled.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      compiled.set(pointer, fn);
    }
    return fn;
  };

  const documented: ResponseValidator["documented"] = (method, path, status) => {
    const key = Object.keys(doc.paths).find((p) => withSlash(p) === withSlash(path));
    const operation = key ? doc.paths[key]?.[method.toLowerCase() as "get" | "post"] : undefined;
    const response = operation?.responses[String(status)];
    return operation && response ? { operationId: operation.operationId, response } : undefined;
  };

  const documentedPairs = Object.values(doc.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`)),
  );

  return {
    documentedPairs,
    documented,
    check(observed) {
      const errors: string[] = [];
      const where = `${observed.method} ${observed.path} → ${observed.status}`;
      const pathKey = Object.keys(doc.paths).find((p) => withSlash(p) === withSlash(observed.path));
      const found = documented(observed.method, observed.path, observed.status);
      if (!pathKey || !found) return [`${where}: not documented`];
      const { response } = found;
      const base = `/paths/${pointerEscape(pathKey)}/${observed.method.toLowerCase()}/responses/${observed.status}`;

      for (const [name, header] of Object.entries(response.headers ?? {})) {
        const value = observed.headers[name.toLowerCase()];
        if (value === undefined) {
          if (header.required) errors.push(`${where}: header ${name} missing`);
          continue;
        }
        const validate = validatorAt(`${base}/headers/${pointerEscape(name)}/schema`);
        if (!validate(value)) errors.push(`${where}: header ${name}: ${JSON.stringify(value)} ${JSON.stringify(validate.errors)}`);
      }

      const content = response.content ?? {};
      const mediaTypes = Object.keys(content);
      const headless = observed.method === "HEAD" || observed.status === 304;
      if (mediaTypes.length === 0 || headless) {
        if (observed.body.length > 0) errors.push(`${where}: a body where the document has none`);
        return errors;
      }
      const type = (observed.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!mediaTypes.includes(type)) {
        errors.push(`${where}: Content-Type ${JSON.stringify(observed.headers["content-type"])} not among ${mediaTypes.join(", ")}`);
        return errors;
      }
      if (type === "application/gzip") {
        // A dump: its DumpHeader line and every GameRecord line against their schemas (a 206 is only a part of it).
        if (observed.status !== 200) return errors;
        let lines: string[];
        try {
          lines = gunzipSync(observed.body)
            .toString("utf8")
            .split("\n")
            .filter((line) => line !== "");
        } catch {
          errors.push(`${where}: the body is not gzip`);
          return errors;
        }
        lines.forEach((line, i) => {
          const validate = validatorAt(`/components/schemas/${i === 0 ? "DumpHeader" : "GameRecord"}`);
          if (!validate(JSON.parse(line))) errors.push(`${where}: line ${i + 1} ${JSON.stringify(validate.errors)}`);
        });
        return errors;
      }
      let body: unknown;
      try {
        body = JSON.parse(observed.body.toString("utf8"));
      } catch {
        errors.push(`${where}: the body is not JSON`);
        return errors;
      }
      const validate = validatorAt(`${base}/content/${pointerEscape(type)}/schema`);
      if (!validate(body)) errors.push(`${where}: body ${JSON.stringify(validate.errors)}`);
      return errors;
    },
  };
}

/** Compiles the schema at `pointer` of the document (for example checks). */
export function createSchemaValidator(doc: OpenApiDocument): (pointer: string, value: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(["openapi", "info", "servers", "externalDocs", "tags", "paths", "components"]);
  ajv.addSchema(JSON.parse(JSON.stringify(doc)) as object, DOCUMENT_ID);
  return (pointer, value) => {
    const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    return validate(value) ? undefined : JSON.stringify(validate.errors);
  };
}

export { pointerEscape };

/** A JSON object (JSON Schema, OpenAPI objects) as built and read here. */
export type JsonObject = { [key: string]: unknown };

/** An example of an OpenAPI media type or parameter. @see OpenAPI 3.1 §4.8.19 */
export interface ExampleObject {
  readonly summary: string;
  readonly value: unknown;
}

export interface HeaderObject {
  readonly description: string;
  readonly required?: boolean;
  readonly schema: JsonObject;
}

export interface MediaTypeObject {
  readonly schema: JsonObject;
  readonly examples: Readonly<Record<string, ExampleObject>>;
}

export interface ResponseObject {
  readonly description: string;
  readonly headers?: Readonly<Record<string, HeaderObject>>;
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}

export interface ParameterObject {
  readonly name: string;
  readonly in: "query" | "header";
  readonly required: boolean;
  readonly description: string;
  readonly schema: JsonObject;
  readonly example?: unknown;
}

export interface RequestBodyObject {
  readonly description: string;
  readonly required: true;
  readonly content: Readonly<Record<string, MediaTypeObject>>;
}

/** A code sample, in the `x-codeSamples` form Redocly renders. */
export interface CodeSample {
  readonly lang: string;
  readonly label: string;
  readonly source: string;
}

export interface OperationObject {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: RequestBodyObject;
  readonly responses: Readonly<Record<string, ResponseObject>>;
  readonly "x-codeSamples": readonly CodeSample[];
}

export type HttpMethod = "get" | "post";

/** The OpenAPI 3.1 document this service publishes (the parts its readers use, typed). */
export interface OpenApiDocument {
  readonly openapi: "3.1.0";
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly summary: string;
    readonly description: string;
    readonly license: { readonly name: string; readonly identifier: string };
    readonly contact: { readonly name: string; readonly url: string };
  };
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly externalDocs: { readonly description: string; readonly url: string };
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  readonly paths: Readonly<Record<string, Readonly<Partial<Record<HttpMethod, OperationObject>>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonObject>>;
    readonly securitySchemes: Readonly<Record<string, JsonObject>>;
  };
}

import type { z } from "zod";
import type { Scope } from "../oauth/scopes.ts";
import type { ExampleObject, HttpMethod } from "./openapi-types.ts";
import type { ResponseHeaderName } from "./response-headers.ts";
import type { ComponentName, RequestComponent } from "./schema-components.ts";

/** The shape of one operation in the operations table (operations.ts, feed-operations.ts). */
export type TagName = "Catalog" | "Matching" | "Releases" | "Identity" | "OAuth" | "Service";

export interface ResponseSpec {
  readonly description: string;
  /** Header fields sent with this answer: true when always present. */
  readonly headers?: Readonly<Partial<Record<ResponseHeaderName, boolean>>>;
  readonly body?: {
    readonly mediaType: string;
    /** One component, or several of which the body is exactly one. */
    readonly schema: ComponentName | readonly ComponentName[];
    readonly examples: Readonly<Record<string, ExampleObject>>;
  };
  /** Further media types the same answer may come in (the dump listing or a dump file). */
  readonly extraBodies?: readonly NonNullable<ResponseSpec["body"]>[];
}

export interface QueryParameterNote {
  readonly description: string;
  readonly example?: string;
}

/** A request shown as a curl example. */
export interface SampleSpec {
  readonly label: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly form?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

export type OperationAuth = { readonly kind: "none" } | { readonly kind: "bearer"; readonly scope: Scope } | { readonly kind: "client" };

export interface OperationSpec {
  /** The spec's operationId (§4), or a name of the same style for the OAuth endpoints. */
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly tag: TagName;
  readonly summary: string;
  /** CommonMark: paragraphs, lists, inline code and links. */
  readonly description: string;
  readonly auth: OperationAuth;
  /** The zod schema the route parses its query with, and a note per parameter. */
  readonly query?: { readonly schema: z.ZodObject; readonly notes: Readonly<Record<string, QueryParameterNote>> };
  readonly body?: {
    readonly mediaType: string;
    readonly schema: RequestComponent;
    readonly description: string;
    readonly examples: Readonly<Record<string, ExampleObject>>;
  };
  readonly responses: Readonly<Record<string, ResponseSpec>>;
  readonly samples: readonly SampleSpec[];
}

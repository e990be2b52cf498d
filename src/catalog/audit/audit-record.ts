import type { ContentKind } from "../identity/content-kind.ts";

/** A game record as the audit names it. */
export interface AuditRecord {
  readonly id: number;
  readonly platform: string;
  readonly title: string;
  readonly kind: ContentKind;
}

/** A list cut to its first examples, with its full length. */
export interface Examples<T> {
  readonly total: number;
  readonly examples: readonly T[];
}

import type { z } from "zod";
import { catalogQuery } from "./catalog-schemas.ts";

/** The schema's defaults (`limit`, `offset`, `kind`), read from it once rather than written again here. */
const DEFAULTS: z.infer<typeof catalogQuery> = catalogQuery.parse({});

/** The whole query string of a record look-up: `id` alone, 1 to 16 decimal digits, as the schema's `intParam` reads it. */
const ID_ONLY = /^\?id=(\d{1,16})$/;

/**
 * `?id=<digits>` and nothing else, the record look-up media clients send, read without
 * {@link catalogQuery}'s schema, which costs several times more per look-up (docs/performance.md).
 * It gives exactly what the schema gives for such a query, defaults
 * included (tested in tests/catalog/routes/id-query.test.ts); anything else, an out-of-range id
 * included, is undefined, and the schema decides and explains.
 */
export function idOnlyQuery(search: string): z.infer<typeof catalogQuery> | undefined {
  const digits = ID_ONLY.exec(search)?.[1];
  if (digits === undefined) return undefined;
  const id = Number(digits);
  if (id < 1 || id > Number.MAX_SAFE_INTEGER) return undefined;
  return { id, limit: DEFAULTS.limit, offset: DEFAULTS.offset, kind: DEFAULTS.kind };
}

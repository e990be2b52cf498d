/** The value keywords of a JSON Schema, as opposed to its types and structure. */
const valueRules = ["pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;

/**
 * Deletes {@link valueRules} from `schema` and every schema inside it, in place: for a request part
 * the server checks itself and answers item by item, where a validating client or proxy must not
 * refuse what the server would answer.
 */
export function stripValueRules(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) stripValueRules(item);
    return;
  }
  if (schema === null || typeof schema !== "object") return;
  const object = schema as Record<string, unknown>;
  for (const key of valueRules) delete object[key];
  for (const value of Object.values(object)) stripValueRules(value);
}

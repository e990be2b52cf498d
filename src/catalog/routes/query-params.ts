import type { z } from "zod";
import { type InvalidParam, problems } from "../../core/problem.ts";

/**
 * Validates a query string against a zod object schema of string inputs. A parameter given
 * twice is an error rather than a silent pick; parameters the schema does not name are ignored
 * (cache busters and tracking parameters are common and harmless).
 */
export function parseQuery<T extends z.ZodType>(params: URLSearchParams, schema: T, known: readonly string[]): z.infer<T> {
  const input: Record<string, string> = {};
  const errors: InvalidParam[] = [];
  for (const name of known) {
    const values = params.getAll(name);
    if (values.length > 1) errors.push({ name, detail: "given more than once" });
    if (values[0] !== undefined) input[name] = values[0];
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "");
      if (!errors.some((e) => e.name === name)) errors.push({ name, detail: issue.message });
    }
  }
  if (errors.length > 0 || !parsed.success) throw problems.invalidRequest(errors);
  return parsed.data;
}

import { z } from "zod";

/** A decimal integer parameter in [min, max]; stricter than Number() (no "1e3", " 7", "0x10"). */
export function intParam(min: number, max: number): z.ZodType<number, string> {
  return z
    .string()
    .regex(/^\d{1,16}$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)) as unknown as z.ZodType<number, string>;
}

const text = (max: number): z.ZodString => z.string().max(max, `must be at most ${max} characters`);

/**
 * GET /api/v1/agent/games/ (searchGames).
 * @see docs/service-spec.md §4.1, §8
 */
export const agentSearchQuery = z
  .object({
    q: text(120).optional(),
    system: text(64).min(1, "must not be empty").optional(),
    limit: intParam(1, 30).default(10),
    platforms: z.literal("1", { error: 'the only allowed value is "1"' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.platforms === undefined && (value.q === undefined || value.q.trim() === "")) {
      ctx.addIssue({ code: "custom", path: ["q"], message: "required (a game title or part of one) unless platforms=1" });
    }
  });
export const agentSearchParams = ["q", "system", "limit", "platforms"] as const;

/** Largest offset a listing accepts; deeper pages are better served by narrowing the query. */
export const MAX_OFFSET = 100_000;

/**
 * GET /api/v1/games/ (getOrSearchGameCatalog). Precedence: `id` wins over everything; then
 * `system` (with optional `q`) lists or searches that platform; then `q` searches all platforms;
 * with none of them, the platform list.
 * @see docs/service-spec.md §4.2, §8
 */
export const catalogQuery = z.object({
  id: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
  system: text(64).min(1, "must not be empty").optional(),
  q: text(120).optional(),
  limit: intParam(1, 100).default(30),
  offset: intParam(0, MAX_OFFSET).default(0),
});
export const catalogParams = ["id", "system", "q", "limit", "offset"] as const;

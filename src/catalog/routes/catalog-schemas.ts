import { z } from "zod";
import { contentKinds } from "../identity/content-kind.ts";

/** A decimal integer parameter in [min, max]; stricter than Number() (no "1e3", " 7", "0x10"). */
export function intParam(min: number, max: number): z.ZodType<number, string> {
  return z
    .string()
    .regex(/^\d{1,16}$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)) as unknown as z.ZodType<number, string>;
}

const text = (max: number): z.ZodString => z.string().max(max, `must be at most ${max} characters`);

/** Which records a search or listing returns: one kind, or `any`; without it, games first (src/catalog/search/search-games.ts). */
export const kindParam = z
  .enum([...contentKinds, "any"], { error: `must be one of ${[...contentKinds, "any"].join(", ")}` })
  .optional()
  .meta({
    description:
      "Records of this kind only; any for every kind. Without it, games, and a record of another kind when the query is its title or the platform has no games",
  });

/**
 * GET /api/v1/agent/games/ (searchGames).
 * @see docs/service-spec.md §4.1, §8
 */
export const agentSearchQuery = z
  .object({
    q: text(120).optional(),
    system: text(64).min(1, "must not be empty").optional(),
    limit: intParam(1, 30).default(10),
    kind: kindParam,
    platforms: z.literal("1", { error: 'the only allowed value is "1"' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.platforms === undefined && (value.q === undefined || value.q.trim() === "")) {
      ctx.addIssue({ code: "custom", path: ["q"], message: "required (a game title or part of one) unless platforms=1" });
    }
  });
export const agentSearchParams = ["q", "system", "limit", "kind", "platforms"] as const;

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
  kind: kindParam,
  ra: z
    .literal("1", { error: 'the only allowed value is "1"' })
    .optional()
    .meta({ description: "1: only records with a release whose dump RetroAchievements supports" }),
});
export const catalogParams = ["id", "system", "q", "limit", "offset", "kind", "ra"] as const;

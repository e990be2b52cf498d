import { z } from "zod";
import { httpProblemTypes } from "./problem-types.ts";

/**
 * The problem+json body problemResult() (problem-response.ts) writes, as a zod schema (for the OpenAPI document and
 * the contract test). Extension members are allowed.
 * @see RFC 9457 §3, src/http/problem-response.ts
 */
export const problemSchema = z
  .looseObject({
    type: z.url().meta({
      description: `Identifies the problem type: PUBLIC_BASE_URL/problems/#<kind>, one of ${Object.entries(httpProblemTypes)
        .map(([type, doc]) => `${type} (${doc.status})`)
        .join(", ")}`,
    }),
    title: z.string().min(1),
    status: z.number().int().min(400).max(599),
    detail: z.string().optional(),
    errors: z
      .array(
        z.looseObject({
          name: z.string().optional().meta({ description: "The query parameter" }),
          pointer: z.string().optional().meta({ description: "JSON Pointer (RFC 6901) into the request body" }),
          detail: z.string(),
        }),
      )
      .optional()
      .meta({ description: "Every invalid input, on 422" }),
  })
  .meta({ description: "An RFC 9457 problem details object." });

import { readFileSync } from "node:fs";
import path from "node:path";
import { problems } from "../core/problem.ts";
import { releaseFeedSchema, type ReleaseFeedSource } from "./release-feed-schema.ts";

function fieldPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((acc, s) => (typeof s === "number" ? `${acc}[${s}]` : acc ? `${acc}.${String(s)}` : String(s)), "");
}

/**
 * Reads and validates the authored release feed. Every problem is reported with the path of the
 * bad field (e.g. `platforms[2].status`), in the `errors` extension and in the detail text.
 */
export function loadReleaseFeed(file: string): ReleaseFeedSource {
  const name = path.basename(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (cause) {
    throw problems.invalidReleaseFeed(`${name}: ${(cause as Error).message}`, { cause });
  }
  const parsed = releaseFeedSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ pointer: fieldPath(issue.path), detail: issue.message }));
  throw problems.invalidReleaseFeed(`${name}: ${errors.map((e) => `${e.pointer || "(root)"}: ${e.detail}`).join("; ")}`, {
    extensions: { errors },
  });
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { httpProblemTypes } from "../../src/core/problem-types.ts";
import { projectRoot } from "../helpers/paths.ts";

/** Problem types only the command line reports (import, build, configuration, member management). */
const cliOnly = new Set([
  "dat-syntax",
  "dat-read-failed",
  "source-not-found",
  "no-dat-files",
  "invalid-platform-data",
  "invalid-release-feed",
  "invalid-configuration",
  "catalog-not-imported",
  "catalog-schema-mismatch",
  "identity-schema-mismatch",
  "member-exists",
  "invalid-member",
  "usage",
  "no-server",
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
}

describe("problem type documentation", () => {
  it("documents every problem type the HTTP API can answer with", () => {
    const used = new Set<string>();
    for (const file of sources(path.join(projectRoot, "src"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/new Problem\(\{[^}]*?type:\s*"([a-z0-9-]+)"/gs)) used.add(m[1] ?? "");
      for (const m of text.matchAll(/"(unauthorized|insufficient-scope|invalid-request)"/g)) used.add(m[1] ?? "");
    }
    const undocumented = [...used].filter((t) => !httpProblemTypes[t] && !cliOnly.has(t));
    expect(undocumented).toEqual([]);
    expect(used.size).toBeGreaterThan(10);
  });
});

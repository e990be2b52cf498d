import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { projectRoot } from "../helpers/paths.ts";

interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly {
    readonly ruleId: string;
    readonly severity: string;
    readonly message: string;
    readonly location?: readonly { readonly pointer?: string }[];
  }[];
}

describe("openapi.json", () => {
  it("passes redocly lint with the recommended rules (redocly.yaml) without an error", () => {
    const file = path.join(inject("sampleCatalog").buildDir, "static", "openapi.json");
    const run = spawnSync(
      process.execPath,
      [
        path.join(projectRoot, "node_modules", "@redocly", "cli", "bin", "cli.js"),
        "lint",
        file,
        "--config",
        path.join(projectRoot, "redocly.yaml"),
        "--format=json",
      ],
      {
        cwd: projectRoot,
        encoding: "utf8",
        // Offline: no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        timeout: 60_000,
      },
    );
    const report = JSON.parse(run.stdout) as LintReport;
    const errors = report.problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId} at ${p.location?.[0]?.pointer ?? "?"}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.status, run.stderr).toBe(0);
  });
});

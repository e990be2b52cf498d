#!/usr/bin/env node
// The CLI is TypeScript run through Node's type stripping (on by default from Node 22.18/23.6).
// Older supported Nodes (>= 22.12) need the flag, so re-run this file with it.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

if (process.features.typescript) {
  const { main } = await import("./cli/main.ts");
  process.exitCode = await main(process.argv.slice(2));
} else {
  const result = spawnSync(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings=ExperimentalWarning", fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exitCode = result.status ?? 1;
}

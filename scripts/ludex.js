#!/usr/bin/env -S node --max-semi-space-size=16 --max-old-space-size=640
// The ludex CLI. It is TypeScript run through Node's type stripping, and it wants two V8 heap
// limits that keep the server's resident memory in check under load. On a large machine V8 lets
// the young generation grow to ~130 MB, and it lets old-generation garbage pile up towards a
// multi-gigabyte limit before a full collection (measured: RSS 380 → 965 MB in 20 s of MCP
// traffic, with ~200 MB live). A 16 MB young generation and a 640 MB old generation fix both:
// room for the full catalog's live heap twice over, as during a catalog reload. Flags must be on
// the node command line: the shebang above passes them (`npx ludex`), as does `npm start`; run
// any other way without them, this file re-executes itself with them, which costs a second Node
// start (~0.1 s of `ludex serve`'s time to ready).
import { spawnSync } from "node:child_process";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const flags = ["--max-semi-space-size=16", "--max-old-space-size=640"];
if (!process.features.typescript) flags.push("--experimental-strip-types", "--no-warnings=ExperimentalWarning");
const missing = flags.filter((flag) => !process.execArgv.includes(flag));

if (missing.length === 0 || process.env.LUDEX_REEXEC === "1") {
  // V8's code cache and the type-stripped sources, kept on disk between runs ($NODE_COMPILE_CACHE,
  // else the OS temp directory): a third of `ludex serve`'s start-up was compiling modules.
  module.enableCompileCache?.();
  // The bundle `ludex build` writes, while no source has changed since (scripts/cli/cli-bundle.ts);
  // LUDEX_CLI_BUNDLE=off runs the sources always.
  const { freshCliBundle } = await import("./cli/cli-bundle.ts");
  const bundle = process.env.LUDEX_CLI_BUNDLE === "off" ? undefined : freshCliBundle(path.dirname(import.meta.dirname));
  const sources = () => import("./cli/main.ts");
  // A bundle removed since the check (`rm -rf dist`) leaves the sources, which still run.
  const { main } = bundle
    ? await import(pathToFileURL(bundle).href).catch((error) => {
        if (error?.code === "ERR_MODULE_NOT_FOUND") return sources();
        throw error;
      })
    : await sources();
  process.exitCode = await main(process.argv.slice(2));
} else {
  const args = [...process.execArgv, ...missing, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const env = { ...process.env, LUDEX_REEXEC: "1" };
  if (typeof process.execve === "function") {
    // Same pid: signals (SIGTERM for a graceful shutdown) reach the server directly.
    process.execve(process.execPath, [process.execPath, ...args], env);
  } else {
    const result = spawnSync(process.execPath, args, { stdio: "inherit", env });
    process.exitCode = result.status ?? 1;
  }
}

#!/usr/bin/env node
// The ludex CLI: TypeScript run through Node's type stripping. The servers run with two V8 heap
// limits (scripts/cli/node-flags.js; docs/performance.md, "Heap limits of the `ludex` CLI"), the
// other commands with V8's own sizing. Flags must be on the node command line: `npm start` passes
// the servers'; a server started any other way (`npx ludex serve`) re-executes itself with them.
import { spawnSync } from "node:child_process";
import module from "node:module";
import { fileURLToPath } from "node:url";
import { heapFlagsFor } from "./cli/node-flags.js";

const heap = heapFlagsFor(process.argv[2] ?? "");
const flags = [...heap];
if (!process.features.typescript) flags.push("--experimental-strip-types", "--no-warnings=ExperimentalWarning");
const missing = flags.filter((flag) => !process.execArgv.includes(flag));

if (missing.length === 0 || process.env.LUDEX_REEXEC === "1") {
  // V8's code cache and the type-stripped sources, kept on disk between runs ($NODE_COMPILE_CACHE,
  // else the OS temp directory): compiling modules was a third of `ludex serve`'s start-up.
  module.enableCompileCache?.();
  const { main } = await import("./cli/main.ts");
  process.exitCode = await main(process.argv.slice(2));
} else {
  // Heap sizes given for a server on the command line give way to its limits.
  const isHeapFlag = (flag) => flag.startsWith("--max-semi-space-size=") || flag.startsWith("--max-old-space-size=");
  const kept = process.execArgv.filter((flag) => heap.length === 0 || !isHeapFlag(flag));
  const args = [...kept, ...flags.filter((flag) => !kept.includes(flag)), fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const env = { ...process.env, LUDEX_REEXEC: "1" };
  if (typeof process.execve === "function") {
    // Same pid: signals (SIGTERM for a graceful shutdown) reach the server directly.
    process.execve(process.execPath, [process.execPath, ...args], env);
  } else {
    const result = spawnSync(process.execPath, args, { stdio: "inherit", env });
    process.exitCode = result.status ?? 1;
  }
}

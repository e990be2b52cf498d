#!/usr/bin/env -S node --max-semi-space-size=16 --max-old-space-size=640
// The ludex CLI: TypeScript run through Node's type stripping, with the two V8 heap limits that
// keep a server's resident memory in check under load (docs/performance.md, "Heap limits of the
// `ludex` CLI"). Flags must be on the node command line: the shebang above passes them
// (`npx ludex`), as does `npm start`; run any other way, this file re-executes itself with them.
import { spawnSync } from "node:child_process";
import module from "node:module";
import { fileURLToPath } from "node:url";

const flags = ["--max-semi-space-size=16", "--max-old-space-size=640"];
if (!process.features.typescript) flags.push("--experimental-strip-types", "--no-warnings=ExperimentalWarning");
const missing = flags.filter((flag) => !process.execArgv.includes(flag));

if (missing.length === 0 || process.env.LUDEX_REEXEC === "1") {
  // V8's code cache and the type-stripped sources, kept on disk between runs ($NODE_COMPILE_CACHE,
  // else the OS temp directory): compiling modules was a third of `ludex serve`'s start-up.
  module.enableCompileCache?.();
  const { main } = await import("./cli/main.ts");
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

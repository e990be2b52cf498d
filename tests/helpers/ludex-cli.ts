import { spawnSync } from "node:child_process";
import path from "node:path";
import { projectRoot } from "./paths.ts";

/** Runs `ludex <args>` from the project's sources and waits: its exit status, standard output and error. */
export function ludex(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "scripts", "ludex.js"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../helpers/paths.ts";

/**
 * V8's pretenuring trace lines from a fresh Node running literals that all survive (what V8
 * pretenures), with or without the server's heap tuning first.
 */
function pretenuringTrace(tuned: boolean): string[] {
  const module = pathToFileURL(path.join(projectRoot, "src", "server", "server-heap.ts")).href;
  const script = `
    ${tuned ? `(await import(${JSON.stringify(module)})).tuneServerHeap();` : ""}
    const kept = [];
    const make = (i) => ({ i, tags: [i, i + 1] });
    for (let i = 0; i < 2_000_000; i++) kept.push(make(i));
    console.log(kept.length);`;
  const run = spawnSync(process.execPath, ["--trace-pretenuring-statistics", "--input-type=module", "-e", script], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain("2000000");
  return run.stdout.split("\n").filter((line) => line.includes("pretenuring:"));
}

describe("tuneServerHeap", () => {
  it("turns off V8's allocation-site pretenuring: no feedback is weighed, where an untuned process weighs its sites", () => {
    // Whether an untuned process goes as far as tenuring a site varies from run to run; that it weighs them does not.
    expect(pretenuringTrace(false).some((line) => line.includes("AllocationSite"))).toBe(true);
    expect(pretenuringTrace(true)).toEqual([]);
  });
});

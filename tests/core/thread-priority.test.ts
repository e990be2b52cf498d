import { getPriority } from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

const linux = process.platform === "linux";

describe.skipIf(!linux)("lowerThreadPriority", () => {
  it("lowers the calling worker thread to the lowest priority and leaves the process's main thread as it was", async () => {
    const before = getPriority(0);
    const moduleUrl = new URL("../../src/core/thread-priority.ts", import.meta.url).href;
    const worker = new Worker(
      `import(${JSON.stringify(moduleUrl)}).then(({ lowerThreadPriority }) => require("node:worker_threads").parentPort.postMessage(lowerThreadPriority()));`,
      { eval: true },
    );
    const priority = await new Promise<unknown>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(priority).toBe(19);
    expect(getPriority(0)).toBe(before);
    expect(getPriority(process.pid)).toBe(before);
  });
});

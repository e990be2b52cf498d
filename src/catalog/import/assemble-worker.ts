import { workerData } from "node:worker_threads";
import type { AssembleWorkerAnswer, AssembleWorkerData } from "./assemble-pool.ts";
import { assemblePlatform } from "./assemble-platform.ts";

/**
 * The worker thread of `ludex import` (src/catalog/import/assemble-pool.ts): takes the next job
 * nobody has taken through the shared counter, assembles it, answers it on `port` and counts it
 * in `answered`, until none is left. The port stays open: this thread's last answers must reach
 * the import.
 */
const { jobs, port, next, answered } = workerData as AssembleWorkerData;
for (;;) {
  const index = Atomics.add(next, 0, 1);
  const job = jobs[index];
  if (!job) break;
  let answer: AssembleWorkerAnswer;
  try {
    answer = { index, result: assemblePlatform(job) };
  } catch {
    answer = { index, failed: true };
  }
  port.postMessage(answer);
  Atomics.add(answered, 0, 1);
  Atomics.notify(answered, 0);
}

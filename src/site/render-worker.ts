import { workerData } from "node:worker_threads";
import { renderPlatform, type PlatformJob } from "./render-platform.ts";
import type { RenderAnswer, RenderWorkerData } from "./render-pool.ts";

/**
 * The worker thread of the page build (src/site/render-pool.ts): takes the jobs nobody has taken
 * yet through the shared counter, renders them, answers each on `port` and counts it in
 * `finished`; jobs the build adds later arrive as messages.
 */
const { jobs, port, next, finished } = workerData as RenderWorkerData;
const known: PlatformJob[] = [...jobs];

function renderAvailable(): void {
  for (;;) {
    const index = Atomics.load(next, 0);
    const job = known[index];
    if (!job) return;
    if (Atomics.compareExchange(next, 0, index, index + 1) !== index) continue;
    let answer: RenderAnswer;
    try {
      answer = { index, result: renderPlatform(job) };
    } catch (error) {
      answer = { index, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
    Atomics.add(finished, 0, 1);
    Atomics.notify(finished, 0);
  }
}

port.on("message", (job: PlatformJob) => {
  known.push(job);
  renderAvailable();
});
renderAvailable();

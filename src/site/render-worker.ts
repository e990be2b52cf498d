import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { renderPlatform, type PlatformJob, type PlatformJobResult } from "./render-platform.ts";

/**
 * A worker thread of the page build (src/site/build-site.ts): renders its share of the
 * platforms and posts the results on `port`, then raises `done` for the waiting build.
 */
interface RenderWorkerData {
  readonly jobs: readonly PlatformJob[];
  readonly port: MessagePort;
  /** Int32Array over a SharedArrayBuffer: 1 when finished (2 on error), for Atomics.wait. */
  readonly done: Int32Array;
}

const { jobs, port, done } = workerData as RenderWorkerData;
try {
  const results: PlatformJobResult[] = jobs.map(renderPlatform);
  port.postMessage({ results });
  Atomics.store(done, 0, 1);
} catch (error) {
  port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  Atomics.store(done, 0, 2);
}
Atomics.notify(done, 0);
parentPort?.close();

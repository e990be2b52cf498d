import { workerData } from "node:worker_threads";
import { writeDocumentTask } from "../catalog/build/build-catalog.ts";
import { openCatalogDb } from "../catalog/db/catalog-db.ts";
import { runPlatformJob } from "./platform-job.ts";
import type { PlatformWorkerAnswer, PlatformWorkerData } from "./platform-pool.ts";

/**
 * The worker thread of `ludex build` (src/pipeline/platform-pool.ts): takes the next job nobody has
 * taken through the shared counter (a platform, then a document), runs it, answers it on `port` and counts it in `finished`,
 * until none is left. The port stays open: this thread's last answers must reach the build.
 */
const { context, tasks, documents, order, port, next, finished } = workerData as PlatformWorkerData;
const db = openCatalogDb(context.settings.dbFile, { readonly: true });
try {
  for (;;) {
    const index = order[Atomics.add(next, 0, 1)];
    const task = index === undefined ? undefined : tasks[index];
    const document = index === undefined ? undefined : documents[index - tasks.length];
    if (index === undefined || (!task && !document)) break;
    let answer: PlatformWorkerAnswer;
    try {
      answer = task
        ? { index, output: runPlatformJob(db, context, task) }
        : { index, document: document && writeDocumentTask(context.settings, document) };
    } catch (error) {
      answer = { index, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
    Atomics.add(finished, 0, 1);
    Atomics.notify(finished, 0);
  }
} finally {
  db.close();
}

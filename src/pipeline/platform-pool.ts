import path from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { type DocumentTask, type PlatformTask, writeDocumentTask } from "../catalog/build/build-catalog.ts";
import type { BuiltDocument } from "../catalog/build/manifest.ts";
import { openCatalogDb } from "../catalog/db/catalog-db.ts";
import { type PlatformJobContext, type PlatformJobOutput, runPlatformJob } from "./platform-job.ts";

const platformWorkerFile = path.join(import.meta.dirname, "platform-worker.ts");

/** What the worker starts with (src/pipeline/platform-worker.ts). */
export interface PlatformWorkerData {
  readonly context: PlatformJobContext;
  readonly tasks: readonly PlatformTask[];
  /** Documents to write once the platforms are taken: job `tasks.length + i` is `documents[i]`. */
  readonly documents: readonly DocumentTask[];
  /** Job numbers (indexes into `tasks`, then the documents'), in the order the jobs are taken. */
  readonly order: readonly number[];
  readonly port: MessagePort;
  /** Int32Array over a SharedArrayBuffer: the position in `order` of the next job nobody has taken yet. */
  readonly next: Int32Array;
  /** Int32Array over a SharedArrayBuffer: how many jobs the worker has finished (answered). */
  readonly finished: Int32Array;
}

/** What the worker posts back for each job it took. */
export interface PlatformWorkerAnswer {
  readonly index: number;
  readonly output?: PlatformJobOutput;
  readonly document?: BuiltDocument;
  readonly error?: string;
}

/** The platforms' outputs in the order of their tasks, and the documents' in theirs. */
export interface PlatformJobsOutput {
  readonly platforms: PlatformJobOutput[];
  readonly documents: BuiltDocument[];
}

/** How long the build waits for a worker that finishes nothing before it gives up on it. */
const WORKER_STALL_MS = 10 * 60 * 1000;

/**
 * From this many records to build or render, a worker thread takes its share of the platforms (a
 * full build: ~140,000); fewer are not worth its start-up.
 */
const WORKER_MIN_RECORDS = 20_000;

/** The records a task's job may have to build or render: none for a platform whose files and pages are kept. */
function workOf(task: PlatformTask, context: PlatformJobContext): number {
  if (!task.reuse) return task.records;
  return context.site && context.site.keys[task.info.slug] === undefined ? task.records : 0;
}

/**
 * Runs the platform jobs of a build ({@link runPlatformJob}) on this thread and one worker thread,
 * largest platform first, then writes `documents` ({@link writeDocumentTask}): both threads take
 * the next job through one shared counter (Atomics.add), so no job runs twice and neither thread
 * waits while jobs are left; the thread that runs out of platforms first compresses the documents
 * while the other finishes its last platform. Synchronous like the rest of the build: the
 * worker's results come back through receiveMessageOnPort, the wait for its last job is
 * Atomics.wait. Each thread reads the database through its own connection.
 */
export function runPlatformJobs(
  dbFile: string,
  context: PlatformJobContext,
  tasks: readonly PlatformTask[],
  workerMinRecords = WORKER_MIN_RECORDS,
  documents: readonly DocumentTask[] = [],
): PlatformJobsOutput {
  const order = tasks.map((_, i) => i).sort((a, b) => (tasks[b]?.records ?? 0) - (tasks[a]?.records ?? 0) || a - b);
  for (let i = 0; i < documents.length; i++) order.push(tasks.length + i);
  const work = tasks.reduce((n, task) => n + workOf(task, context), 0);
  const db = openCatalogDb(dbFile, { readonly: true });
  const results: (PlatformJobOutput | undefined)[] = new Array(tasks.length);
  const built: (BuiltDocument | undefined)[] = new Array(documents.length);
  let worker: Worker | undefined;
  let port: MessagePort | undefined;
  try {
    const next = new Int32Array(new SharedArrayBuffer(4));
    const finished = new Int32Array(new SharedArrayBuffer(4));
    if (work >= workerMinRecords && tasks.length >= 2) {
      const channel = new MessageChannel();
      const workerData: PlatformWorkerData = { context, tasks, documents, order, port: channel.port2, next, finished };
      worker = new Worker(platformWorkerFile, { workerData, transferList: [channel.port2] });
      // A build that fails on this thread must not be kept alive by the worker.
      worker.unref();
      port = channel.port1;
    }
    let mine = 0;
    for (;;) {
      const index = order[Atomics.add(next, 0, 1)];
      if (index === undefined) break;
      const task = tasks[index];
      const document = documents[index - tasks.length];
      if (task) results[index] = runPlatformJob(db, context, task);
      else if (document) built[index - tasks.length] = writeDocumentTask(context.settings, document);
      mine++;
    }
    if (worker && port) {
      const theirs = order.length - mine;
      for (let done = Atomics.load(finished, 0); done < theirs; done = Atomics.load(finished, 0)) {
        if (Atomics.wait(finished, 0, done, WORKER_STALL_MS) === "timed-out")
          throw new Error(
            `the build stalled: the worker finished ${done} of its ${theirs} platforms in ${WORKER_STALL_MS / 60_000} minutes`,
          );
      }
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        const answer = message.message as PlatformWorkerAnswer;
        if (answer.error !== undefined) throw new Error(`building a platform failed in the worker: ${answer.error}`);
        if (answer.index < tasks.length) results[answer.index] = answer.output;
        else built[answer.index - tasks.length] = answer.document;
      }
    }
    return {
      platforms: results.map((r, i) => {
        if (!r) throw new Error(`the build lost the platform ${tasks[i]?.info.slug}`);
        return r;
      }),
      documents: built.map((d, i) => {
        if (!d) throw new Error(`the build lost the document ${documents[i]?.input.name}`);
        return d;
      }),
    };
  } finally {
    port?.close();
    void worker?.terminate();
    db.close();
  }
}

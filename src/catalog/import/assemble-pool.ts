import path from "node:path";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { type AssembledPlatform, assemblePlatform, type PlatformFiles } from "./assemble-platform.ts";

const assembleWorkerFile = path.join(import.meta.dirname, "assemble-worker.ts");

/** What the worker starts with (src/catalog/import/assemble-worker.ts). */
export interface AssembleWorkerData {
  readonly jobs: readonly PlatformFiles[];
  readonly port: MessagePort;
  /** Int32Array over a SharedArrayBuffer: the next job nobody has taken yet. */
  readonly next: Int32Array;
  /** Int32Array over a SharedArrayBuffer: how many jobs the worker has answered. */
  readonly answered: Int32Array;
}

/** What the worker posts back for each job it took. */
export interface AssembleWorkerAnswer {
  readonly index: number;
  readonly result?: AssembledPlatform;
  /** The job failed; the import assembles it again on its own thread, to throw that error itself. */
  readonly failed?: true;
}

/** How long the import waits for a worker that answers nothing before it gives up on it. */
const WORKER_STALL_MS = 10 * 60 * 1000;

/**
 * From this many bytes of DATs to read, a worker thread takes its share of the platforms (the
 * full libretro-database: ~100 MB); fewer are not worth its start-up.
 */
export const ASSEMBLE_WORKER_MIN_BYTES = 8_000_000;

/**
 * Assembles each platform ({@link assemblePlatform}) on this thread and one worker thread, and
 * hands the results to `write` in the order of `jobs`, on this thread: the database has one
 * writer, and game ids are given in that order. Both threads take the next job through one
 * shared counter (Atomics.add), so no job runs twice; this thread writes each result as soon as
 * its turn comes and assembles a job itself while the next result is not ready. Synchronous, as
 * the import's transaction is: the worker's results come back through receiveMessageOnPort, a wait
 * for one is Atomics.wait.
 * @param bytes the size of the jobs' files, which decides whether a worker is worth starting.
 * @returns how many of the jobs the worker assembled.
 */
export function assemblePlatforms(
  jobs: readonly PlatformFiles[],
  bytes: number,
  write: (index: number, result: AssembledPlatform) => void,
  workerMinBytes = ASSEMBLE_WORKER_MIN_BYTES,
): number {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const answered = new Int32Array(new SharedArrayBuffer(4));
  let worker: Worker | undefined;
  let port: MessagePort | undefined;
  if (bytes >= workerMinBytes && jobs.length >= 2) {
    const channel = new MessageChannel();
    const workerData: AssembleWorkerData = { jobs, port: channel.port2, next, answered };
    worker = new Worker(assembleWorkerFile, { workerData, transferList: [channel.port2] });
    // An import that fails on this thread must not be kept alive by the worker.
    worker.unref();
    port = channel.port1;
  }
  const ready = new Map<number, AssembledPlatform>();
  let byWorker = 0;
  const receive = (): void => {
    for (let message = port && receiveMessageOnPort(port); message; message = port && receiveMessageOnPort(port)) {
      const answer = message.message as AssembleWorkerAnswer;
      const job = jobs[answer.index];
      if (!job) continue;
      if (answer.result) byWorker++;
      ready.set(answer.index, answer.result ?? assemblePlatform(job));
    }
  };
  try {
    for (let turn = 0; turn < jobs.length; ) {
      receive();
      const result = ready.get(turn);
      if (result) {
        ready.delete(turn);
        write(turn, result);
        turn++;
        continue;
      }
      const index = Atomics.add(next, 0, 1);
      const job = jobs[index];
      if (job) {
        ready.set(index, assemblePlatform(job));
        continue;
      }
      // Every job is taken and this turn's is the worker's: wait for its next answer.
      const seen = Atomics.load(answered, 0);
      receive();
      if (ready.has(turn)) continue;
      if (!worker) throw new Error(`the import lost the platform ${jobs[turn]?.platform.slug}`);
      if (Atomics.wait(answered, 0, seen, WORKER_STALL_MS) === "timed-out")
        throw new Error(`the import stalled: the worker answered nothing in ${WORKER_STALL_MS / 60_000} minutes`);
    }
    return byWorker;
  } finally {
    port?.close();
    void worker?.terminate();
  }
}

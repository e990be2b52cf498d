import path from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { renderPlatform, type PlatformJob, type PlatformJobResult } from "./render-platform.ts";

const renderWorkerFile = path.join(import.meta.dirname, "render-worker.ts");

/** What the worker posts back for each job it took (src/site/render-worker.ts). */
export interface RenderAnswer {
  readonly index: number;
  readonly result?: PlatformJobResult;
  readonly error?: string;
}

/** What a render worker starts with. */
export interface RenderWorkerData {
  readonly jobs: readonly PlatformJob[];
  readonly port: MessagePort;
  /** Int32Array over a SharedArrayBuffer: the index of the next job nobody has taken yet. */
  readonly next: Int32Array;
  /** Int32Array over a SharedArrayBuffer: how many jobs the worker has finished (answered). */
  readonly finished: Int32Array;
}

/** How long the build waits for a worker that finishes nothing before it gives up on it. */
const WORKER_STALL_MS = 10 * 60 * 1000;

/**
 * Renders platforms' pages on this thread and one worker thread, sharing the work as it comes:
 * the build adds a platform as soon as its shard is written, the worker (started once the added
 * platforms hold `workerMinGames` games) renders it while this thread goes on building the next
 * ones, and {@link finish} renders on this thread whatever the worker has not taken yet, then
 * waits for the worker's last job. Both threads take jobs through one shared counter
 * (Atomics.compareExchange), so no job is rendered twice. Synchronous like the rest of the
 * build: results come back through receiveMessageOnPort, the wait is Atomics.wait.
 */
export class RenderPool {
  private readonly jobs: PlatformJob[] = [];
  private readonly workerMinGames: number;
  private games = 0;
  private worker: Worker | undefined;
  private port: MessagePort | undefined;
  private readonly next = new Int32Array(new SharedArrayBuffer(4));
  private readonly finished = new Int32Array(new SharedArrayBuffer(4));

  constructor(workerMinGames: number) {
    this.workerMinGames = workerMinGames;
  }

  add(job: PlatformJob): void {
    this.jobs.push(job);
    this.games += job.built.games;
    if (this.port) this.port.postMessage(job);
    else if (this.games >= this.workerMinGames && this.jobs.length >= 2) this.startWorker();
  }

  /** Renders what is left and returns every job's result, in the order the jobs were added. */
  finish(): PlatformJobResult[] {
    if (!this.worker || !this.port) return this.jobs.map(renderPlatform);
    const results: (PlatformJobResult | undefined)[] = new Array(this.jobs.length);
    let mine = 0;
    for (;;) {
      const index = Atomics.add(this.next, 0, 1);
      const job = this.jobs[index];
      if (!job) break;
      results[index] = renderPlatform(job);
      mine++;
    }
    const theirs = this.jobs.length - mine;
    for (let done = Atomics.load(this.finished, 0); done < theirs; done = Atomics.load(this.finished, 0)) {
      if (Atomics.wait(this.finished, 0, done, WORKER_STALL_MS) === "timed-out")
        throw new Error(
          `page rendering stalled: the worker finished ${done} of its ${theirs} platforms in ${WORKER_STALL_MS / 60_000} minutes`,
        );
    }
    for (let message = receiveMessageOnPort(this.port); message; message = receiveMessageOnPort(this.port)) {
      const answer = message.message as RenderAnswer;
      if (answer.error !== undefined) throw new Error(`page rendering failed in the worker: ${answer.error}`);
      results[answer.index] = answer.result;
    }
    return results.map((r, i) => {
      if (!r) throw new Error(`page rendering lost the platform ${this.jobs[i]?.entry.id}`);
      return r;
    });
  }

  /** Stops the worker (after {@link finish}, or when the build fails before it). */
  close(): void {
    this.port?.close();
    void this.worker?.terminate();
  }

  private startWorker(): void {
    const { port1, port2 } = new MessageChannel();
    const workerData: RenderWorkerData = { jobs: this.jobs, port: port2, next: this.next, finished: this.finished };
    this.worker = new Worker(renderWorkerFile, { workerData, transferList: [port2] });
    // A build that fails before finish() must not be kept alive by an idle worker.
    this.worker.unref();
    this.port = port1;
  }
}

import { writeSync } from "node:fs";

/** A line sink for pino: lines are queued and written to a file descriptor in batches. */
export interface BatchedWriter {
  write(line: string): boolean;
  /** Writes every queued line now (on stop and on exit). */
  flushSync(): void;
}

export interface BatchedWriterOptions {
  /** A batch is written once this many characters have gathered... */
  readonly batchChars: number;
  /** ...or this long after its first line, so that a quiet process's lines still appear at once. */
  readonly batchMs: number;
}

/** Writes all of `bytes`, retrying while a non-blocking pipe is full. */
function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}

/**
 * Queues lines in memory and writes them to `fd` with one write per batch. Written by hand rather
 * than with pino's SonicBoom destination, whose per-line bookkeeping measured ~3 µs a line (a
 * tenth of an id lookup) where this queue costs an array push, and whose asynchronous mode can
 * leave a write in flight at exit. The write itself is synchronous, as pino's default is: lines
 * stay in order, and what `flushSync` or the exit handler writes is on the descriptor when the
 * process ends. Only a `kill -9` loses lines: the batch not yet written.
 */
export function createBatchedWriter(fd: number, options: BatchedWriterOptions): BatchedWriter {
  let queue: string[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;

  const flushSync = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const bytes = Buffer.from(queue.join(""));
    queue = [];
    queued = 0;
    writeAll(fd, bytes);
  };

  return {
    write(line) {
      queue.push(line);
      queued += line.length;
      if (queued >= options.batchChars) flushSync();
      else if (!timer) {
        timer = setTimeout(flushSync, options.batchMs);
        timer.unref();
      }
      return true;
    },
    flushSync,
  };
}

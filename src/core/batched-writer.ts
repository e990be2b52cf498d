import { writeSync } from "node:fs";

/** A line sink for pino: lines are gathered and written to a file descriptor in batches. */
export interface BatchedWriter {
  write(line: string): boolean;
  /** Writes every gathered line now (on stop and on exit). */
  flushSync(): void;
}

export interface BatchedWriterOptions {
  /** The batch's size: it is written once the next line might not fit... */
  readonly batchBytes: number;
  /** ...or this long after its first line, so that a quiet process's lines still appear at once. */
  readonly batchMs: number;
}

/** Writes all of `bytes`, retrying while a non-blocking pipe is full. */
function writeAll(fd: number, bytes: Uint8Array): void {
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

/** The most UTF-8 bytes one UTF-16 code unit can take (a surrogate pair is 4 bytes for 2 units). */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Encodes each line into one buffer as it comes and writes the buffer to `fd` with one write per
 * batch. Written by hand rather than with pino's SonicBoom destination, whose per-line bookkeeping
 * showed in the request log's cost (docs/performance.md), and whose asynchronous mode can leave a write in
 * flight at exit. Encoding at once, rather than queueing strings to join later, copies each line
 * while it is still in cache and leaves nothing for the young generation to keep: the queue and
 * its join were a large part of the request log's cost in a server's profile. The write
 * itself is synchronous, as pino's default is: lines stay in order, and what `flushSync` or the
 * exit handler writes is on the descriptor when the process ends. Only a `kill -9` loses lines:
 * the batch not yet written.
 */
export function createBatchedWriter(fd: number, options: BatchedWriterOptions): BatchedWriter {
  const batch = Buffer.allocUnsafeSlow(options.batchBytes);
  let used = 0;
  let timer: NodeJS.Timeout | undefined;

  const flushSync = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (used === 0) return;
    const bytes = batch.subarray(0, used);
    used = 0;
    writeAll(fd, bytes);
  };

  return {
    write(line) {
      if (used + line.length * MAX_BYTES_PER_UNIT > batch.length) {
        flushSync();
        if (line.length * MAX_BYTES_PER_UNIT > batch.length) {
          writeAll(fd, Buffer.from(line, "utf8"));
          return true;
        }
      }
      used += batch.write(line, used, "utf8");
      if (!timer) {
        timer = setTimeout(flushSync, options.batchMs);
        timer.unref();
      }
      return true;
    },
    flushSync,
  };
}

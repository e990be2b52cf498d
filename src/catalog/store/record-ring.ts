import { readSync } from "node:fs";

/**
 * Recently read records, kept off the JavaScript heap: their bytes in one ring buffer, where each
 * lives by its slot in typed arrays, the oldest making room for the newest (first in, first out).
 */
export interface RecordRing {
  /**
   * The `length` bytes at `position` in file `fd`, read on a miss, as a string of one char per
   * byte (`Buffer.from(s, "latin1")` gives the bytes back): a fresh copy, so that a ring that later
   * reuses the bytes' place cannot change an answer still being written.
   */
  read(slot: number, fd: number, position: number, length: number): string;
}

/**
 * A ring of `bytes` for records numbered 0 to `slots - 1`. An LRU cache of Buffers (lru-cache)
 * served this before: under traffic spread over the catalog, its entries lived long enough to be
 * promoted and then died old, so V8's full collections and the ArrayBuffers' sweeping showed in the
 * server's profile (docs/performance.md), and every miss allocated a backing store.
 * A ring holds nothing V8 traces. First in, first out instead of least recently used: a popular
 * record pushed out is read again once per pass of the ring (`bytes` of other misses).
 */
export function createRecordRing(slots: number, bytes: number): RecordRing {
  const ring = Buffer.allocUnsafeSlow(bytes);
  /** Where each slot's bytes start in the ring; -1 when it holds none. */
  const start = new Int32Array(slots).fill(-1);
  const size = new Int32Array(slots);
  /** The cached slots, oldest first: a circular queue (each slot is in it at most once). */
  const queue = new Int32Array(slots);
  let oldest = 0;
  let queued = 0;
  /** Where the next record goes. */
  let head = 0;

  const evictOldest = (): void => {
    const slot = queue[oldest] as number;
    start[slot] = -1;
    oldest = oldest + 1 === slots ? 0 : oldest + 1;
    queued--;
  };

  /** Frees [at, at + length): the records there are the oldest, and after a wrap, so are those past the old head. */
  const makeRoom = (at: number, length: number, wrapped: boolean): void => {
    const end = at + length;
    while (queued > 0) {
      const front = start[queue[oldest] as number] as number;
      const inTheWay = wrapped ? front >= head || front < end : front >= at && front < end;
      if (!inTheWay) return;
      evictOldest();
    }
  };

  return {
    read(slot, fd, position, length) {
      const cached = start[slot] as number;
      if (cached >= 0) return ring.toString("latin1", cached, cached + (size[slot] as number));
      if (length > bytes >>> 4) {
        const body = Buffer.allocUnsafe(length);
        readExactly(fd, body, 0, length, position);
        return body.toString("latin1");
      }
      const wrapped = head + length > bytes;
      const at = wrapped ? 0 : head;
      makeRoom(at, length, wrapped);
      readExactly(fd, ring, at, length, position);
      head = at + length;
      start[slot] = at;
      size[slot] = length;
      queue[(oldest + queued) % slots] = slot;
      queued++;
      return ring.toString("latin1", at, head);
    },
  };
}

/** Reads exactly `length` bytes; a short read (a truncated file) throws. */
function readExactly(fd: number, into: Buffer, offset: number, length: number, position: number): void {
  const read = readSync(fd, into, offset, length, position);
  if (read !== length) throw new Error(`short read: ${read} of ${length} bytes at ${position}`);
}

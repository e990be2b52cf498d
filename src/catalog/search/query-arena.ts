/** Typed arrays of one kind, handed out as views of one buffer that grows to the largest query's need. */
class Pool<T extends Float64Array | Int32Array | Uint32Array> {
  private buffer: T;
  private used = 0;
  private readonly make: (length: number) => T;

  constructor(make: (length: number) => T) {
    this.make = make;
    this.buffer = make(1 << 12);
  }

  take(length: number): T {
    if (this.used + length > this.buffer.length) {
      // Views handed out before stay valid: they keep the old buffer.
      this.buffer = this.make(Math.max(length, this.buffer.length * 2));
      this.used = 0;
    }
    const view = this.buffer.subarray(this.used, this.used + length) as T;
    this.used += length;
    return view;
  }

  reset(): void {
    this.used = 0;
  }
}

/**
 * Space for one query's intermediate results (each term's matches, their unions and
 * intersections), reused by every query on a searcher. New typed arrays per query were
 * ArrayBuffers outside the heap, and their churn under typed-prefix load (several hundred MB/s)
 * set off a full collection every few tenths of a second, whose pauses and marking steps were the
 * slow end of the latency. Views are not zeroed: a user writes every element it reads.
 * Valid until {@link QueryArena.reset}, which the next query calls (searches are synchronous).
 */
export class QueryArena {
  readonly float64 = new Pool((n) => new Float64Array(n));
  readonly int32 = new Pool((n) => new Int32Array(n));
  readonly uint32 = new Pool((n) => new Uint32Array(n));

  reset(): void {
    this.float64.reset();
    this.int32.reset();
    this.uint32.reset();
  }
}

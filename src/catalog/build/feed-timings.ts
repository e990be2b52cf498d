/**
 * Time a build spends on the change log and the dumps, for `npm run bench:build` to report what
 * they add (src/catalog/changes/, src/catalog/dumps/): each platform job's, summed by the build.
 */
export interface FeedTimings {
  changesMs: number;
  dumpsMs: number;
}

/** Runs `fn`, adding its duration to `timings[key]`. */
export function timed<T>(timings: FeedTimings, key: keyof FeedTimings, fn: () => T): T {
  const started = performance.now();
  try {
    return fn();
  } finally {
    timings[key] += performance.now() - started;
  }
}
